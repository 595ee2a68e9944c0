import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { BOX_NAMES, DISCOUNT_TYPES } from '../catalogue/enums.js';
import { numericField } from '../validation/numeric.js';

const MANILA = 'Asia/Manila';
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Admins pick calendar days. A start day begins at 00:00 Manila time and an end day lasts until
 * 23:59:59.999 Manila time, so a code "valid until Nov 30" works all of Nov 30 in the Philippines.
 * Full ISO timestamps are taken as they are.
 */
const promoDate = (edge: 'start' | 'end') =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true }), z.date()]).transform((value) => {
    if (value instanceof Date) return value;
    const day = DATE_ONLY.exec(value);
    if (!day) return new Date(value);
    const [y, m, d] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
    const local = edge === 'start' ? new TZDate(y, m, d, 0, 0, 0, 0, MANILA) : new TZDate(y, m, d, 23, 59, 59, 999, MANILA);
    return new Date(local.getTime());
  });

export const promoCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, 'Promo codes are 3 to 32 letters, digits, hyphens or underscores');

const usageLimit = numericField({ min: 1, integer: true }).nullable();

export const PROMO_AMOUNT_MESSAGES = {
  percentRequired: 'Enter the percentage off',
  amountRequired: 'Enter the discount amount',
  percentInteger: 'A percentage is a whole number',
  centsInteger: 'A flat amount is in whole centavos',
  percentOnlyForPercentage: 'Only a percentage code takes a percentage off',
  amountOnlyForFlat: 'Only a flat code takes an amount in centavos',
} as const;

/**
 * The discount has one field per unit, so no number on the wire is ever read in the wrong one:
 * `percentOff` (whole percent, 1–100) for `percentage` codes, `amountInCents` (₱50.00 is 5000) for `flat`
 * codes. The field of the other type is null or left out.
 */
const percentOff = numericField({ min: 1, max: 100, integer: true, messages: { integer: PROMO_AMOUNT_MESSAGES.percentInteger } }).nullable();
const amountInCents = numericField({ min: 1, integer: true, messages: { integer: PROMO_AMOUNT_MESSAGES.centsInteger } }).nullable();

const promoFields = z.object({
  code: promoCodeSchema,
  type: z.enum(DISCOUNT_TYPES),
  percentOff,
  amountInCents,
  startDate: promoDate('start'),
  endDate: promoDate('end'),
  maxUsage: usageLimit,
  maxUsagePerUser: usageLimit,
  applicableBoxTypes: z.array(z.enum(BOX_NAMES)),
});

type PromoFieldsOut = Partial<z.output<typeof promoFields>>;

/** `complete`: a whole record (create, or an update merged with the stored code), whose amount must be there. */
function checkPromoFields(value: PromoFieldsOut, ctx: z.RefinementCtx, complete: boolean) {
  const has = (field: 'percentOff' | 'amountInCents') => value[field] !== undefined && value[field] !== null;
  if (value.type === 'percentage') {
    if (has('amountInCents')) ctx.addIssue({ code: 'custom', path: ['amountInCents'], message: PROMO_AMOUNT_MESSAGES.amountOnlyForFlat });
    if (complete && !has('percentOff')) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: PROMO_AMOUNT_MESSAGES.percentRequired });
  }
  if (value.type === 'flat') {
    if (has('percentOff')) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: PROMO_AMOUNT_MESSAGES.percentOnlyForPercentage });
    if (complete && !has('amountInCents')) ctx.addIssue({ code: 'custom', path: ['amountInCents'], message: PROMO_AMOUNT_MESSAGES.amountRequired });
  }
  if (value.startDate && value.endDate && value.endDate.getTime() < value.startDate.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be on or after the start date' });
  }
}

// Defaults only on create: an update that leaves a limit out must not reset it.
export const createPromoCodeBody = promoFields
  .extend({
    percentOff: percentOff.default(null),
    amountInCents: amountInCents.default(null),
    maxUsage: usageLimit.default(null),
    maxUsagePerUser: usageLimit.default(null),
    applicableBoxTypes: z.array(z.enum(BOX_NAMES)).default([]),
  })
  .superRefine((value, ctx) => checkPromoFields(value, ctx, true));
export type CreatePromoCodeBody = z.output<typeof createPromoCodeBody>;

/**
 * Partial update. The amount's type and the date order can only be checked against fields present in the
 * body; the server re-checks the merged record with `createPromoCodeBody`.
 */
export const updatePromoCodeBody = promoFields.partial().superRefine((value, ctx) => checkPromoFields(value, ctx, false));
export type UpdatePromoCodeBody = z.output<typeof updatePromoCodeBody>;
