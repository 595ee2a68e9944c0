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

const promoFields = z.object({
  code: promoCodeSchema,
  type: z.enum(DISCOUNT_TYPES),
  /** Percent for `percentage`, cents for `flat`. */
  amount: numericField({ min: 0.01 }),
  startDate: promoDate('start'),
  endDate: promoDate('end'),
  maxUsage: usageLimit,
  maxUsagePerUser: usageLimit,
  applicableBoxTypes: z.array(z.enum(BOX_NAMES)),
});

type PromoFieldsOut = Partial<z.output<typeof promoFields>>;

function checkPromoFields(value: PromoFieldsOut, ctx: z.RefinementCtx) {
  if (value.type === 'percentage' && value.amount !== undefined && value.amount > 100) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Value must not exceed 100' });
  }
  if (value.type === 'flat' && value.amount !== undefined && !Number.isInteger(value.amount)) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A flat amount is in whole centavos' });
  }
  if (value.startDate && value.endDate && value.endDate.getTime() < value.startDate.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be on or after the start date' });
  }
}

// Defaults only on create: an update that leaves a limit out must not reset it.
export const createPromoCodeBody = promoFields
  .extend({
    maxUsage: usageLimit.default(null),
    maxUsagePerUser: usageLimit.default(null),
    applicableBoxTypes: z.array(z.enum(BOX_NAMES)).default([]),
  })
  .superRefine(checkPromoFields);
export type CreatePromoCodeBody = z.output<typeof createPromoCodeBody>;

/**
 * Partial update. The percentage cap and date order can only be checked against fields present in the
 * body; the server re-checks the merged record with `createPromoCodeBody`.
 */
export const updatePromoCodeBody = promoFields.partial().superRefine(checkPromoFields);
export type UpdatePromoCodeBody = z.output<typeof updatePromoCodeBody>;
