import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './_columns.js';
import { users } from './users.js';

/**
 * Provider accounts linked to a Hatid account by social sign-in (modules/users/social-login.service.ts).
 * `provider` is who vouched for the person (`google`, or `sandbox` for the local consent page), `subject`
 * the provider's stable id of the person (OIDC `sub`): one (provider, subject) opens exactly one account.
 * Migration 0023 (hand-written).
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** The provider's email when the link was made (support look-ups); the account's own email may differ. */
    email: text('email'),
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_identities_provider_subject_uq').on(t.provider, t.subject), index('social_identities_user_idx').on(t.userId)],
);
