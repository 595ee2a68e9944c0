import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// The kinds live in the domain (describeNotification derives title and message from them).
import { DEVICE_TOKEN_KINDS, NOTIFICATION_TYPES } from '@hatid/domain';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { oneOf } from './_enums.js';
import { users } from './users.js';

/** In-app notifications. user_id null = global (GET /notifications/global), shown to staff. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** e.g. { trackingNumber } so the web app can link to /packages/{trackingNumber}. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_global_created_idx').on(t.createdAt).where(sql`${t.userId} IS NULL`),
    check('notifications_type', oneOf(t.type, NOTIFICATION_TYPES)),
  ],
);

/** Where push notifications go (POST /notifications/token). A token belongs to one user at a time. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('web_push'),
    /** The native token, or the Web Push endpoint URL. */
    token: text('token').notNull(),
    /** Web Push keys (p256dh, auth); null for native tokens. */
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>(),
    userAgent: text('user_agent'),
    lastSeenAt: at('last_seen_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('device_tokens_token_uq').on(t.token),
    index('device_tokens_user_idx').on(t.userId),
    check('device_tokens_kind', oneOf(t.kind, DEVICE_TOKEN_KINDS)),
  ],
);
