import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/**
 * Password sign-in limits per account (per email, known or not), kept in the database so every instance
 * shares them and no client address lifts them (the per-IP route limit is the other, weaker layer).
 */
export const LOGIN_LIMITS = {
  /** Attempts in a row that may fail before the email is locked. */
  freeAttempts: 5,
  /** The lock after the 5th failure in a row; each further failure doubles it… */
  firstLockSeconds: 30,
  /** …up to this. */
  maxLockSeconds: 15 * 60,
  /** A run of failures older than this is forgotten (stray typos days apart never add up). */
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

/** How long the n-th attempt in a row locks the email: 0 below 5, then 30 s, 60 s, 120 s… at most 15 min. */
export function lockSecondsAfter(attempts: number): number {
  if (attempts < LOGIN_LIMITS.freeAttempts) return 0;
  return Math.min(LOGIN_LIMITS.firstLockSeconds * 2 ** (attempts - LOGIN_LIMITS.freeAttempts), LOGIN_LIMITS.maxLockSeconds);
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Claims one attempt for `email` before its password is checked, in one statement: the count goes up (and
 * the lock is set once it reaches 5) only while the email is not locked, so parallel guesses cannot all
 * read "not locked" and all be checked — however many arrive at once, 5 are checked, then one per lock.
 * Throws 429 while locked, even for the right password. The attempt stays counted unless
 * `forgetLoginFailures` follows (a right password).
 */
export async function claimLoginAttempt(db: DbOrTx, email: string, now: Date): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const forgetBefore = sql`${new Date(now.getTime() - LOGIN_LIMITS.forgetAfterSeconds * 1000).toISOString()}::timestamptz`;
  // The existing row's columns, qualified: inside ON CONFLICT … DO UPDATE a bare name would be ambiguous.
  const failures = sql.raw('"login_failures"."failures"');
  const lastAttemptAt = sql.raw('"login_failures"."last_attempt_at"');
  const lockedUntil = sql.raw('"login_failures"."locked_until"');
  const next = sql`(CASE WHEN ${lastAttemptAt} < ${forgetBefore} THEN 1 ELSE ${failures} + 1 END)`;
  const { freeAttempts, firstLockSeconds, maxLockSeconds } = LOGIN_LIMITS;
  // lockSecondsAfter in SQL; the exponent is capped so power() never overflows (30·2⁵ > 15 min already).
  const lockSeconds = sql`least(${firstLockSeconds} * power(2, least(${next} - ${freeAttempts}, 5)), ${maxLockSeconds})`;

  const claimed = await db
    .insert(loginFailures)
    .values({ email, failures: 1, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: next,
        lastAttemptAt: now,
        lockedUntil: sql`CASE WHEN ${next} >= ${freeAttempts} THEN ${at} + make_interval(secs => ${lockSeconds}) ELSE NULL END`,
      },
      setWhere: sql`${lockedUntil} IS NULL OR ${lockedUntil} <= ${at}`,
    })
    .returning({ failures: loginFailures.failures });
  if (claimed.length > 0) return;

  const [row] = await db.select({ lockedUntil: loginFailures.lockedUntil }).from(loginFailures).where(eq(loginFailures.email, email));
  const seconds = Math.max(1, Math.ceil(((row?.lockedUntil?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', `Too many failed sign-ins. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`);
}

/** A right password: the run of failures ends (the row goes, so the table holds only emails mid-run). */
export async function forgetLoginFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
