import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_columns.js';
import { users } from './users.js';

/**
 * Remote feature flags (the spec's "flags" collection): each has a test and a production value, and
 * the running environment picks one. Payment options (wallet, card, direct debit, e-wallet, QR) are
 * switched here.
 */
export const flags = pgTable(
  'flags',
  {
    key: text('key').primaryKey(),
    description: text('description'),
    testValue: boolean('test_value').notNull().default(false),
    productionValue: boolean('production_value').notNull().default(false),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('flags_key_format', sql`${t.key} ~ '^[a-z][a-z0-9_.-]*$'`)],
);
