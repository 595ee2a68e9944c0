import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { payer, paymentMethod } from './_enums.js';
import { cents } from './_money.js';
import { paymentRequests } from './payment-requests.js';
import { shipments } from './shipments.js';
import { uploads } from './uploads.js';
import { users } from './users.js';
import { walletTransactions } from './wallet.js';

/**
 * Money received for a shipment (POST /transaction/add-payment, a rider's cash, a webhook-confirmed
 * payment, a wallet debit). The shipment's payment status is derived from the non-void rows. A void
 * keeps the row and records why; foreign keys to money are restrict so history cannot vanish.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    method: paymentMethod('method').notNull(),
    amountInCents: cents('amount_in_cents').notNull(),
    /** Who handed the money over (cash upon pick-up = sender, upon delivery = recipient). */
    paidBy: payer('paid_by'),
    /** The rider or staff member who received or recorded it; outstanding cash is counted per person. */
    receivedById: uuid('received_by_id').references(() => users.id, { onDelete: 'restrict' }),
    receivedAt: at('received_at').notNull().defaultNow(),
    /** Bank or e-wallet reference number given by the payer. */
    referenceNumber: text('reference_number'),
    proofUploadId: uuid('proof_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    remarks: text('remarks'),
    /** A rider's cash short of what was due: by how much, and the rider's reason (both or neither). */
    shortInCents: cents('short_in_cents'),
    shortReason: text('short_reason'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    paymentRequestId: uuid('payment_request_id').references(() => paymentRequests.id, { onDelete: 'restrict' }),
    walletTransactionId: uuid('wallet_transaction_id').references(() => walletTransactions.id, {
      onDelete: 'restrict',
    }),
    voidedAt: at('voided_at'),
    voidReason: text('void_reason'),
    voidedById: uuid('voided_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A provider payment or a wallet debit is recorded once.
    uniqueIndex('transactions_payment_request_uq').on(t.paymentRequestId),
    uniqueIndex('transactions_wallet_transaction_uq').on(t.walletTransactionId),
    index('transactions_shipment_idx').on(t.shipmentId),
    index('transactions_created_idx').on(t.createdAt),
    // The transactions desk: newest received first, paged.
    index('transactions_received_idx').on(t.receivedAt, t.id),
    index('transactions_method_created_idx').on(t.method, t.createdAt),
    index('transactions_received_by_idx').on(t.receivedById, t.receivedAt),
    check('transactions_amount_positive', sql`${t.amountInCents} > 0`),
    check('transactions_void_has_reason', sql`(${t.voidedAt} IS NULL) = (${t.voidReason} IS NULL)`),
    check(
      'transactions_short_check',
      sql`(${t.shortInCents} is null and ${t.shortReason} is null) or (${t.shortInCents} > 0 and ${t.shortReason} is not null)`,
    ),
  ],
);
