import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { bigCents } from './_money.js';
import { users } from './users.js';

/**
 * A business client. Its admins and members are users whose users.business_id points here (that column
 * belongs to users.ts and has no foreign key yet; see relations.ts). Businesses are soft-deleted because
 * shipments and billings keep pointing at them.
 */
export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email'),
    mobileNumber: text('mobile_number'),
    /** BIR taxpayer identification number, printed on invoices. */
    tin: text('tin'),
    /** set null: the business outlives the person who registered it. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    accountManagerId: uuid('account_manager_id').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Invoice-account settings, set by staff (DECISIONS "Billings and invoices"): whether the business may
     * book on invoice, its payment terms in days and its credit limit. Read by billing.
     */
    invoiceBillingEnabled: boolean('invoice_billing_enabled').notNull().default(false),
    paymentTermsInDays: integer('payment_terms_in_days').notNull().default(30),
    creditLimitInCents: bigCents('credit_limit_in_cents').notNull().default(0),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Search by name is a plain btree (exact/prefix); pg_trgm is not available in PGlite.
    index('businesses_name_idx').on(t.name),
    index('businesses_owner_idx').on(t.ownerId),
    index('businesses_account_manager_idx').on(t.accountManagerId),
    check('businesses_payment_terms', sql`${t.paymentTermsInDays} BETWEEN 0 AND 365`),
    check('businesses_credit_limit_non_negative', sql`${t.creditLimitInCents} >= 0`),
  ],
);

/** Addresses of a business (POST/GET /businesses/address): pick-up points and the billing address. */
export const businessAddresses = pgTable(
  'business_addresses',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    label: text('label'),
    name: text('name').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    email: text('email'),
    provinceCode: text('province_code').notNull(),
    cityCode: text('city_code').notNull(),
    barangayCode: text('barangay_code').notNull(),
    streetName: text('street_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('business_addresses_business_idx').on(t.businessId),
    // At most one default address per business.
    uniqueIndex('business_addresses_one_default_uq').on(t.businessId).where(sql`${t.isDefault}`),
  ],
);
