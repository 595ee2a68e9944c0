import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { consolidationStatus, courierCategory, packageDeconsolidationStatus } from './_enums.js';
import { couriers } from './couriers.js';
import { shipments } from './shipments.js';
import { users } from './users.js';

/**
 * A group of shipments flown (or shipped) from one airport to another under one master air waybill
 * (DECISIONS "Consolidations"). Status moves pending → consolidated → deconsolidating → completed.
 */
export const consolidations = pgTable(
  'consolidations',
  {
    id: id(),
    /** Readable, e.g. MNL-CEB-20261122-01. */
    tag: text('tag').notNull(),
    /** The `type` filter: the line-haul mode, air or sea. */
    type: courierCategory('type').notNull().default('air'),
    senderAirport: text('sender_airport').notNull(),
    receiverAirport: text('receiver_airport').notNull(),
    status: consolidationStatus('status').notNull().default('pending'),
    /** The carrier's master air waybill number (the spec's consolidation "tracking number"). */
    masterAwbNumber: text('master_awb_number'),
    courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'restrict' }),
    isAutomated: boolean('is_automated').notNull().default(false),
    /** The consolidator (GET /consolidations/me). */
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    consolidatedAt: at('consolidated_at'),
    deconsolidationStartedAt: at('deconsolidation_started_at'),
    completedAt: at('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('consolidations_tag_uq').on(t.tag),
    index('consolidations_master_awb_idx').on(t.masterAwbNumber),
    index('consolidations_status_created_idx').on(t.status, t.createdAt),
    index('consolidations_route_idx').on(t.senderAirport, t.receiverAirport),
    index('consolidations_created_by_idx').on(t.createdById, t.createdAt),
    check('consolidations_airports_iata', sql`${t.senderAirport} ~ '^[A-Z]{3}$' AND ${t.receiverAirport} ~ '^[A-Z]{3}$'`),
    check('consolidations_airports_differ', sql`${t.senderAirport} <> ${t.receiverAirport}`),
    check('consolidations_type', sql`${t.type} IN ('air', 'sea')`),
  ],
);

/**
 * Shipments in a consolidation, with the destination's package check and the shipment's transport
 * details. A shipment is in at most one consolidation, which is what lets
 * PATCH /consolidations/shipment/{shipmentId}/transport-details address the row by shipment alone.
 */
export const consolidationShipments = pgTable(
  'consolidation_shipments',
  {
    id: id(),
    consolidationId: uuid('consolidation_id')
      .notNull()
      .references(() => consolidations.id, { onDelete: 'cascade' }),
    /** restrict: a shipment that was flown keeps its consolidation record. */
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    /** confirmPackages: received, missing or damaged (null until checked). */
    packageStatus: packageDeconsolidationStatus('package_status'),
    packageNote: text('package_note'),
    confirmedAt: at('confirmed_at'),
    confirmedById: uuid('confirmed_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Transport details: a courier of category air or sea, flight or voyage number, times. */
    carrierId: uuid('carrier_id').references(() => couriers.id, { onDelete: 'restrict' }),
    flightNumber: text('flight_number'),
    departureAt: at('departure_at'),
    arrivalAt: at('arrival_at'),
    addedById: uuid('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('consolidation_shipments_shipment_uq').on(t.shipmentId),
    index('consolidation_shipments_consolidation_idx').on(t.consolidationId),
    check('consolidation_shipments_times', sql`${t.departureAt} IS NULL OR ${t.arrivalAt} IS NULL OR ${t.arrivalAt} >= ${t.departureAt}`),
    check('consolidation_shipments_confirmed', sql`(${t.packageStatus} IS NULL) = (${t.confirmedAt} IS NULL)`),
  ],
);
