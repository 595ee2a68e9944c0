import { BOXES } from '../catalogue/boxes.js';
import type { BoxName } from '../catalogue/enums.js';
import {
  OWN_BOX_SURCHARGE_IN_CENTS,
  SAME_DAY_FEE_IN_CENTS,
  VOLUMETRIC_DIVISOR,
  YOUR_BOX_MINIMUM_KG,
  YOUR_BOX_RATE_PER_KG_IN_CENTS,
} from '../catalogue/units.js';

/**
 * Every number the price depends on. Staff with "manage PricingConfig" edit the stored copy
 * (DECISIONS.md), so the pricing function never reads a constant directly.
 */
export interface PricingConfig {
  boxes: Record<BoxName, { basePriceInCents: number; maxWeightInGrams: number | null }>;
  /** A negotiated per-box price replacing the base price of a catalogue box ("Box Rate"). */
  boxRatesInCents: Partial<Record<BoxName, number>>;
  ownBoxSurchargeInCents: number;
  sameDayFeeInCents: number;
  yourBoxRatePerKgInCents: number;
  yourBoxMinimumKg: number;
  volumetricDivisor: number;
  /** ₱10 covers a declared value up to the first ₱500 ... */
  insuranceBaseFeeInCents: number;
  insuranceBaseValueInCents: number;
  /** ... then ₱5 per full or partial ₱500 above it. */
  insuranceStepFeeInCents: number;
  insuranceStepValueInCents: number;
}

export const DEFAULT_PRICING_CONFIG: PricingConfig = {
  boxes: Object.fromEntries(
    BOXES.map((b) => [b.name, { basePriceInCents: b.basePriceInCents, maxWeightInGrams: b.maxWeightInGrams }]),
  ) as PricingConfig['boxes'],
  boxRatesInCents: {},
  ownBoxSurchargeInCents: OWN_BOX_SURCHARGE_IN_CENTS,
  sameDayFeeInCents: SAME_DAY_FEE_IN_CENTS,
  yourBoxRatePerKgInCents: YOUR_BOX_RATE_PER_KG_IN_CENTS,
  yourBoxMinimumKg: YOUR_BOX_MINIMUM_KG,
  volumetricDivisor: VOLUMETRIC_DIVISOR,
  insuranceBaseFeeInCents: 1000,
  insuranceBaseValueInCents: 50000,
  insuranceStepFeeInCents: 500,
  insuranceStepValueInCents: 50000,
};
