import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { freshMobile } from '../../testing/auth.js';
import { checkOtp, OTP_RULES, sendOtp, type OtpDeps } from './otp.service.js';

/**
 * Guessing a one-time code in parallel. The service functions are called directly, so the routes' per-IP
 * request limits cannot hide a race. On PostgreSQL (TEST_DB=pg) the guesses run in parallel transactions on
 * a pool of 10 connections; on PGlite they queue on one connection, and the same answers must come out.
 */
let t: TestApp;
let deps: OtpDeps;
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
  deps = { db: t.database.db, sms: t.sms, secret: t.app.secret };
});
afterAll(async () => {
  await t?.close();
});

type Outcome = 'accepted' | 'incorrect' | 'too-many' | 'used' | 'other';

async function guess(mobileNumber: string, code: string): Promise<Outcome> {
  try {
    await checkOtp(deps, mobileNumber, code, 'customer_sign_in');
    return 'accepted';
  } catch (error) {
    if (!(error instanceof AppError)) return 'other';
    if (error.code === 'RATE_LIMITED' && error.message === 'Too many wrong codes. Please request a new code.') return 'too-many';
    if (/^The code is incorrect\. \d (try|tries) left\.$/.test(error.message)) return 'incorrect';
    if (error.message === 'This code has expired or was already used. Please request a new one.') return 'used';
    return 'other';
  }
}

/** `n` six-digit codes that are all wrong. */
function wrongCodes(right: string, n: number): string[] {
  const codes: string[] = [];
  for (let i = 0; codes.length < n; i++) {
    const c = String(i).padStart(6, '0');
    if (c !== right) codes.push(c);
  }
  return codes;
}

const tally = (outcomes: Outcome[]) => {
  const counts: Record<Outcome, number> = { accepted: 0, incorrect: 0, 'too-many': 0, used: 0, other: 0 };
  for (const o of outcomes) counts[o] += 1;
  return counts;
};

async function freshCode(): Promise<{ mobile: string; code: string }> {
  const mobile = freshMobile();
  await sendOtp(deps, mobile, '198.51.100.10', 'customer_sign_in');
  return { mobile, code: t.sms.lastCodeFor(mobile) };
}

const attemptsOf = async (mobile: string) => (await t.database.db.select().from(otpCodes).where(eq(otpCodes.mobileNumber, mobile))).map((r) => r.attempts);

describe(`guessing a one-time code in parallel (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('100 wrong guesses, then the right code, then 100 more at once: 5 guesses are compared, the right one is refused', async () => {
    const { mobile, code } = await freshCode();
    const wrong = wrongCodes(code, 200);
    const guesses = [...wrong.slice(0, 100), code, ...wrong.slice(100)];

    const outcomes = await Promise.all(guesses.map((g) => guess(mobile, g)));
    const counts = tally(outcomes);

    // The right code was sent after 100 wrong ones had claimed (and used up) the 5 attempts.
    expect(outcomes[100]).toBe('too-many');
    expect(counts.accepted).toBe(0);
    // Every guess either used one of the 5 attempts (4 "incorrect, n left" + the 5th wrong, which kills the
    // code) or was refused without being compared.
    expect(counts).toEqual({ accepted: 0, incorrect: OTP_RULES.maxAttempts - 1, 'too-many': 201 - (OTP_RULES.maxAttempts - 1), used: 0, other: 0 });
    expect(await attemptsOf(mobile)).toEqual([OTP_RULES.maxAttempts]);
    // Afterwards the code stays dead, right or wrong.
    expect(await guess(mobile, code)).toBe('too-many');
  });

  it('the right code sent first in a burst of 100 wrong ones: at most 5 are compared; it signs in only if among them', async () => {
    const { mobile, code } = await freshCode();
    const guesses = [code, ...wrongCodes(code, 100)];

    const outcomes = await Promise.all(guesses.map((g) => guess(mobile, g)));
    const counts = tally(outcomes);

    expect(counts.other).toBe(0);
    expect(outcomes.slice(1)).not.toContain('accepted');
    const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.mobileNumber, mobile));
    expect(row!.attempts).toBeLessThanOrEqual(OTP_RULES.maxAttempts);
    if (outcomes[0] === 'accepted') {
      // It claimed one of the 5 attempts: the code is spent, and fewer than 5 wrong ones were compared.
      expect(counts.incorrect).toBeLessThanOrEqual(OTP_RULES.maxAttempts - 1);
      expect(row!.consumedAt).not.toBeNull();
      expect(await guess(mobile, code)).toBe('used');
    } else {
      // On PostgreSQL the 10 pooled connections claim in no fixed order: 5 wrong ones may have come first.
      expect(outcomes[0]).toBe('too-many');
      expect(counts.incorrect).toBe(OTP_RULES.maxAttempts - 1);
      expect(row!.attempts).toBe(OTP_RULES.maxAttempts);
      expect(row!.consumedAt).toBeNull();
    }
  });

  it('the right code among 5 parallel guesses (4 wrong) always signs in, once', async () => {
    const { mobile, code } = await freshCode();
    const outcomes = await Promise.all([code, ...wrongCodes(code, 4)].map((g) => guess(mobile, g)));
    expect(outcomes[0]).toBe('accepted');
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(1);
    expect(await guess(mobile, code)).toBe('used');
  });

  it('10 parallel copies of the right code: exactly one signs in', async () => {
    const { mobile, code } = await freshCode();
    const counts = tally(await Promise.all(Array.from({ length: 10 }, () => guess(mobile, code))));
    expect(counts.accepted).toBe(1);
    expect(counts.accepted + counts.used + counts['too-many']).toBe(10);
  });

  it('the right code on the 5th attempt still signs in; a 6th attempt never is compared', async () => {
    const { mobile, code } = await freshCode();
    const wrong = wrongCodes(code, 5);
    for (let i = 0; i < 4; i++) expect(await guess(mobile, wrong[i]!)).toBe('incorrect');
    expect(await guess(mobile, code)).toBe('accepted');

    const second = await freshCode();
    for (const w of wrongCodes(second.code, 5)) await guess(second.mobile, w);
    expect(await guess(second.mobile, second.code)).toBe('too-many');
  });

  it('20 parallel requests for a code to one number (from 20 addresses) send exactly 1 SMS', async () => {
    const mobile = freshMobile();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => sendOtp(deps, mobile, `198.51.100.${100 + i}`, 'customer_sign_in')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('RATE_LIMITED');
    }
    expect(t.sms.sent.filter((m) => m.to === mobile)).toHaveLength(1);
    expect(await attemptsOf(mobile)).toHaveLength(1);
  });
});
