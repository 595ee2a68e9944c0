import { z } from 'zod';
import { DELIVERY_TYPES } from '../catalogue/enums.js';
import { numericField, optionalNumericField } from '../validation/numeric.js';
import { PRICED_BOX_NAMES, packageWeightError } from './weight.js';

/** Upper bounds only stop absurd input (and float overflow); they are not business limits. */
export const PRICING_LIMITS = {
  maxFeeInCents: 100_000_000,
  maxDeclaredValue: 10_000_000,
  maxDimensionInCm: 1000,
  maxWeightInGrams: 10_000_000,
  maxQuantity: 1000,
  maxPackages: 100,
} as const;

const feeInCents = optionalNumericField({ min: 0, max: PRICING_LIMITS.maxFeeInCents, integer: true });
const dimension = optionalNumericField({ min: 0, max: PRICING_LIMITS.maxDimensionInCm });

export const pricingPackageSchema = z.object({
  boxName: z.enum(PRICED_BOX_NAMES),
  heightInCm: dimension,
  lengthInCm: dimension,
  widthInCm: dimension,
  quantity: numericField({ min: 1, max: PRICING_LIMITS.maxQuantity, integer: true }),
  /** Weight of one box of this line. */
  weightInGrams: numericField({ min: 0, max: PRICING_LIMITS.maxWeightInGrams }),
});

/** The spec's pricing request. Weight limits are checked against the default catalogue so forms show them early. */
export const pricingRequestSchema = z
  .object({
    dangerousGoodsFeeInCents: feeInCents,
    declaredInsuranceValue: optionalNumericField({ min: 0, max: PRICING_LIMITS.maxDeclaredValue }),
    deliveryType: z.enum(DELIVERY_TYPES),
    fuelChargeFeeInCents: feeInCents,
    othersFeeInCents: feeInCents,
    packages: z.array(pricingPackageSchema).min(1, 'Add at least one package').max(PRICING_LIMITS.maxPackages),
    promoCode: z
      .string()
      .trim()
      .max(64)
      .nullish()
      .transform((code) => (code ? code.toUpperCase() : null)),
    sizeAdjustmentFeeInCents: feeInCents,
  })
  .superRefine((request, ctx) => {
    request.packages.forEach((p, index) => {
      const message = packageWeightError(p.boxName, p.weightInGrams);
      if (message) ctx.addIssue({ code: 'custom', path: ['packages', index, 'weightInGrams'], message });
    });
  });

export type PricingRequestInput = z.input<typeof pricingRequestSchema>;
export type ParsedPricingRequest = z.output<typeof pricingRequestSchema>;
