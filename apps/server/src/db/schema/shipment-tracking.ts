import { DELIVERY_FAILURE_REASONS, PICKUP_FAILURE_REASONS } from '@hatid/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './_columns.js';
import { activityType, deliveryStatus, documentType, oneOf } from './_enums.js';
import { shipmentPackages, shipments } from './shipments.js';
import { uploads } from './uploads.js';
import { users } from './users.js';

/**
 * The shipment's history: timeline activities, weighings, documents and proof photos. Part of the
 * shipment aggregate (split from shipments.ts only to keep files short). Rows are appended, never
 * rewritten: a correction is a new activity with a note (DECISIONS "Shipment life cycle").
 */

/** Proof photo kinds; the domain has no list yet (DELETE /shipments/{trackingNumber}/proof-image/{type}). */
export const PROOF_IMAGE_TYPES = ['pickup', 'delivery'] as const;

export const shipmentActivities = pgTable(
  'shipment_activities',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** Detailed status ("Package picked up", "Delivery failed", …) or "Custom". */
    name: text('name').notNull(),
    customStatusName: text('custom_status_name'),
    type: activityType('type'),
    /** The delivery status this activity set; null for custom activities and notes. */
    deliveryStatus: deliveryStatus('delivery_status'),
    /** Pick-up or delivery failure reason, from the domain's reason lists. */
    reason: text('reason'),
    hideFromTimeline: boolean('hide_from_timeline').notNull().default(false),
    note: text('note'),
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    proofUploadId: uuid('proof_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** set null: the timeline outlives accounts; actor_name keeps who it was. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    /** When it happened on the phone (an offline rider's action arrives later); created_at is the server's time. */
    occurredAt: at('occurred_at'),
    /** Delivered to someone other than the recipient: who took the parcel. */
    receivedBy: text('received_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shipment_activities_shipment_created_idx').on(t.shipmentId, t.createdAt),
    index('shipment_activities_actor_idx').on(t.actorId),
    check('shipment_activities_reason', sql`${t.reason} IS NULL OR ${oneOf(t.reason, [...new Set([...PICKUP_FAILURE_REASONS, ...DELIVERY_FAILURE_REASONS])])}`),
    // DECISIONS: custom activities never change the delivery status.
    check('shipment_activities_custom_keeps_status', sql`${t.customStatusName} IS NULL OR ${t.deliveryStatus} IS NULL`),
  ],
);

/** Weighings at pick-up, hub or consolidation; the latest one per package is the chargeable one. */
export const shipmentWeights = pgTable(
  'shipment_weights',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    shipmentPackageId: uuid('shipment_package_id').references(() => shipmentPackages.id, { onDelete: 'set null' }),
    weightInGrams: integer('weight_in_grams').notNull(),
    lengthInCm: numeric('length_in_cm', { precision: 8, scale: 2, mode: 'number' }),
    widthInCm: numeric('width_in_cm', { precision: 8, scale: 2, mode: 'number' }),
    heightInCm: numeric('height_in_cm', { precision: 8, scale: 2, mode: 'number' }),
    volumetricWeightInGrams: integer('volumetric_weight_in_grams'),
    note: text('note'),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('shipment_weights_shipment_idx').on(t.shipmentId, t.createdAt),
    check('shipment_weights_positive', sql`${t.weightInGrams} > 0 AND (${t.volumetricWeightInGrams} IS NULL OR ${t.volumetricWeightInGrams} >= 0)`),
  ],
);

export const shipmentDocuments = pgTable(
  'shipment_documents',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** cascade: a document row without its file is useless. */
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    documentType: documentType('document_type').notNull(),
    name: text('name').notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shipment_documents_shipment_idx').on(t.shipmentId)],
);

export const proofImages = pgTable(
  'proof_images',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id').references(() => shipmentActivities.id, { onDelete: 'set null' }),
    takenById: uuid('taken_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When it was taken on the phone; created_at is when the server received it. */
    takenAt: at('taken_at'),
    createdAt: createdAt(),
  },
  (t) => [index('proof_images_shipment_type_idx').on(t.shipmentId, t.type), check('proof_images_type', oneOf(t.type, PROOF_IMAGE_TYPES))],
);
