import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { businesses } from './businesses.js';
import { users } from './users.js';
import { API_KEY_REVOKED_REASONS } from '@hatid/domain';
import { oneOf } from './_enums.js';

/**
 * Keys a business uses to book and read its shipments from its own systems. The key is shown once;
 * only its SHA-256 is stored. The prefix (first characters, not secret) finds the row and lets people
 * tell keys apart. A request made with a key acts as `user_id` (its maker) for `business_id`, and only while
 * the maker is an active business admin of that business (docs/decisions.md "API keys after their maker leaves").
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    /** What bookings made with the key are marked: a business's own system, or its Shopify shop. */
    source: text('source').notNull().default('external'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: at('last_used_at'),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
    /** Why it was revoked: by hand, or its maker left the business, was deactivated or lost the admin role. */
    revokedReason: text('revoked_reason'),
    /** Who revoked it, or whose change to the maker did; null when found at request time. */
    revokedById: uuid('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_uq').on(t.prefix),
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash),
    index('api_keys_business_idx').on(t.businessId),
    index('api_keys_user_idx').on(t.userId),
    check('api_keys_source', sql`${t.source} IN ('external', 'shopify')`),
    check('api_keys_revoked_reason', sql`${oneOf(t.revokedReason, API_KEY_REVOKED_REASONS)} AND (${t.revokedAt} IS NULL) = (${t.revokedReason} IS NULL)`),
  ],
);
