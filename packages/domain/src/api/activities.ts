import { z } from 'zod';
import { SUBJECTS } from '../abilities/define.js';
import { ACTIVITY_ACTIONS } from '../catalogue/enums.js';
import { MAX_TEXT_LENGTH, VALIDATION_MESSAGES } from '../validation/index.js';
import { pageQuery } from './common.js';

/**
 * The activity log (api-catalogue "Activities…"; DECISIONS "Activity log"; docs/decisions.md "Activity
 * log"): who changed what, which record, when, with a short before/after summary.
 */

/**
 * Categories of the global log's category filter: the server's own, and `manual` for notes people write
 * with POST /activities (always `manual`: a note never takes one of the server's categories).
 */
export const ACTIVITY_CATEGORY_LABELS = {
  shipments: 'Shipments',
  delivery_status: 'Delivery status',
  rider_assignment: 'Rider assignment',
  payments: 'Payments',
  pricing: 'Pricing',
  'promo-codes': 'Promo codes',
  tickets: 'Tickets',
  reviews: 'Reviews',
  businesses: 'Clients',
  partners: 'Partners',
  hubs: 'Drop-off hubs',
  couriers: 'Couriers',
  consolidations: 'Consolidations',
  'hand-offs': 'Partner hand-offs',
  users: 'Users',
  riders: 'Riders',
  collections: 'Cash collections',
  'api-keys': 'API keys',
  manual: 'Notes',
} as const;
export type ActivityCategory = keyof typeof ACTIVITY_CATEGORY_LABELS;
export const SERVER_ACTIVITY_CATEGORIES: readonly string[] = Object.keys(ACTIVITY_CATEGORY_LABELS).filter((c) => c !== 'manual');
/** Every category the server writes: the filter's, and two written without a filter entry of their own. */
export const SERVER_WRITTEN_CATEGORIES: readonly string[] = [...SERVER_ACTIVITY_CATEGORIES, 'billings', 'configurations'];
/** The category of every note a person writes (POST /activities). */
export const NOTE_CATEGORY = 'manual' satisfies ActivityCategory;

/**
 * Whether an entry is a note a person wrote rather than an event the server recorded: action NOTE, or
 * (entries written by hand before notes existed) a category the server never writes, which POST
 * /activities always took. The server reports such entries as NOTE (docs/decisions.md "Notes in the
 * activity log").
 */
export function isWrittenByHand(entry: { action: string; category: string }): boolean {
  return entry.action === 'NOTE' || !SERVER_WRITTEN_CATEGORIES.includes(entry.category);
}

const categorySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_-]{0,49}$/, 'Use lower-case letters, digits, - and _ (at most 50)');

const dateOrInstant = z.iso.date('Use a yyyy-MM-dd date').or(z.iso.datetime({ offset: true }));

/** GET /activities: newest first; outside what the person may see the filters find nothing. */
export const activityListQuery = pageQuery.extend({
  createdById: z.uuid('Choose a person from the list').optional(),
  /** The record's kind, e.g. Shipment, Business, PromoCode. */
  entity: z.string().trim().min(1).max(50).optional(),
  /** One record's history (with `entity`). */
  entityId: z.string().trim().min(1).max(100).optional(),
  /** The state the record was left in (a delivery status, a ticket status, ACTIVE…). */
  status: z.string().trim().min(1).max(50).optional(),
  action: z.enum(ACTIVITY_ACTIONS).optional(),
});
export type ActivityListQuery = z.infer<typeof activityListQuery>;

/** GET /activities/global (admins). A bare date is a whole Manila day, both ends included. */
export const globalActivityQuery = pageQuery
  .extend({
    /** Words of the summary, the person's name, the record's kind or id (any case). */
    search: z.string().trim().max(100).optional(),
    startDate: dateOrInstant.optional(),
    endDate: dateOrInstant.optional(),
    category: categorySchema.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate.slice(0, 10) <= q.endDate.slice(0, 10), {
    path: ['endDate'],
    message: 'The end date must not be before the start date',
  });
export type GlobalActivityQuery = z.infer<typeof globalActivityQuery>;

/**
 * POST /activities: a note a person writes in the log (a phone call to a client, a sack handed over at the
 * hub), by the roles with the activities ability (admins, consolidators). It is always stored as a NOTE by
 * its author, in the `manual` category, about the record named if any: the server's verbs (CREATED,
 * DELETED…), categories, statuses and before/after are never taken from a client, so no note can pass for
 * an event the server recorded. Other keys (action, category, status, before…) are ignored.
 */
export const createActivityBody = z
  .object({
    /** The kind of record the note is about, if any (an ability subject, e.g. Shipment). */
    entity: z.enum(SUBJECTS).optional(),
    entityId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_.:-]+$/, 'Use the record id')
      .optional(),
    /** What the person writes. */
    summary: z.string().trim().min(1, 'Write the note').max(MAX_TEXT_LENGTH, VALIDATION_MESSAGES.maxText),
  })
  .refine((b) => !b.entityId || b.entity, { path: ['entity'], message: 'Say what kind of record the id belongs to' });
export type CreateActivityInput = z.input<typeof createActivityBody>;
export type CreateActivityBody = z.output<typeof createActivityBody>;

export const activityLogDto = z.object({
  id: z.string(),
  /** NOTE: written by a person (createdByName); any other action: an event the server recorded. */
  action: z.enum(ACTIVITY_ACTIONS),
  /** The kind of record; null only for a note about no record in particular. */
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  /** What the record is called today (a person's name, a shipment's tracking number), when the log can tell. */
  entityName: z.string().nullable(),
  category: z.string(),
  status: z.string().nullable(),
  summary: z.string().nullable(),
  /** The changed fields before and after (credentials never included). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Who did it: the name kept at the time, even if the account is renamed or removed since. */
  createdById: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityLogDto = z.infer<typeof activityLogDto>;
