import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentRequests } from '../../db/schema/index.js';

/** A request reserved but never started at the provider (unreachable, and no retry came) is closed after this. */
export const UNSTARTED_GIVE_UP_MS = 15 * 60_000;

/**
 * Closes what can no longer be paid, so staff lists and reports see true statuses (the answers already show
 * a lapsed request as EXPIRED): open requests past their time become EXPIRED, and requests the provider never
 * heard of become FAILED after UNSTARTED_GIVE_UP_MS. A payment the provider confirms later still counts
 * (webhook.service.ts credits a success on an expired or failed request). Idempotent: every instance may run it.
 */
export async function sweepPaymentRequests(db: Db, now = new Date()): Promise<{ expired: number; failed: number }> {
  const expired = await db
    .update(paymentRequests)
    .set({ status: 'EXPIRED', updatedAt: now })
    .where(and(inArray(paymentRequests.status, ['PENDING', 'REQUIRES_ACTION']), isNotNull(paymentRequests.expiresAt), lte(paymentRequests.expiresAt, now)))
    .returning({ id: paymentRequests.id });
  const failed = await db
    .update(paymentRequests)
    .set({ status: 'FAILED', failureReason: 'The payment provider could not be reached to start this payment', updatedAt: now })
    .where(
      and(
        eq(paymentRequests.status, 'PENDING'),
        isNull(paymentRequests.providerRequestId),
        lte(paymentRequests.createdAt, new Date(now.getTime() - UNSTARTED_GIVE_UP_MS)),
      ),
    )
    .returning({ id: paymentRequests.id });
  return { expired: expired.length, failed: failed.length };
}
