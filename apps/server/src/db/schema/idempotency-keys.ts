import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './_columns.js';
import { users } from './users.js';

/**
 * Idempotency-Key replay store for writes that move money. The row, the work and the answer commit in one
 * transaction (platform/idempotency.ts), so a committed row always has its answer and a concurrent replay
 * waits on the unique index, then replays it. A replay with a different body (request_hash) is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Method and route pattern, e.g. "POST /api/shipments". */
    route: text('route').notNull(),
    /** SHA-256 of the request body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    completedAt: at('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_key_user_route_uq').on(t.key, t.userId, t.route),
    // Old keys are purged by age.
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_status', sql`${t.responseStatus} IS NULL OR ${t.responseStatus} BETWEEN 100 AND 599`),
  ],
);
