import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatMoney, type PaymentMethod } from '@hatid/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { cardTokens, paymentRequests, shipments } from '../../db/schema/index.js';
import { fieldError } from '../../errors.js';
import { fromProviderAmount, type PaymentProvider } from '../../platform/payments/index.js';
import { recordShipmentPayment } from '../shipments/index.js';
import { postToWallet } from '../wallet/index.js';
import { findById, findByProviderId, type PaymentRequestRow } from './payment-requests.repository.js';

/**
 * The provider's confirmations (POST /api/payments/webhooks/xendit; the token is checked by the route). A
 * payment is credited exactly once per provider payment: the request row is locked (FOR UPDATE) for the
 * whole delivery, so concurrent deliveries of one payment queue and all but the first find it settled;
 * the ledger's and the transactions' unique indexes (provider payment id, payment request) back this up.
 * Deliveries in any order: a failure after a success changes nothing, a success after a failure counts
 * (the payer retried on the provider's page). An amount that differs from the request is held and flagged
 * for staff, never credited. Unknown payments are acknowledged (the provider would retry for days).
 */
export type WebhookOutcome =
  | { outcome: 'credited'; request: PaymentRequestRow; trackingNumber: string | null }
  | { outcome: 'flagged'; request: PaymentRequestRow }
  | { outcome: 'failed'; request: PaymentRequestRow }
  | { outcome: 'expired'; request: PaymentRequestRow }
  | { outcome: 'linked' | 'link_failed'; userId: string; paymentMethodId: string }
  | { outcome: 'ignored'; reason: string };

interface Settlement {
  providerRequestId: string | null;
  referenceId: string | null;
  paymentId: string | null;
  status: 'SUCCEEDED' | 'FAILED' | 'EXPIRED';
  /** Cents the provider says were paid; null when the body gave no readable amount. */
  paidInCents: number | null;
  failureReason: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);

/** A card-saving session's end (payment_session.completed / .expired): our card token id is its reference. */
interface SessionEnd {
  referenceId: string;
  sessionId: string | null;
  /** SAVE for ours; a PAY session (we make none) is ignored. */
  sessionType: string | null;
  completed: boolean;
  /** The card's payment token (`pt-…`), the one the Payments API v3 charges; only on completion. */
  tokenId: string | null;
}

export type WebhookBody =
  | { kind: 'payment'; settlement: Settlement }
  | { kind: 'token'; tokenId: string; referenceId: string | null; active: boolean }
  | { kind: 'session'; session: SessionEnd };

/** Reads the documented shapes; anything else is a 400 (the provider shows it in its delivery log). */
export function readWebhookBody(body: unknown): WebhookBody {
  const b = (body ?? {}) as Record<string, unknown>;
  const event = str(b.event);
  const data = (b.data ?? {}) as Record<string, unknown>;
  if (event === 'payment.succeeded' || event === 'payment.failed') {
    const providerRequestId = str(data.payment_request_id);
    const referenceId = str(data.reference_id);
    if (!providerRequestId && !referenceId) throw fieldError('data.payment_request_id', 'Give data.payment_request_id or data.reference_id');
    return {
      kind: 'payment',
      settlement: {
        providerRequestId,
        referenceId,
        paymentId: str(data.payment_id) ?? str(data.id) ?? providerRequestId,
        status: event === 'payment.succeeded' ? 'SUCCEEDED' : 'FAILED',
        paidInCents: fromProviderAmount(data.request_amount ?? data.amount),
        failureReason: str(data.failure_code),
      },
    };
  }
  if (event === 'payment_token.activation' || event === 'payment_token.failure') {
    const tokenId = str(data.payment_token_id);
    if (!tokenId) throw fieldError('data.payment_token_id', 'Give data.payment_token_id');
    return { kind: 'token', tokenId, referenceId: str(data.reference_id), active: event === 'payment_token.activation' };
  }
  if (event === 'payment_session.completed' || event === 'payment_session.expired') {
    const referenceId = str(data.reference_id);
    if (!referenceId) throw fieldError('data.reference_id', 'Give data.reference_id');
    const completed = event === 'payment_session.completed';
    return {
      kind: 'session',
      session: {
        referenceId,
        sessionId: str(data.payment_session_id),
        sessionType: str(data.session_type),
        completed,
        tokenId: completed ? str(data.payment_token_id) : null,
      },
    };
  }
  if (event === null && str(b.id) && (b.status === 'PAID' || b.status === 'SETTLED' || b.status === 'EXPIRED')) {
    const paid = b.status !== 'EXPIRED';
    return {
      kind: 'payment',
      settlement: {
        providerRequestId: str(b.id),
        referenceId: str(b.external_id),
        paymentId: paid ? (str(b.payment_id) ?? str(b.id)) : null,
        status: paid ? 'SUCCEEDED' : 'EXPIRED',
        paidInCents: fromProviderAmount(b.paid_amount ?? b.amount),
        failureReason: null,
      },
    };
  }
  throw fieldError(
    'event',
    'Not a payment event this endpoint knows (payment.succeeded, payment.failed, payment_token.*, payment_session.*, invoice callback)',
  );
}

const settled = (row: PaymentRequestRow) => row.status === 'SUCCEEDED' || row.status === 'COMPLETED';

function shipmentMethodOf(row: PaymentRequestRow): PaymentMethod {
  if (row.channel === 'qr') return 'qr';
  if (row.channel === 'ewallet' && row.methodDetails.ewallet === 'GCash') return 'gcash';
  return 'payment_link';
}

export async function handleWebhook(db: DbOrTx, provider: PaymentProvider['name'], body: unknown): Promise<WebhookOutcome> {
  const read = readWebhookBody(body);
  if (read.kind === 'token') return db.transaction((tx) => settleToken(tx, provider, read.tokenId, read.referenceId, read.active));
  if (read.kind === 'session') return db.transaction((tx) => settleCardSession(tx, provider, read.session));
  const s = read.settlement;
  return db.transaction(async (tx) => {
    const row =
      (s.providerRequestId ? await findByProviderId(tx, provider, s.providerRequestId, true) : null) ??
      (s.referenceId ? await findById(tx, s.referenceId, true) : null);
    if (!row || row.provider !== provider) return { outcome: 'ignored', reason: 'unknown payment request' };
    if (settled(row)) return { outcome: 'ignored', reason: 'already settled' };
    if (row.flaggedAt) return { outcome: 'ignored', reason: 'held for staff' };
    const now = new Date();
    if (s.status !== 'SUCCEEDED') {
      if (row.status === 'FAILED' || row.status === 'EXPIRED') return { outcome: 'ignored', reason: 'already closed' };
      const [closed] = await tx
        .update(paymentRequests)
        .set({ status: s.status, failureReason: s.failureReason, providerPayload: body as Record<string, unknown>, updatedAt: now })
        .where(eq(paymentRequests.id, row.id))
        .returning();
      return { outcome: s.status === 'FAILED' ? 'failed' : 'expired', request: closed! };
    }
    if (s.paidInCents !== row.amountInCents) {
      const [flagged] = await tx
        .update(paymentRequests)
        .set({
          status: 'SUCCEEDED',
          paidAt: now,
          paidAmountInCents: s.paidInCents,
          providerPaymentId: s.paymentId,
          flaggedAt: now,
          flagReason: `Paid ${s.paidInCents === null ? 'an unreadable amount' : formatMoney(s.paidInCents)}, asked ${formatMoney(row.amountInCents)}: not credited`,
          providerPayload: body as Record<string, unknown>,
          updatedAt: now,
        })
        .where(eq(paymentRequests.id, row.id))
        .returning();
      return { outcome: 'flagged', request: flagged! };
    }
    const [paid] = await tx
      .update(paymentRequests)
      .set({
        status: 'SUCCEEDED',
        paidAt: now,
        paidAmountInCents: s.paidInCents,
        providerPaymentId: s.paymentId,
        failureReason: null,
        providerPayload: body as Record<string, unknown>,
        updatedAt: now,
      })
      .where(eq(paymentRequests.id, row.id))
      .returning();
    const trackingNumber = await credit(tx, paid!, s.paymentId);
    return { outcome: 'credited', request: paid!, trackingNumber };
  });
}

/** Where the money goes: the wallet for a top-up, the shipment's transactions for a shipment payment. */
async function credit(tx: Tx, row: PaymentRequestRow, paymentId: string | null): Promise<string | null> {
  if (row.purpose === 'wallet_top_up') {
    await postToWallet(tx, {
      userId: row.userId,
      type: 'Top Up',
      amountInCents: row.amountInCents,
      description: `Top-up by ${row.channel.replace('_', ' ')}`,
      paymentRequestId: row.id,
      providerPaymentId: paymentId ? `${row.provider}:${paymentId}` : null,
    });
    return null;
  }
  if (row.purpose === 'shipment_payment' && row.shipmentId) {
    await recordShipmentPayment(tx, {
      shipmentId: row.shipmentId,
      method: shipmentMethodOf(row),
      amountInCents: row.amountInCents,
      referenceNumber: paymentId,
      paymentRequestId: row.id,
      remarks: row.channel === 'payment_link' ? 'Paid through the payment link' : `Paid by ${row.channel}`,
    });
    const [shipment] = await tx.select({ trackingNumber: shipments.trackingNumber }).from(shipments).where(eq(shipments.id, row.shipmentId));
    return shipment?.trackingNumber ?? null;
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function settleToken(tx: Tx, provider: PaymentProvider['name'], tokenId: string, referenceId: string | null, active: boolean): Promise<WebhookOutcome> {
  // A link still waiting for its provider call has no token id (and its payer no page to authorise on yet).
  const [token] = await tx
    .select({ id: cardTokens.id, userId: cardTokens.userId })
    .from(cardTokens)
    .where(and(eq(cardTokens.provider, provider), eq(cardTokens.providerMethodId, tokenId)));
  if (token) return settleMethod(tx, token, active ? { active: true } : { active: false });
  // A card saved through a payment session learns its token from the session's webhook; should the token's own
  // activation come first, with our card's id as its reference, it activates the card with that token.
  if (active && referenceId && UUID.test(referenceId)) {
    const [pendingCard] = await tx
      .select({ id: cardTokens.id, userId: cardTokens.userId })
      .from(cardTokens)
      .where(and(eq(cardTokens.id, referenceId), eq(cardTokens.provider, provider), eq(cardTokens.kind, 'Card'), isNull(cardTokens.providerMethodId)));
    if (pendingCard) return settleMethod(tx, pendingCard, { active: true, providerMethodId: tokenId });
  }
  return { outcome: 'ignored', reason: 'unknown payment token' };
}

/**
 * A card's saving session ended (Xendit's payment_session.completed or .expired): the session's reference is
 * our pending card's id. Completed with a payment token, the card becomes active with it (the token the Payments
 * API v3 charges); expired, or completed without a token, it is failed. Once only, like a link's activation (see
 * settleMethod), whatever the number and order of deliveries.
 */
async function settleCardSession(tx: Tx, provider: PaymentProvider['name'], session: SessionEnd): Promise<WebhookOutcome> {
  if (session.sessionType !== null && session.sessionType !== 'SAVE') return { outcome: 'ignored', reason: 'not a card-saving session' };
  if (!UUID.test(session.referenceId)) return { outcome: 'ignored', reason: 'unknown card session' };
  const [card] = await tx
    .select({ id: cardTokens.id, userId: cardTokens.userId })
    .from(cardTokens)
    .where(and(eq(cardTokens.id, session.referenceId), eq(cardTokens.provider, provider), eq(cardTokens.kind, 'Card')));
  if (!card) return { outcome: 'ignored', reason: 'unknown card session' };
  const result: SettleResult =
    session.completed && session.tokenId
      ? { active: true, providerMethodId: session.tokenId }
      : {
          active: false,
          failureReason: session.completed
            ? 'The payment provider did not return a token for this card. Please add it again.'
            : 'The card was not confirmed in time. Please add it again.',
        };
  return settleMethod(tx, card, result, (locked) => {
    const stored = locked.linkDetails?.sessionId;
    return !stored || !session.sessionId || stored === session.sessionId;
  });
}

type SettleResult = { active: true; providerMethodId?: string } | { active: false; failureReason?: string };

/**
 * Settles a pending saved method once: active (with the provider's token id, when it arrives with the event) or
 * failed. The person's methods are locked first, in one order (creation), so deliveries for two of one person's
 * methods queue instead of deadlocking, and the first active method becomes the default, only one ever is.
 * Every check is made on the locked row: concurrent deliveries of one event find it settled.
 */
async function settleMethod(
  tx: Tx,
  method: { id: string; userId: string },
  result: SettleResult,
  isThisOne: (locked: CardTokenRow) => boolean = () => true,
): Promise<WebhookOutcome> {
  const mine = await tx
    .select()
    .from(cardTokens)
    .where(eq(cardTokens.userId, method.userId))
    .orderBy(asc(cardTokens.createdAt), asc(cardTokens.id))
    .for('update');
  const token = mine.find((m) => m.id === method.id);
  if (!token) return { outcome: 'ignored', reason: 'removed meanwhile' };
  if (!isThisOne(token)) return { outcome: 'ignored', reason: 'another session of this card' };
  const { active } = result;
  // The expiry sweep gave up waiting, but the provider says the payer did authorise: the token is live at the
  // provider and the payer saw the link succeed, so it is activated. A failure the provider sent stays final.
  const lapsed = token.status === 'failed' && token.linkDetails?.sweptAt !== undefined;
  if (token.status !== 'pending' && !(lapsed && active)) return { outcome: 'ignored', reason: 'already settled' };
  const fail = async (failureReason: string | undefined) => {
    const linkDetails = failureReason && token.linkDetails ? { linkDetails: { ...token.linkDetails, failureReason } } : {};
    await tx
      .update(cardTokens)
      .set({ status: 'failed', ...linkDetails, updatedAt: new Date() })
      .where(eq(cardTokens.id, token.id));
    return { outcome: 'link_failed', userId: token.userId, paymentMethodId: token.id } as const;
  };
  if (!result.active) return fail(result.failureReason);
  const providerMethodId = token.providerMethodId ?? result.providerMethodId;
  if (!providerMethodId) return { outcome: 'ignored', reason: 'no payment token to activate with' };
  if (!token.providerMethodId) {
    // One provider token, one saved method (a unique index): a token already saved (the same card added twice,
    // if the provider answers it so) leaves this one failed instead of failing the delivery again and again.
    const [taken] = await tx
      .select({ id: cardTokens.id })
      .from(cardTokens)
      .where(and(eq(cardTokens.provider, token.provider), eq(cardTokens.providerMethodId, providerMethodId)));
    if (taken) return fail('This card is already saved.');
  }
  const hasDefault = mine.some((m) => m.isDefault && m.status === 'active');
  // A lapsed link keeps sweptAt (when it was given up) and loses the reason it showed.
  const revived = lapsed ? { linkDetails: { ...token.linkDetails!, failureReason: undefined } } : {};
  await tx
    .update(cardTokens)
    .set({ status: 'active', providerMethodId, isDefault: !hasDefault, ...revived, updatedAt: new Date() })
    .where(eq(cardTokens.id, token.id));
  return { outcome: 'linked', userId: token.userId, paymentMethodId: token.id };
}

type CardTokenRow = typeof cardTokens.$inferSelect;
