import type { BoxName, DiscountType } from '../catalogue/enums.js';

export const PROMO_MESSAGES = {
  notFound: 'Promo code not found',
  notApplicable: 'Promo code is not applicable for the selected box types',
  expired: 'Promo code has expired',
  usedUp: 'This promo code has been used up',
  userUsedUp: 'You have used up all possible uses of this promo code',
} as const;
export type PromoMessage = (typeof PROMO_MESSAGES)[keyof typeof PROMO_MESSAGES];

export interface Promo {
  code: string;
  type: DiscountType;
  /** A percentage (0–100) for `percentage`, cents for `flat`. */
  amount: number;
  startDate: Date;
  endDate: Date;
  usageCount: number;
  /** null means unlimited. */
  maxUsage: number | null;
  /** null means unlimited. */
  maxUsagePerUser: number | null;
  /** Empty means every box type. */
  applicableBoxTypes: readonly BoxName[];
}

export interface PromoCheckContext {
  /** Box names of the packages being priced; a missing name counts as Large Box (product.md §5). */
  boxNames: readonly (BoxName | 'Cargo' | null | undefined)[];
  now: Date;
  /** Uses counted so far; defaults to the promo's own usageCount. */
  totalUses?: number;
  /** Uses by the person booking. */
  userUses: number;
}

export type PromoCheck = { ok: true; promo: Promo } | { ok: false; message: PromoMessage };

// Cargo is priced as Your Box, so a Your Box promo covers it too.
const asPromoBoxType = (name: BoxName | 'Cargo' | null | undefined): BoxName => (name === 'Cargo' ? 'Your Box' : (name ?? 'Large Box'));

/**
 * The spec's checks in the spec's order. Every package must be of an applicable type, because the
 * discount applies to the whole packages total.
 */
export function checkPromoCode(promo: Promo | null, context: PromoCheckContext): PromoCheck {
  if (!promo) return { ok: false, message: PROMO_MESSAGES.notFound };
  if (promo.applicableBoxTypes.length > 0) {
    const applicable = context.boxNames.every((n) => promo.applicableBoxTypes.includes(asPromoBoxType(n)));
    if (!applicable) return { ok: false, message: PROMO_MESSAGES.notApplicable };
  }
  const now = context.now.getTime();
  if (now < promo.startDate.getTime() || now > promo.endDate.getTime()) return { ok: false, message: PROMO_MESSAGES.expired };
  const totalUses = context.totalUses ?? promo.usageCount;
  if (promo.maxUsage !== null && totalUses >= promo.maxUsage) return { ok: false, message: PROMO_MESSAGES.usedUp };
  if (promo.maxUsagePerUser !== null && context.userUses >= promo.maxUsagePerUser) {
    return { ok: false, message: PROMO_MESSAGES.userUsedUp };
  }
  return { ok: true, promo };
}

/** The discount in whole cents: never negative and never more than the packages total it applies to. */
export function computeDiscount(promo: Pick<Promo, 'type' | 'amount'>, packagesTotalInCents: number): number {
  const total = Math.max(0, packagesTotalInCents);
  const raw = promo.type === 'percentage' ? (total * promo.amount) / 100 : promo.amount;
  return Math.min(total, Math.max(0, Math.round(raw)));
}
