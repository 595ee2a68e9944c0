import { and, eq } from 'drizzle-orm';
import { formatMoney, type PaymentMethod } from '@hatid/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { cardTokens, paymentRequests, shipments } from '../../db/schema/index.js';
import { fieldError } from '../../errors.js';
import { fromProviderAmount, type PaymentProvider } from '../../platform/payments/index.js';
import { recordShipmentPayment } from '../transactions/shipment-payments.js';
import { postToWallet } from '../wallet/ledger.js';
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

/** Reads the three documented shapes; anything else is a 400 (the provider shows it in its delivery log). */
export function readWebhookBody(body: unknown): { kind: 'payment'; settlement: Settlement } | { kind: 'token'; tokenId: string; active: boolean } {
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
    return { kind: 'token', tokenId, active: event === 'payment_token.activation' };
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
  throw fieldError('event', 'Not a payment event this endpoint knows (payment.succeeded, payment.failed, payment_token.*, invoice callback)');
}

const settled = (row: PaymentRequestRow) => row.status === 'SUCCEEDED' || row.status === 'COMPLETED';

function shipmentMethodOf(row: PaymentRequestRow): PaymentMethod {
  if (row.channel === 'qr') return 'qr';
  if (row.channel === 'ewallet' && row.methodDetails.ewallet === 'GCash') return 'gcash';
  return 'payment_link';
}

export async function handleWebhook(db: DbOrTx, provider: PaymentProvider['name'], body: unknown): Promise<WebhookOutcome> {
  const read = readWebhookBody(body);
  if (read.kind === 'token') return db.transaction((tx) => settleToken(tx, provider, read.tokenId, read.active));
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

async function settleToken(tx: Tx, provider: PaymentProvider['name'], tokenId: string, active: boolean): Promise<WebhookOutcome> {
  // A link still waiting for its provider call has no token id (and its payer no page to authorise on yet).
  const [token] = await tx
    .select()
    .from(cardTokens)
    .where(and(eq(cardTokens.provider, provider), eq(cardTokens.providerMethodId, tokenId)))
    .for('update');
  if (!token) return { outcome: 'ignored', reason: 'unknown payment token' };
  // The expiry sweep gave up waiting, but the provider says the payer did authorise: the token is live at the
  // provider and the payer saw the link succeed, so it is activated. A failure the provider sent stays final.
  const lapsed = token.status === 'failed' && token.linkDetails?.sweptAt !== undefined;
  if (token.status !== 'pending' && !(lapsed && active)) return { outcome: 'ignored', reason: 'already settled' };
  if (!active) {
    await tx.update(cardTokens).set({ status: 'failed', updatedAt: new Date() }).where(eq(cardTokens.id, token.id));
    return { outcome: 'link_failed', userId: token.userId, paymentMethodId: token.id };
  }
  // Lock the person's methods: the first active one becomes the default, and only one ever is.
  const mine = await tx.select().from(cardTokens).where(eq(cardTokens.userId, token.userId)).for('update');
  const hasDefault = mine.some((m) => m.isDefault && m.status === 'active');
  // A lapsed link keeps sweptAt (when it was given up) and loses the reason it showed.
  const revived = lapsed ? { linkDetails: { ...token.linkDetails!, failureReason: undefined } } : {};
  await tx
    .update(cardTokens)
    .set({ status: 'active', isDefault: !hasDefault, maskedNumber: token.maskedNumber, ...revived, updatedAt: new Date() })
    .where(eq(cardTokens.id, token.id));
  return { outcome: 'linked', userId: token.userId, paymentMethodId: token.id };
}
