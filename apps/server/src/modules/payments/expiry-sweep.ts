import { and, eq, inArray, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cardTokens, paymentRequests } from '../../db/schema/index.js';
import { sessionOpened } from './provider-start.js';

/** A request reserved but never started at the provider (unreachable, and no retry came) is closed after this. */
export const UNSTARTED_GIVE_UP_MS = 15 * 60_000;

/**
 * A bank or e-wallet link the provider answered (or a card whose saving session it opened) but the payer has not
 * authorised is closed after this. The provider's authorisation page (a bank OTP, the e-wallet's consent screen)
 * lapses within minutes to hours, and a page the payer walked away from may never be followed by any event, so a
 * day is comfortably past it while a forgotten link does not sit pending forever. (A card's session lapses after
 * 30 minutes at Xendit, which says so with payment_session.expired; this is for the event that never came.) An
 * activation the provider confirms later still counts.
 */
export const LINK_AUTHORISE_WINDOW_MS = 24 * 3_600_000;

export const LINK_UNREACHED_REASON = 'The payment provider could not be reached to start this link. Please start a new one.';
export const LINK_NOT_AUTHORISED_REASON = 'This link was not authorised in time. Please start a new one.';

/**
 * Closes what can no longer be paid, so staff lists and reports see true statuses (the answers already show
 * a lapsed request as EXPIRED): open requests past their time become EXPIRED, and requests the provider never
 * heard of become FAILED after UNSTARTED_GIVE_UP_MS. A payment the provider confirms later still counts
 * (webhook.service.ts credits a success on an expired or failed request). Pending bank and e-wallet links (and
 * cards being saved) are closed the same way (linksFailed): one the provider never answered after UNSTARTED_GIVE_UP_MS, one never
 * authorised after LINK_AUTHORISE_WINDOW_MS; both are marked `sweptAt` in link_details, and an activation the
 * provider confirms later still activates the method (webhook.service.ts settleMethod). Every change is one
 * statement guarded on the current status, so a webhook or a provider answer racing it wins or loses whole.
 * Idempotent: every instance may run it.
 */
export async function sweepPaymentRequests(db: Db, now = new Date()): Promise<{ expired: number; failed: number; linksFailed: number }> {
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
  const unreached = await failPendingLinks(db, now, false, UNSTARTED_GIVE_UP_MS, LINK_UNREACHED_REASON);
  const unauthorised = await failPendingLinks(db, now, true, LINK_AUTHORISE_WINDOW_MS, LINK_NOT_AUTHORISED_REASON);
  return { expired: expired.length, failed: failed.length, linksFailed: unreached + unauthorised };
}

/**
 * Pending links created before now - olderThanMs, answered by the provider (a token id, or a card's session) or
 * not, become failed.
 */
async function failPendingLinks(db: Db, now: Date, answered: boolean, olderThanMs: number, failureReason: string): Promise<number> {
  const mark = JSON.stringify({ failureReason, sweptAt: now.toISOString() });
  const closed = await db
    .update(cardTokens)
    .set({ status: 'failed', linkDetails: sql`coalesce(${cardTokens.linkDetails}, '{}'::jsonb) || ${mark}::jsonb`, updatedAt: now })
    .where(
      and(
        eq(cardTokens.status, 'pending'),
        answered ? or(isNotNull(cardTokens.providerMethodId), sessionOpened) : and(isNull(cardTokens.providerMethodId), not(sessionOpened)),
        lte(cardTokens.createdAt, new Date(now.getTime() - olderThanMs)),
      ),
    )
    .returning({ id: cardTokens.id });
  return closed.length;
}
