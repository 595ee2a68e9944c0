import type { BoxName } from '../catalogue/enums.js';
import { gramsToKg } from '../catalogue/units.js';
import { DEFAULT_PRICING_CONFIG, type PricingConfig } from './config.js';

/** Cargo is not in the box catalogue: it is a heavy own box and is priced exactly like Your Box. */
export const PRICED_BOX_NAMES = ['Small Box', 'Medium Box', 'Large Box', 'Large Pouch', 'Passport', 'Your Box', 'Cargo'] as const;
export type PricedBoxName = (typeof PRICED_BOX_NAMES)[number];

export const isPricedByWeight = (name: PricedBoxName): name is 'Your Box' | 'Cargo' => name === 'Your Box' || name === 'Cargo';

export interface PackageSize {
  weightInGrams: number;
  lengthInCm?: number;
  widthInCm?: number;
  heightInCm?: number;
}

// Inputs carry at most two decimals, so hundredths are whole numbers and the maths stays exact.
const hundredths = (value: number | undefined) => Math.max(0, Math.round((value ?? 0) * 100));

/**
 * Chargeable kg of one own box: the larger of actual and volumetric weight (L × W × H / 3500),
 * rounded up to a whole kg, never below the minimum (5 kg).
 */
export function chargeableWeightKg(size: PackageSize, config: PricingConfig = DEFAULT_PRICING_CONFIG): number {
  const actualKg = Math.ceil(hundredths(size.weightInGrams) / 100_000);
  const volume = hundredths(size.lengthInCm) * hundredths(size.widthInCm) * hundredths(size.heightInCm);
  const volumetricKg = Math.ceil(volume / (config.volumetricDivisor * 1_000_000));
  return Math.max(actualKg, volumetricKg, config.yourBoxMinimumKg);
}

/** Null when the package fits its box; otherwise the message to show (names box, limit, alternatives). */
export function packageWeightError(boxName: PricedBoxName, weightInGrams: number, config: PricingConfig = DEFAULT_PRICING_CONFIG): string | null {
  if (isPricedByWeight(boxName)) return null;
  const limit = config.boxes[boxName as BoxName].maxWeightInGrams;
  if (limit === null || weightInGrams <= limit) return null;
  return `${boxName} takes up to ${gramsToKg(limit)} kg. For a heavier package choose Your Box or Cargo.`;
}

export class PricingError extends Error {
  constructor(
    readonly code: 'PACKAGE_TOO_HEAVY',
    message: string,
    readonly details: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'PricingError';
  }
}
