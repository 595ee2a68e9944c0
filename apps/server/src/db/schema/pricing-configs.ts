import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_columns.js';
import { users } from './users.js';

/**
 * Configurable business values (commission rate, referral reward, per-kg rate, …), each a JSON value
 * under a key, edited by staff with `manage pricing configs`. Defaults live in code and are seeded.
 */
export const pricingConfigs = pgTable('pricing_configs', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  description: text('description'),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
