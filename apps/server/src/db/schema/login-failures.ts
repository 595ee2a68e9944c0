import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './_columns.js';

/**
 * Password sign-in attempts per email (lower-cased, trimmed; known or not, so the answer tells nothing
 * about which emails have accounts), shared by every instance. Each attempt is counted before the password
 * is checked and the row is deleted on a successful sign-in, so `failures` is the run of attempts since the
 * last success. From the 5th on the email is locked until `locked_until` (30 s, doubling, at most 15 min).
 * See modules/users/login-failures.ts.
 */
export const loginFailures = pgTable('login_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  lastAttemptAt: at('last_attempt_at').notNull(),
  lockedUntil: at('locked_until'),
});
