import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { oneOf, PAYMENT_PROVIDERS, paymentProviderStatus } from './_enums.js';
import { bigCents } from './_money.js';
import { billings } from './billings.js';
import { shipments } from './shipments.js';
import { users } from './users.js';
import { cardTokens } from './wallet.js';

/**
 * What a request pays for, and through which of the provider's channels (the /payments/requests calls).
 * Server-side lists: the domain has none yet.
 */
export const PAYMENT_REQUEST_PURPOSES = ['shipment_payment', 'wallet_top_up', 'billing_payment'] as const;
export const PAYMENT_REQUEST_CHANNELS = ['payment_link', 'qr', 'card', 'direct_debit', 'ewallet'] as const;

/**
 * A charge asked of the payment provider: a payment link, QR, card, direct debit or e-wallet payment.
 * The row is written before calling the provider (our id is the provider's reference) and moved along
 * by webhooks; provider_payload keeps the last webhook body for support.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: id(),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    /** The provider's id (Xendit invoice / payment request id); null until the provider answers. */
    providerRequestId: text('provider_request_id'),
    status: paymentProviderStatus('status').notNull().default('PENDING'),
    amountInCents: bigCents('amount_in_cents').notNull(),
    currency: text('currency').notNull().default('PHP'),
    /** Whose money: the payer for a shipment, the wallet owner for a top-up, the client for a billing. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'restrict' }),
    billingId: uuid('billing_id').references(() => billings.id, { onDelete: 'restrict' }),
    cardTokenId: uuid('card_token_id').references(() => cardTokens.id, { onDelete: 'set null' }),
    checkoutUrl: text('checkout_url'),
    expiresAt: at('expires_at'),
    paidAt: at('paid_at'),
    failureReason: text('failure_reason'),
    providerPayload: jsonb('provider_payload').$type<Record<string, unknown>>(),
    idempotencyKey: text('idempotency_key'),
    /** What the provider says was paid (a mismatch with amount_in_cents is flagged, not credited). */
    paidAmountInCents: bigCents('paid_amount_in_cents'),
    /** The provider's id of the payment that settled this request (py-… at Xendit). */
    providerPaymentId: text('provider_payment_id'),
    /** Set when the provider's confirmation could not be credited as it stood (amount mismatch): staff look. */
    flaggedAt: at('flagged_at'),
    flagReason: text('flag_reason'),
    /** The channel's particulars: e-wallet or bank, QR string, saved method: what the checkout page shows. */
    methodDetails: jsonb('method_details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_requests_provider_id_uq').on(t.provider, t.providerRequestId),
    uniqueIndex('payment_requests_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('payment_requests_shipment_idx').on(t.shipmentId, t.createdAt),
    index('payment_requests_billing_idx').on(t.billingId),
    index('payment_requests_user_created_idx').on(t.userId, t.createdAt),
    // The expiry sweep looks for open requests past their time.
    index('payment_requests_status_expires_idx').on(t.status, t.expiresAt),
    index('payment_requests_flagged_idx').on(t.flaggedAt).where(sql`${t.flaggedAt} IS NOT NULL`),
    check('payment_requests_amount_positive', sql`${t.amountInCents} > 0`),
    check('payment_requests_currency', sql`${t.currency} = 'PHP'`),
    check('payment_requests_provider', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check('payment_requests_purpose', oneOf(t.purpose, PAYMENT_REQUEST_PURPOSES)),
    check('payment_requests_channel', oneOf(t.channel, PAYMENT_REQUEST_CHANNELS)),
    check(
      'payment_requests_target',
      sql`(${t.purpose} <> 'shipment_payment' OR ${t.shipmentId} IS NOT NULL)
        AND (${t.purpose} <> 'billing_payment' OR ${t.billingId} IS NOT NULL)`,
    ),
  ],
);
