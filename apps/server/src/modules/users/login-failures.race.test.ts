import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../seed/index.js';
import { loginFailures } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { LOGIN_LIMITS, lockSecondsAfter } from './login-failures.js';
import { loginWithEmail } from './users.service.js';

/**
 * The per-account password limit, called directly (no per-IP route limit in the way). On PostgreSQL
 * (TEST_DB=pg) the parallel attempts run in parallel transactions on 10 pooled connections; on PGlite
 * they queue on one connection, and the same answers must come out.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Outcome = 'signed-in' | 'wrong' | 'locked' | 'other';

async function attempt(email: string, password: string, now?: Date): Promise<Outcome> {
  try {
    await loginWithEmail(t.database.db, email, password, now ? { now: () => now } : {});
    return 'signed-in';
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return 'wrong';
    if (error instanceof AppError && /^Too many failed sign-ins\. Try again in \d+ seconds?\.$/.test(error.message)) return 'locked';
    return 'other';
  }
}

const count = (outcomes: Outcome[], o: Outcome) => outcomes.filter((x) => x === o).length;

describe(`guessing a password in parallel (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('50 wrong passwords, then the right one, all at once: 5 passwords are checked, the right one is refused', async () => {
    const email = demoEmail('staff');
    const passwords = [...Array.from({ length: 50 }, (_, i) => `guess-${i}`), DEMO_PASSWORD];

    const outcomes = await Promise.all(passwords.map((p) => attempt(email, p)));

    expect(count(outcomes, 'wrong')).toBe(LOGIN_LIMITS.freeAttempts);
    expect(count(outcomes, 'locked')).toBe(passwords.length - LOGIN_LIMITS.freeAttempts);
    expect(outcomes.at(-1)).toBe('locked');
    const [row] = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(row!.failures).toBe(LOGIN_LIMITS.freeAttempts);
  });

  it('the lock grows: 30 s after the 5th failure in a row, then 60 s, 120 s… at most 15 minutes; the right password ends it', async () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 50].map(lockSecondsAfter)).toEqual([0, 30, 60, 120, 240, 480, 900, 900, 900]);

    const email = demoEmail('sales_agent');
    let now = new Date('2030-01-01T00:00:00Z');
    const at = (secondsLater: number) => (now = new Date(now.getTime() + secondsLater * 1000));
    for (let i = 0; i < 5; i++) expect(await attempt(email, 'wrong', now)).toBe('wrong');
    for (const wait of [30, 60, 120, 240, 480, 900, 900]) {
      // Locked, even for the right password, until the whole delay has passed…
      expect(await attempt(email, DEMO_PASSWORD, at(wait - 1))).toBe('locked');
      // …then one more attempt is checked; a wrong one locks for the next delay.
      expect(await attempt(email, 'wrong', at(1))).toBe('wrong');
    }
    expect(await attempt(email, DEMO_PASSWORD, at(899))).toBe('locked');
    expect(await attempt(email, DEMO_PASSWORD, at(1))).toBe('signed-in');
    expect(await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, email))).toEqual([]);
    expect(await attempt(email, 'wrong', at(1))).toBe('wrong');
  });

  it('a run of failures is forgotten after a day without attempts', async () => {
    const email = 'forgetful@hatid.test';
    const start = new Date('2030-02-01T00:00:00Z');
    for (let i = 0; i < 4; i++) expect(await attempt(email, 'wrong', start)).toBe('wrong');
    const nextDay = new Date(start.getTime() + LOGIN_LIMITS.forgetAfterSeconds * 1000 + 1000);
    for (let i = 0; i < 4; i++) expect(await attempt(email, 'wrong', nextDay)).toBe('wrong');
    const [row] = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(row).toMatchObject({ failures: 4, lockedUntil: null });
  });
});
