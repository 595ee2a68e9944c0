import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { freshMobile } from '../../testing/auth.js';
import { OTP_RULES } from './otp.service.js';

/**
 * The one-time-code limits under concurrent requests (each code is an SMS we pay for). They mean
 * something on real PostgreSQL (TEST_DB=pg), where the requests run in parallel; on PGlite they queue.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

// Each test comes from its own address: the route also has a per-IP request limit of 10 a minute.
const sendOtp = (mobileNumber: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber }, remoteAddress });

describe(`racing for one-time codes (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('10 parallel requests for one number send one code; the other 9 are told to wait', async () => {
    const mobile = freshMobile();
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendOtp(mobile, '203.0.113.1')));

    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code$/);
    }
    expect(t.sms.sent.filter((m) => m.to === mobile)).toHaveLength(1);
    expect(await t.database.db.select().from(otpCodes).where(eq(otpCodes.mobileNumber, mobile))).toHaveLength(1);
  });

  it(`a network 5 codes short of its hourly ${OTP_RULES.perIpPerHour} gets exactly 5 of 10 parallel requests`, async () => {
    const ip = '203.0.113.2';
    const now = Date.now();
    for (let i = 0; i < OTP_RULES.perIpPerHour - 5; i++) {
      await t.database.db.insert(otpCodes).values({
        mobileNumber: freshMobile(),
        purpose: 'customer_sign_in',
        codeHash: 'x',
        expiresAt: new Date(now + 60_000),
        requestIp: ip,
        createdAt: new Date(now - 60_000),
      });
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendOtp(freshMobile(), ip)));

    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json().message).toBe('Too many codes requested from this network. Please try again later.');
    }
    expect(await t.database.db.select().from(otpCodes).where(eq(otpCodes.requestIp, ip))).toHaveLength(OTP_RULES.perIpPerHour);
  });
});
