import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS, WEBHOOK_ENDPOINT_STATUSES, WEBHOOK_EVENT_TYPES } from '@hatid/domain';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { oneOf } from './_enums.js';
import { businesses } from './businesses.js';
import { users } from './users.js';

/**
 * A business's webhook endpoints (issue 33; docs/webhooks.md). The signing secret is kept encrypted with a key
 * derived from the server's APP_SECRET (AES-256-GCM), since signing needs the secret itself; it is shown once.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    /** `iv.tag.ciphertext`, base64url each (modules/webhooks/secrets.ts). */
    secretCiphertext: text('secret_ciphertext').notNull(),
    secretHint: text('secret_hint').notNull(),
    status: text('status').notNull().default('active'),
    disabledReason: text('disabled_reason'),
    disabledAt: at('disabled_at'),
    /** The first failed attempt since the last success; 24 hours of failing switches the endpoint off. */
    failingSince: at('failing_since'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_endpoints_business_idx').on(t.businessId),
    check('webhook_endpoints_status', oneOf(t.status, WEBHOOK_ENDPOINT_STATUSES)),
    check(
      'webhook_endpoints_disabled_reason',
      sql`${oneOf(t.disabledReason, WEBHOOK_DISABLED_REASONS)} AND (${t.status} = 'disabled') = (${t.disabledReason} IS NOT NULL)`,
    ),
    check(
      'webhook_endpoints_events',
      sql`${t.events} <@ ARRAY[${sql.raw(WEBHOOK_EVENT_TYPES.map((e) => `'${e}'`).join(', '))}]::text[] AND cardinality(${t.events}) > 0`,
    ),
  ],
);

/** One event of a business, its body frozen when it happened: every attempt and every replay send the same bytes. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The shipment the event is about: its events reach each endpoint in order. */
    shipmentId: uuid('shipment_id'),
    trackingNumber: text('tracking_number'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_business_idx').on(t.businessId, t.createdAt), check('webhook_events_type', oneOf(t.type, WEBHOOK_EVENT_TYPES))],
);

/**
 * One event for one endpoint: the webhooks' own queue (modules/webhooks/dispatcher.ts). `seq` orders the events of
 * one shipment (`order_key`) for one endpoint: only the earliest pending one of a chain is sent.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    orderKey: text('order_key').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** Retries stop 24 hours after this (the first try, or the replay that started it again). */
    firstTriedAt: at('first_tried_at'),
    lastAttemptAt: at('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_chain_idx').on(t.endpointId, t.orderKey, t.seq).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.seq),
    check('webhook_deliveries_status', oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
  ],
);

/** Each attempt: what the receiver answered (status, latency, first bytes) or why nothing came back. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: at('attempted_at').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
