import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, registrationTickets } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { freshMobile } from '../../testing/auth.js';
import { purgeOldOtpCodes } from './otp.service.js';

/** How long one-time codes are kept, and how many one network address may ask for. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

const sendCode = (mobileNumber: string) => t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber }, remoteAddress: '192.0.2.77' });

describe('purging one-time codes', () => {
  it('forgets codes and registration tickets older than a day and keeps the rest, so the hourly limits still count', async () => {
    const now = new Date();
    const old = freshMobile();
    const recent = freshMobile();
    expect((await sendCode(old)).statusCode).toBe(200);
    expect((await sendCode(recent)).statusCode).toBe(200);
    const dayAndAMinuteAgo = new Date(now.getTime() - 86_460_000);
    await t.database.db.update(otpCodes).set({ createdAt: dayAndAMinuteAgo, expiresAt: dayAndAMinuteAgo }).where(eq(otpCodes.mobileNumber, old));
    await t.database.db.insert(registrationTickets).values([
      { tokenHash: `old-${old}`, mobileNumber: old, expiresAt: dayAndAMinuteAgo },
      { tokenHash: `new-${recent}`, mobileNumber: recent, expiresAt: new Date(now.getTime() + 1_800_000) },
    ]);

    expect(await purgeOldOtpCodes(t.database.db, { now })).toEqual({ codes: 1, tickets: 1 });
    expect(await t.database.db.select({ n: otpCodes.mobileNumber }).from(otpCodes).where(eq(otpCodes.mobileNumber, old))).toEqual([]);
    expect(await t.database.db.select({ n: registrationTickets.mobileNumber }).from(registrationTickets)).toEqual([{ n: recent }]);
    // The recent number's code is kept: asking again at once is still refused by the 30 s wait.
    const again = await sendCode(recent);
    expect(again.statusCode).toBe(429);
  });

  it("an operator's OTP_PER_IP_PER_HOUR is the hourly number of codes one address may ask for", async () => {
    const strict = await buildTestApp({ demo: false, config: { OTP_PER_IP_PER_HOUR: '2' } });
    try {
      const ask = () => strict.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber: freshMobile() }, remoteAddress: '198.51.100.9' });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      const third = await ask();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe('Too many codes requested from this network. Please try again later.');
    } finally {
      await strict.close();
    }
  });
});
