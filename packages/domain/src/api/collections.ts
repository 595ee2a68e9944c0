import { z } from 'zod';
import { COLLECTION_STATUSES, type CollectionStatus } from '../catalogue/enums.js';
import { trackingNumberSchema } from '../tracking-number/index.js';
import { dayOrInstant, END_BEFORE_START, endNotBeforeStart, pageQuery } from './common.js';

/**
 * Cash collections (/cash-collections; api-catalogue "Collections"; DECISIONS "Collections"): cash that
 * riders and partners collect is owed to the hub until they hand it over. A collection records one
 * hand-over: who, which shipments, how much; pending → on going → completed, or cancelled.
 */

/** Where the cash was collected: from the sender at pick-up, or from the recipient on delivery. */
export const COLLECTION_SOURCES = ['pickup', 'delivery'] as const;
export type CollectionSource = (typeof COLLECTION_SOURCES)[number];
export const COLLECTION_SOURCE_LABELS: Record<CollectionSource, string> = { pickup: 'Cash upon pick up', delivery: 'Cash on delivery' };

export const COLLECTION_STATUS_LABELS: Record<CollectionStatus, string> = {
  pending: 'Pending',
  on_going: 'On going',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
/** The moves a collection may make; completed and cancelled are final. */
export const COLLECTION_MOVES: Record<CollectionStatus, readonly CollectionStatus[]> = {
  pending: ['on_going', 'completed', 'cancelled'],
  on_going: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

const provinceCode = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Choose a province from the list');

/** POST /collections: a hand-over of cash by one rider or partner. */
export const createCollectionBody = z.object({
  collectedFromId: z.uuid('Choose the rider or partner handing over the cash'),
  source: z.enum(COLLECTION_SOURCES, 'Choose cash upon pick up or cash on delivery'),
  /** The shipments whose cash is handed over; absent: all of this person's outstanding cash of that source. */
  trackingNumbers: z.array(trackingNumberSchema).min(1, 'Choose at least one shipment').max(500, 'At most 500 shipments in one hand-over').optional(),
  /** The hub's province. */
  location: provinceCode.optional(),
  remarks: z.string().trim().max(500, 'Keep remarks to 500 characters').optional(),
});
export type CreateCollectionInput = z.input<typeof createCollectionBody>;
export type CreateCollectionBody = z.output<typeof createCollectionBody>;

/** GET /collections: newest first. */
export const collectionListQuery = pageQuery
  .extend({
    /** The start of a tracking number in the hand-over, or part of the name of who handed it over. */
    search: z.string().trim().max(100).optional(),
    /** Who handed the cash over (a rider or partner's user id). */
    partner: z.uuid('Choose a rider or partner from the list').optional(),
    status: z.enum(COLLECTION_STATUSES, 'Choose a status from the list').optional(),
    collectionsSource: z.enum(COLLECTION_SOURCES, 'Choose cash upon pick up or cash on delivery').optional(),
    /** When the hand-over was recorded: whole Manila days, both included, or exact ISO instants. */
    startDate: dayOrInstant.optional(),
    endDate: dayOrInstant.optional(),
    location: provinceCode.optional(),
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type CollectionListQuery = z.infer<typeof collectionListQuery>;

export const collectionDto = z.object({
  id: z.string(),
  collectedFromId: z.string(),
  collectedFromName: z.string(),
  /** Who took the cash at the hub (set when completed). */
  receivedById: z.string().nullable(),
  receivedByName: z.string().nullable(),
  source: z.enum(COLLECTION_SOURCES),
  status: z.enum(COLLECTION_STATUSES),
  amountInCents: z.number().int(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  remarks: z.string().nullable(),
  shipments: z.array(z.object({ shipmentId: z.string(), trackingNumber: z.string(), amountInCents: z.number().int() })),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type CollectionDto = z.infer<typeof collectionDto>;

/** PATCH /collections/status: one collection's next status. */
export const collectionStatusBody = z.object({
  id: z.uuid('Collection not found'),
  status: z.enum(COLLECTION_STATUSES, 'Choose a status from the list'),
  remarks: z.string().trim().max(500, 'Keep remarks to 500 characters').optional(),
});

/** PATCH /collections/bulk-status: each collection moved on its own; failures are reported per row. */
export const collectionBulkStatusBody = z.object({
  ids: z.array(z.uuid('Collection not found')).min(1, 'Choose at least one collection').max(100, 'At most 100 collections at once'),
  status: z.enum(COLLECTION_STATUSES, 'Choose a status from the list'),
});
export const collectionBulkResultDto = z.object({
  updated: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type CollectionBulkResult = z.infer<typeof collectionBulkResultDto>;

/** GET /collections/outstanding: cash collected and not in a live hand-over, per rider or partner. */
export const outstandingCashQuery = z.object({
  /** One person: their shipments with outstanding cash are listed too (the "add collection" modal). */
  collectedFromId: z.uuid('Choose a rider or partner from the list').optional(),
  source: z.enum(COLLECTION_SOURCES, 'Choose cash upon pick up or cash on delivery').optional(),
});
export const outstandingCashDto = z.object({
  people: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      pickupInCents: z.number().int(),
      deliveryInCents: z.number().int(),
      shipments: z.number().int(),
    }),
  ),
  /** Only when one person is asked about. */
  shipments: z.array(
    z.object({
      shipmentId: z.string(),
      trackingNumber: z.string(),
      source: z.enum(COLLECTION_SOURCES),
      amountInCents: z.number().int(),
      receivedAt: z.string(),
      /** The holder's cash was short of what was due on it: by how much and why (null when not short). */
      shortInCents: z.number().int().nullable(),
      shortReason: z.string().nullable(),
    }),
  ),
});
export type OutstandingCashDto = z.infer<typeof outstandingCashDto>;
