import { sql } from 'drizzle-orm';
import { COLLECTION_SOURCES } from '@hatid/domain';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { collectionStatus, oneOf } from './_enums.js';
import { bigCents, cents } from './_money.js';
import { shipments } from './shipments.js';
import { users } from './users.js';

/** Where the cash was collected (the collectionsSource filter), from the domain's list. */
export { COLLECTION_SOURCES };

/**
 * A hand-over of cash by a rider or partner to the hub (DECISIONS "Collections"). Cash not yet in a
 * completed collection is outstanding for the person who received it (transactions.received_by_id).
 */
export const collections = pgTable(
  'collections',
  {
    id: id(),
    /** The rider or partner handing the cash over. restrict: what they owe must stay traceable. */
    collectedFromId: uuid('collected_from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    receivedById: uuid('received_by_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    status: collectionStatus('status').notNull().default('pending'),
    amountInCents: bigCents('amount_in_cents').notNull().default(0),
    /** Province code of the hub, for the location filter. */
    location: text('location'),
    remarks: text('remarks'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('collections_collected_from_created_idx').on(t.collectedFromId, t.createdAt),
    index('collections_status_created_idx').on(t.status, t.createdAt),
    index('collections_location_idx').on(t.location),
    index('collections_created_idx').on(t.createdAt),
    check('collections_amount_non_negative', sql`${t.amountInCents} >= 0`),
    check('collections_source', oneOf(t.source, COLLECTION_SOURCES)),
  ],
);

/**
 * Which shipments' cash a collection covers, and how much of each. A shipment may appear in a cancelled
 * collection and again in a later one, so "at most one live collection" is a service rule (checked
 * with the collection rows locked), not a unique index.
 */
export const collectionShipments = pgTable(
  'collection_shipments',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    amountInCents: cents('amount_in_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.shipmentId] }),
    index('collection_shipments_shipment_idx').on(t.shipmentId),
    check('collection_shipments_amount_positive', sql`${t.amountInCents} > 0`),
  ],
);
