import { z } from 'zod';
import { BOX_NAMES, type BoxName } from '../catalogue/enums.js';
import type { PricingConfig } from './config.js';

// Apart from the defaults so that pricing in the browser needs no zod.

const cents = z.number().int('Enter whole centavos').min(0, 'Value must be at least 0');
const positive = z.number().int('Enter a whole number').min(1, 'Value must be at least 1');

const boxConfig = z.object({ basePriceInCents: cents, maxWeightInGrams: positive.nullable() });

/** What staff may store; the server validates an edited config with this before saving it. */
export const pricingConfigSchema = z.object({
  boxes: z.object(Object.fromEntries(BOX_NAMES.map((n) => [n, boxConfig])) as Record<BoxName, typeof boxConfig>),
  boxRatesInCents: z.partialRecord(z.enum(BOX_NAMES), cents),
  ownBoxSurchargeInCents: cents,
  sameDayFeeInCents: cents,
  yourBoxRatePerKgInCents: cents,
  yourBoxMinimumKg: z.number().int().min(0),
  volumetricDivisor: positive,
  insuranceBaseFeeInCents: cents,
  insuranceBaseValueInCents: cents,
  insuranceStepFeeInCents: cents,
  insuranceStepValueInCents: positive,
}) satisfies z.ZodType<PricingConfig>;
