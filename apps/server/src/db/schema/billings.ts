import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// The billingType filter: a receivable bills a client for its shipments; a payable pays a client the cash
// collected on delivery for it (domain api/billings.ts).
import { BILLING_TYPES } from '@hatid/domain';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { billingPaymentMethod, collectionStatus, oneOf, paymentStatus } from './_enums.js';
import { bigCents, cents } from './_money.js';
import { businesses } from './businesses.js';
import { paymentRequests } from './payment-requests.js';
import { shipments } from './shipments.js';
import { uploads } from './uploads.js';
import { users } from './users.js';
import { walletTransactions } from './wallet.js';

/** A client allowed to pay by invoice: terms and credit limit set by staff. One per client. */
export const invoiceAccounts = pgTable(
  'invoice_accounts',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    termsInDays: integer('terms_in_days').notNull().default(30),
    creditLimitInCents: bigCents('credit_limit_in_cents').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    setById: uuid('set_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoice_accounts_customer_uq').on(t.customerId),
    check('invoice_accounts_terms', sql`${t.termsInDays} BETWEEN 0 AND 365`),
    check('invoice_accounts_credit_limit_non_negative', sql`${t.creditLimitInCents} >= 0`),
  ],
);

/** A period's statement for one client; status uses the spec's shared collection/billing list. */
export const billings = pgTable(
  'billings',
  {
    id: id(),
    billingType: text('billing_type').notNull().default('receivable'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The staff member who prepared it. */
    billerId: uuid('biller_id').references(() => users.id, { onDelete: 'set null' }),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'restrict' }),
    invoiceAccountId: uuid('invoice_account_id').references(() => invoiceAccounts.id, { onDelete: 'set null' }),
    /** Province code, for the location filter. */
    location: text('location'),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    status: collectionStatus('status').notNull().default('pending'),
    paymentStatus: paymentStatus('payment_status').notNull().default('Pending'),
    totalInCents: bigCents('total_in_cents').notNull().default(0),
    amountPaidInCents: bigCents('amount_paid_in_cents').notNull().default(0),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('billings_customer_created_idx').on(t.customerId, t.createdAt),
    index('billings_biller_idx').on(t.billerId),
    index('billings_status_created_idx').on(t.status, t.createdAt),
    index('billings_type_created_idx').on(t.billingType, t.createdAt),
    index('billings_location_idx').on(t.location),
    check('billings_type', oneOf(t.billingType, BILLING_TYPES)),
    check('billings_period', sql`${t.periodEnd} >= ${t.periodStart}`),
    check('billings_money_non_negative', sql`${t.totalInCents} >= 0 AND ${t.amountPaidInCents} >= 0`),
  ],
);

export const billingShipments = pgTable(
  'billing_shipments',
  {
    billingId: uuid('billing_id')
      .notNull()
      .references(() => billings.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    amountInCents: cents('amount_in_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.billingId, t.shipmentId] }),
    index('billing_shipments_shipment_idx').on(t.shipmentId),
    check('billing_shipments_amount_non_negative', sql`${t.amountInCents} >= 0`),
  ],
);

export const billingAttachments = pgTable(
  'billing_attachments',
  {
    id: id(),
    billingId: uuid('billing_id')
      .notNull()
      .references(() => billings.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('billing_attachments_billing_idx').on(t.billingId)],
);

/** Payments against a billing (POST /billings/record). restrict: a billing with payments stays. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: id(),
    billingId: uuid('billing_id')
      .notNull()
      .references(() => billings.id, { onDelete: 'restrict' }),
    method: billingPaymentMethod('method').notNull(),
    amountInCents: bigCents('amount_in_cents').notNull(),
    paidAt: at('paid_at').notNull().defaultNow(),
    referenceNumber: text('reference_number'),
    proofUploadId: uuid('proof_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    paymentRequestId: uuid('payment_request_id').references(() => paymentRequests.id, { onDelete: 'restrict' }),
    walletTransactionId: uuid('wallet_transaction_id').references(() => walletTransactions.id, {
      onDelete: 'restrict',
    }),
    remarks: text('remarks'),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: at('voided_at'),
    voidReason: text('void_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_payments_billing_idx').on(t.billingId),
    uniqueIndex('billing_payments_payment_request_uq').on(t.paymentRequestId),
    uniqueIndex('billing_payments_wallet_transaction_uq').on(t.walletTransactionId),
    check('billing_payments_amount_positive', sql`${t.amountInCents} > 0`),
    check('billing_payments_void_has_reason', sql`(${t.voidedAt} IS NULL) = (${t.voidReason} IS NULL)`),
  ],
);

/**
 * Gapless number series. An invoice number is taken with
 * `INSERT … ON CONFLICT (series) DO UPDATE SET last_number = document_counters.last_number + 1
 * RETURNING last_number` inside the transaction that inserts the invoice: the row lock serialises
 * issuers and a rollback gives the number back. A Postgres sequence would skip numbers on rollback,
 * and BIR wants invoice numbers sequential and never reused.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').primaryKey(),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('document_counters_non_negative', sql`${t.lastNumber} >= 0`)],
);

/** The numbered document issued from a billing. Never deleted: DELETE /invoices/{id} voids it. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    number: bigint('number', { mode: 'number' }).notNull(),
    billingId: uuid('billing_id')
      .notNull()
      .references(() => billings.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuedAt: at('issued_at').notNull().defaultNow(),
    dueDate: date('due_date', { mode: 'string' }),
    totalInCents: bigCents('total_in_cents').notNull(),
    pdfUploadId: uuid('pdf_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    notes: text('notes'),
    issuedById: uuid('issued_by_id').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: at('voided_at'),
    voidReason: text('void_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    // One live invoice per billing; a voided one may be reissued under a new number.
    uniqueIndex('invoices_live_billing_uq').on(t.billingId).where(sql`${t.voidedAt} IS NULL`),
    index('invoices_customer_issued_idx').on(t.customerId, t.issuedAt),
    check('invoices_number_positive', sql`${t.number} > 0`),
    check('invoices_total_non_negative', sql`${t.totalInCents} >= 0`),
    check('invoices_void_has_reason', sql`(${t.voidedAt} IS NULL) = (${t.voidReason} IS NULL)`),
  ],
);
