import { PROMO_MESSAGES, checkPromoCode, computeDiscount, type PricedBoxName, type PromoMessage } from '@hatid/domain';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { claimUse, countUnreleasedUses, giveUseBack, insertUse, lockLivePromoByCode, releaseUseOfShipment } from './promo-codes.repository.js';
import { toPromo } from './promo-codes.mapping.js';

export interface ReservePromoUseInput {
  code: string;
  /** The person the shipment is booked for: per-user limits count their uses. */
  userId: string;
  shipmentId: string;
  /** Box names of the booking's packages; a missing name counts as Large Box. */
  boxNames: readonly (PricedBoxName | null | undefined)[];
  /** The discount applies to this amount only and never exceeds it. */
  packagesTotalInCents: number;
  now?: Date;
}

export interface ReservedPromoUse {
  promoCodeId: string;
  discountInCents: number;
}

const refuse = (message: PromoMessage) => new AppError('RULE_BROKEN', message, [{ field: 'promoCode', message }]);

/**
 * Counts one use of a code for a shipment being booked. Call it inside the booking's transaction:
 * the promo row stays locked until that transaction ends, so concurrent bookings of one code are
 * checked one after the other (dates, box types, total and per-user limits on fresh rows), and the
 * conditional UPDATE keeps usage_count ≤ max_usage even if the lock were missing.
 * Throws AppError RULE_BROKEN (422) with the spec's message on field `promoCode` when the code cannot be used.
 */
export async function reservePromoUse(tx: Tx, input: ReservePromoUseInput): Promise<ReservedPromoUse> {
  const now = input.now ?? new Date();
  const row = await lockLivePromoByCode(tx, input.code.trim());
  if (!row) throw refuse(PROMO_MESSAGES.notFound);
  // Read after the lock: under READ COMMITTED this sees every use committed by bookings that held it before us.
  const userUses = await countUnreleasedUses(tx, row.id, input.userId);
  const check = checkPromoCode(toPromo(row), { boxNames: input.boxNames, now, userUses });
  if (!check.ok) throw refuse(check.message);
  if (!(await claimUse(tx, row.id))) throw refuse(PROMO_MESSAGES.usedUp);
  const discountInCents = computeDiscount(check.promo, input.packagesTotalInCents);
  await insertUse(tx, { promoCodeId: row.id, shipmentId: input.shipmentId, userId: input.userId, discountInCents, createdAt: now });
  return { promoCodeId: row.id, discountInCents };
}

/**
 * Gives a cancelled shipment's use back: the use row is kept as history (released_at set) and the
 * counter goes down once. Idempotent: a second call, or a shipment booked without a code, does nothing.
 * Works on soft-deleted codes too. Returns whether a use was released.
 */
export async function releasePromoUse(tx: Tx, shipmentId: string, now: Date = new Date()): Promise<boolean> {
  const promoCodeId = await releaseUseOfShipment(tx, shipmentId, now);
  if (!promoCodeId) return false;
  await giveUseBack(tx, promoCodeId);
  return true;
}
