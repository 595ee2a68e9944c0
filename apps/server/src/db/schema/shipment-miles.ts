import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { oneOf } from './_enums.js';
import { couriers } from './couriers.js';
import { shipments } from './shipments.js';
import { users } from './users.js';

/**
 * Progress of a shipment per leg (GET /shipment-miles/progress/{trackingNumber}): who carries each mile,
 * with which courier and reference, plus staff notes. The domain has no list of miles yet; the three legs
 * follow the spec's grouping of activity statuses (first, mid, last mile).
 */
export const SHIPMENT_MILES = ['first', 'mid', 'last'] as const;

export const shipmentMiles = pgTable(
  'shipment_miles',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    mile: text('mile').notNull(),
    /** A partner hand-off: the carrier and its own tracking reference. */
    courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'set null' }),
    courierReference: text('courier_reference'),
    handledById: uuid('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: at('started_at'),
    completedAt: at('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipment_miles_shipment_mile_uq').on(t.shipmentId, t.mile),
    index('shipment_miles_courier_idx').on(t.courierId),
    check('shipment_miles_mile', oneOf(t.mile, SHIPMENT_MILES)),
  ],
);

export const shipmentMileNotes = pgTable(
  'shipment_mile_notes',
  {
    id: id(),
    shipmentMileId: uuid('shipment_mile_id')
      .notNull()
      .references(() => shipmentMiles.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shipment_mile_notes_mile_idx').on(t.shipmentMileId, t.createdAt)],
);
