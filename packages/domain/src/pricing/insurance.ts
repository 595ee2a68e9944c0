import { DEFAULT_PRICING_CONFIG, type PricingConfig } from './config.js';

/**
 * ₱10 below ₱500 declared, else ₱10 + ₱5 for each full or partial ₱500 above the first ₱500.
 * Works in cents so that ₱1,000.00 is one step and ₱1,000.01 is two, with no float drift.
 */
export function insuranceFeeInCents(declaredValueInPesos: number, config: PricingConfig = DEFAULT_PRICING_CONFIG): number {
  const declared = Math.max(0, Math.round(declaredValueInPesos * 100));
  const above = Math.max(0, declared - config.insuranceBaseValueInCents);
  const steps = Math.ceil(above / config.insuranceStepValueInCents);
  return config.insuranceBaseFeeInCents + steps * config.insuranceStepFeeInCents;
}
