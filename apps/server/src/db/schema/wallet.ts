import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { cardBrand, directDebitBank, ewallet, oneOf, PAYMENT_PROVIDERS, paymentMethodKind, walletTransactionType } from './_enums.js';
import { bigCents } from './_money.js';
import { paymentRequests } from './payment-requests.js';
import { shipments } from './shipments.js';
import { users } from './users.js';

/**
 * One wallet per user (POST /wallet/activate). The ledger below is the truth; balance_in_cents is its
 * running sum, updated in the same transaction as each ledger insert while this row is locked
 * (SELECT … FOR UPDATE), which serialises concurrent payments. The CHECK makes "never below zero" a
 * database guarantee, not only a service rule.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    balanceInCents: bigCents('balance_in_cents').notNull().default(0),
    activatedAt: at('activated_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('wallets_balance_non_negative', sql`${t.balanceInCents} >= 0`)],
);

/**
 * The wallet ledger: append-only, amount signed (credit > 0, debit < 0), never edited; a mistake is
 * undone by a new row. balance_after_in_cents makes each row checkable against the previous one.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => wallets.userId, { onDelete: 'restrict' }),
    type: walletTransactionType('type').notNull(),
    amountInCents: bigCents('amount_in_cents').notNull(),
    balanceAfterInCents: bigCents('balance_after_in_cents').notNull(),
    description: text('description'),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'restrict' }),
    paymentRequestId: uuid('payment_request_id').references(() => paymentRequests.id, { onDelete: 'restrict' }),
    /** The provider's payment id of a top-up: the webhook credits it exactly once. */
    providerPaymentId: text('provider_payment_id'),
    idempotencyKey: text('idempotency_key'),
    /** Staff who made a Manual Adjustment or Voucher credit. */
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_transactions_provider_payment_uq').on(t.providerPaymentId),
    uniqueIndex('wallet_transactions_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('wallet_transactions_user_created_idx').on(t.userId, t.createdAt),
    index('wallet_transactions_user_type_created_idx').on(t.userId, t.type, t.createdAt),
    index('wallet_transactions_shipment_idx').on(t.shipmentId),
    check('wallet_transactions_amount_non_zero', sql`${t.amountInCents} <> 0`),
    check('wallet_transactions_balance_after_non_negative', sql`${t.balanceAfterInCents} >= 0`),
    // The sign follows the type where the type says which way money moves; adjustments go either way.
    check(
      'wallet_transactions_sign',
      sql`(${t.type} NOT IN ('Purchase', 'Deduction') OR ${t.amountInCents} < 0)
        AND (${t.type} NOT IN ('Top Up', 'Refund', 'Referral') OR ${t.amountInCents} > 0)`,
    ),
  ],
);

/**
 * A bank or e-wallet link's (or a card's saving session's) provider call, made after its reservation commits,
 * and what the provider answered.
 */
export interface LinkDetails {
  successReturnUrl: string;
  failureReturnUrl: string;
  /** The provider's authorisation page: kept so a retry with the same Idempotency-Key answers it again. */
  checkoutUrl?: string;
  /** A card being saved: the provider's session (Xendit's `ps-…`) the browser sends the card under, and its end. */
  sessionId?: string;
  sessionExpiresAt?: string | null;
  failureReason?: string;
  /** When the expiry sweep failed it (never answered, or not authorised in time): a later activation still counts. */
  sweptAt?: string;
}

/**
 * Saved payment methods (cards, linked bank accounts, e-wallets) of a user, as tokens held by the
 * provider: no card number is ever stored, only what the UI shows (brand, masked number, expiry).
 */
export const cardTokens = pgTable(
  'card_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: paymentMethodKind('kind').notNull(),
    provider: text('provider').notNull().default('sandbox'),
    /** Null while a link is reserved but not yet answered by the provider (provider-start.ts), or a card's session not completed. */
    providerMethodId: text('provider_method_id'),
    cardBrand: cardBrand('card_brand'),
    bank: directDebitBank('bank'),
    ewallet: ewallet('ewallet'),
    /** e.g. "XXXX XXXX XXXX 1234", or the masked account / mobile number. */
    maskedNumber: text('masked_number'),
    expiryMonth: smallint('expiry_month'),
    expiryYear: smallint('expiry_year'),
    label: text('label'),
    isDefault: boolean('is_default').notNull().default(false),
    /** A bank or e-wallet being linked, or a card being saved, is pending until the provider confirms it. */
    status: text('status').$type<'pending' | 'active' | 'failed'>().notNull().default('active'),
    linkDetails: jsonb('link_details').$type<LinkDetails>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('card_tokens_provider_method_uq').on(t.provider, t.providerMethodId),
    index('card_tokens_user_idx').on(t.userId),
    // The expiry sweep reads only the links still waiting (payments/expiry-sweep.ts).
    index('card_tokens_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The spec: one default method per user.
    uniqueIndex('card_tokens_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
    check('card_tokens_provider', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check('card_tokens_status', oneOf(t.status, ['pending', 'active', 'failed'])),
    // Only a method the provider knows can be charged.
    check('card_tokens_active_has_provider_id', sql`${t.status} <> 'active' OR ${t.providerMethodId} IS NOT NULL`),
    check('card_tokens_expiry_month', sql`${t.expiryMonth} IS NULL OR ${t.expiryMonth} BETWEEN 1 AND 12`),
  ],
);
