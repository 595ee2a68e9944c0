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
 * Categories the server writes (the global log's category filter). Entries recorded with POST /activities
 * take another category (`manual` unless told), so a client can never pass for one of the server's own.
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
  manual: 'Recorded by hand',
} as const;
export type ActivityCategory = keyof typeof ACTIVITY_CATEGORY_LABELS;
export const SERVER_ACTIVITY_CATEGORIES: readonly string[] = Object.keys(ACTIVITY_CATEGORY_LABELS).filter((c) => c !== 'manual');

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
 * POST /activities: something a staff-side person did that the server does not see itself (a phone call
 * to a client, a parcel handed over at the counter). Who and when come from the session and the clock; the
 * server writes before/after of its own changes only, so no client can forge one.
 */
export const createActivityBody = z.object({
  action: z.enum(ACTIVITY_ACTIONS),
  entity: z.enum(SUBJECTS),
  entityId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Use the record id')
    .optional(),
  category: categorySchema.default('manual'),
  summary: z.string().trim().min(1, 'Say what was done').max(MAX_TEXT_LENGTH, VALIDATION_MESSAGES.maxText),
  status: z.string().trim().min(1).max(50).optional(),
});
export type CreateActivityInput = z.input<typeof createActivityBody>;

export const activityLogDto = z.object({
  id: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  entity: z.string(),
  entityId: z.string().nullable(),
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
