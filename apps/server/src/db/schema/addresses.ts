import { PARTNER_STATUSES } from '@hatid/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './_columns.js';
import { users } from './users.js';

export const partnerStatus = pgEnum('partner_status', PARTNER_STATUSES);

/** The provinces we serve (a subset of PSGC, set by admins). Metro Manila uses the NCR region code. */
export const coveredProvinces = pgTable(
  'covered_provinces',
  {
    provinceCode: text('province_code').primaryKey(),
    name: text('name').notNull(),
    partnerStatus: partnerStatus('partner_status').notNull().default('direct'),
    partnerId: uuid('partner_id').references(() => users.id, { onDelete: 'set null' }),
    retrievalFeeInCents: integer('retrieval_fee_in_cents').notNull().default(0),
    isIntraCityEnabled: boolean('is_intra_city_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('covered_provinces_fee_non_negative', sql`${t.retrievalFeeInCents} >= 0`)],
);

/** Saved addresses of a user; shipments copy the address fields at booking so later edits never rewrite history. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  (t) => [index('addresses_user_idx').on(t.userId)],
);
