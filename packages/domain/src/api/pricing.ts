import { z } from 'zod';
import { BOX_NAMES, type BoxName } from '../catalogue/enums.js';
import { pricingConfigSchema } from '../pricing/config-schema.js';
import { pricedPackageDto, pricingResultDto } from '../pricing/result.js';
import { pricingRequestSchema } from '../pricing/schema.js';

/**
 * POST /shipments/calculations and /shipments/pricing-details. The same fields as the spec's pricing
 * request, without the form's weight check against the default catalogue: the server checks weights
 * against the stored (staff-edited) config and answers 422 naming `packages.<i>.weightInGrams`.
 * `receiverProvinceCode` (optional) adds that province's retrieval fee, as the booking will.
 */
export const calculationBody = z.object({
  ...pricingRequestSchema.shape,
  receiverProvinceCode: z
    .string()
    .trim()
    .regex(/^\d{9,10}$/, 'Choose from the list')
    .optional(),
});
export type CalculationInput = z.input<typeof calculationBody>;

/** The spec's pricing result fields (amounts in cents and pesos), without the per-package lines. */
export const calculationResultDto = pricingResultDto.omit({ packages: true });
export type CalculationResult = z.infer<typeof calculationResultDto>;

/** The result plus each package line and its breakdown label ("Box Rate (₱180.00 x 3)"). */
export const pricingDetailsDto = pricingResultDto.extend({
  packages: z.array(pricedPackageDto.extend({ label: z.string() })),
});
export type PricingDetails = z.infer<typeof pricingDetailsDto>;

const boxShapes = pricingConfigSchema.shape.boxes.shape;
const boxesPatch = z.strictObject(
  Object.fromEntries(BOX_NAMES.map((name) => [name, boxShapes[name].partial().optional()])) as {
    [K in BoxName]: z.ZodOptional<ReturnType<(typeof boxShapes)[K]['partial']>>;
  },
);

/**
 * PUT /shipments/pricing/configs: any subset of the config. Boxes merge per box and per field;
 * `boxRatesInCents`, when present, replaces the whole map (so a rate can be removed).
 */
export const pricingConfigPatchBody = z.strictObject({ ...pricingConfigSchema.shape, boxes: boxesPatch }).partial();
export type PricingConfigPatch = z.output<typeof pricingConfigPatchBody>;
