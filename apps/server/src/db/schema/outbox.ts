import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './_columns.js';

/**
 * Background work written in the same transaction as the change that causes it (notifications, SMS,
 * push, webhooks), so it survives a crash. Workers claim due rows with
 * `SELECT … WHERE processed_at IS NULL AND available_at <= now() ORDER BY available_at
 *  FOR UPDATE SKIP LOCKED LIMIT n`, and on failure bump attempts and push available_at back.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: id(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Optional: a producer that might emit twice (a webhook retried) sets this to enqueue once. */
    dedupeKey: text('dedupe_key'),
    availableAt: at('available_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    processedAt: at('processed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // Only pending rows are scanned; processed ones stay out of the index.
    index('outbox_events_pending_idx').on(t.availableAt).where(sql`${t.processedAt} IS NULL`),
    uniqueIndex('outbox_events_dedupe_uq').on(t.topic, t.dedupeKey),
    check('outbox_events_attempts_non_negative', sql`${t.attempts} >= 0`),
  ],
);
