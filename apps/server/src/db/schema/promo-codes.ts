import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { boxName, discountType } from './_enums.js';
import { cents } from './_money.js';
import { shipments } from './shipments.js';
import { users } from './users.js';

/**
 * Promo codes. usage_count is a counter claimed with a conditional UPDATE
 * (`SET usage_count = usage_count + 1 WHERE usage_count < max_usage`), so two bookings racing for the
 * last use get one success; the CHECK is the backstop. Codes are soft-deleted: shipments keep theirs.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    /** Stored upper-cased; the unique index is case-insensitive anyway. */
    code: text('code').notNull(),
    description: text('description'),
    type: discountType('type').notNull(),
    /** Cents when type = 'flat'; a whole percent (1..100) when type = 'percentage'. */
    amount: integer('amount').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    usageCount: integer('usage_count').notNull().default(0),
    /** null = unlimited. */
    maxUsage: integer('max_usage'),
    maxUsagePerUser: integer('max_usage_per_user'),
    /** Empty = every box type. */
    applicableBoxTypes: boxName('applicable_box_types').array().notNull().default(sql`'{}'`),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_uq').on(sql`upper(${t.code})`),
    index('promo_codes_created_idx').on(t.createdAt),
    check('promo_codes_amount', sql`(${t.type} = 'flat' AND ${t.amount} > 0) OR (${t.type} = 'percentage' AND ${t.amount} BETWEEN 1 AND 100)`),
    check('promo_codes_period', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'promo_codes_usage',
      sql`${t.usageCount} >= 0 AND (${t.maxUsage} IS NULL OR (${t.maxUsage} > 0 AND ${t.usageCount} <= ${t.maxUsage}))
        AND (${t.maxUsagePerUser} IS NULL OR ${t.maxUsagePerUser} > 0)`,
    ),
  ],
);

/**
 * One row per shipment booked with a code. Cancelling the shipment releases the use (released_at set,
 * usage_count decremented) but keeps the row as history; per-user counts look at unreleased rows.
 */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: id(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    discountInCents: cents('discount_in_cents').notNull(),
    releasedAt: at('released_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // A shipment carries at most one code.
    uniqueIndex('promo_code_uses_shipment_uq').on(t.shipmentId),
    index('promo_code_uses_code_user_idx').on(t.promoCodeId, t.userId).where(sql`${t.releasedAt} IS NULL`),
    check('promo_code_uses_discount_non_negative', sql`${t.discountInCents} >= 0`),
  ],
);
