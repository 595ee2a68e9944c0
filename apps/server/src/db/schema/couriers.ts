import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './_columns.js';
import { courierCategory, oneOf } from './_enums.js';

/**
 * Carriers and partners we hand parcels to (airlines, shipping lines, trucking, last-mile partners).
 * The domain has no list for the `type` filter yet: a carrier moves parcels between hubs, a partner
 * delivers them for us. Couriers are deactivated, never deleted, as transport details point at them.
 */
export const COURIER_TYPES = ['carrier', 'partner'] as const;

export const couriers = pgTable(
  'couriers',
  {
    id: id(),
    name: text('name').notNull(),
    type: text('type').notNull().default('carrier'),
    category: courierCategory('category').notNull(),
    /** IATA airline code or the partner's short code, printed on transport details. */
    code: text('code'),
    contactName: text('contact_name'),
    contactNumber: text('contact_number'),
    contactEmail: text('contact_email'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('couriers_name_uq').on(sql`lower(${t.name})`),
    index('couriers_category_active_idx').on(t.category, t.isActive),
    check('couriers_type', oneOf(t.type, COURIER_TYPES)),
  ],
);
