import { z } from 'zod';
import { BOX_NAMES, DISCOUNT_TYPES } from '../catalogue/enums.js';
import { pricingPackageSchema } from '../pricing/schema.js';
import { PRICED_BOX_NAMES } from '../pricing/weight.js';
import { createPromoCodeBody, updatePromoCodeBody } from '../promo/schema.js';
import { pageQuery } from './common.js';

const description = z.string().trim().max(1024, 'At most 1024 characters').nullish();

/** POST /promo-codes: the domain's promo form plus an optional description for admins. */
export const createPromoCodeInput = createPromoCodeBody.safeExtend({ description });
export type CreatePromoCodeInput = z.input<typeof createPromoCodeInput>;
export type ParsedCreatePromoCodeInput = z.output<typeof createPromoCodeInput>;

/** PATCH /promo-codes/{id}: any subset; the server re-checks the merged record. */
export const updatePromoCodeInput = updatePromoCodeBody.safeExtend({ description });
export type UpdatePromoCodeInput = z.input<typeof updatePromoCodeInput>;
export type ParsedUpdatePromoCodeInput = z.output<typeof updatePromoCodeInput>;

export const promoCodeDto = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  type: z.enum(DISCOUNT_TYPES),
  /** Whole percent off (1–100) of a `percentage` code; null for a `flat` one. */
  percentOff: z.number().int().nullable(),
  /** The discount of a `flat` code in centavos (₱50.00 is 5000); null for a `percentage` one. */
  amountInCents: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  usageCount: z.number().int(),
  maxUsage: z.number().int().nullable(),
  maxUsagePerUser: z.number().int().nullable(),
  applicableBoxTypes: z.array(z.enum(BOX_NAMES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromoCodeDto = z.infer<typeof promoCodeDto>;

/** What anyone who knows a code may see of it: no counters. */
export const publicPromoCodeDto = promoCodeDto.pick({
  code: true,
  description: true,
  type: true,
  percentOff: true,
  amountInCents: true,
  startDate: true,
  endDate: true,
  maxUsagePerUser: true,
  applicableBoxTypes: true,
});
export type PublicPromoCodeDto = z.infer<typeof publicPromoCodeDto>;

export const promoCodeListQuery = pageQuery.extend({ search: z.string().trim().max(64).optional() });
export type PromoCodeListQuery = z.infer<typeof promoCodeListQuery>;

export const promoCodeIdParams = z.object({ id: z.uuid('Promo code not found') });

/**
 * POST /promo-codes/verification. Box names come from `boxNames` or, when absent, from `packages`
 * (a null name counts as Large Box); with packages the answer also previews the discount.
 */
export const verifyPromoCodeBody = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter a promo code')
    .max(64)
    .transform((code) => code.toUpperCase()),
  boxNames: z.array(z.enum(PRICED_BOX_NAMES).nullable()).max(100).optional(),
  packages: z.array(pricingPackageSchema).max(100).optional(),
});
export type VerifyPromoCodeInput = z.input<typeof verifyPromoCodeBody>;
export type VerifyPromoCodeBody = z.output<typeof verifyPromoCodeBody>;

export const verifyPromoCodeResultDto = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    promo: publicPromoCodeDto,
    discountPreviewInCents: z.number().int().optional(),
  }),
  z.object({ valid: z.literal(false), message: z.string() }),
]);
export type VerifyPromoCodeResult = z.infer<typeof verifyPromoCodeResultDto>;
