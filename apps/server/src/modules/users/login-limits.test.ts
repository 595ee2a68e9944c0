import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../seed/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { freshMobile } from '../../testing/auth.js';

/**
 * Sign-in limits that no client address can lift. The app runs as it would behind one proxy
 * (TRUST_PROXY=1: requests arrive from 127.0.0.1, the proxy, which appends the client's address to
 * X-Forwarded-For) with the proxy's own address allow-listed for the general API limit.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { TRUST_PROXY: '1', RATE_LIMIT_ALLOWLIST: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users/loginWithEmail', payload: { email, password }, headers });

const LOCKED = /^Too many failed sign-ins\. Try again in \d+ seconds\.$/;

describe('failed passwords lock the account, whatever address they come from', () => {
  it('30 wrong passwords from 30 addresses, then the right one: refused until the delay has passed', async () => {
    const email = demoEmail('rider');
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await login(email, `wrong-${i}`, { 'x-forwarded-for': `203.0.113.${i + 1}` }));
    // The first 5 are checked (and wrong); after that the account is locked and nothing is checked.
    expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401]);
    for (const a of answers.slice(5)) {
      expect(a.statusCode).toBe(429);
      expect(a.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(LOCKED) });
    }

    // Even the right password is refused while locked, from yet another address.
    const right = await login(email, DEMO_PASSWORD, { 'x-forwarded-for': '203.0.113.200' });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(LOCKED);
    expect(right.headers['set-cookie']).toBeUndefined();
    const seconds = Number(/(\d+) seconds/.exec(right.json().message)![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);

    // Once the delay has passed (the stored time is moved back), the right password signs in…
    await t.database.db.execute(sql`UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE email = ${email}`);
    const after = await login(email, DEMO_PASSWORD, { 'x-forwarded-for': '203.0.113.201' });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.email).toBe(email);
    // …and the count starts again: the next wrong password is just wrong, not locked.
    expect((await login(email, 'wrong-again', { 'x-forwarded-for': '203.0.113.202' })).statusCode).toBe(401);
    expect((await login(email, DEMO_PASSWORD, { 'x-forwarded-for': '203.0.113.203' })).statusCode).toBe(200);
  });

  it('unknown emails are limited the same way (nothing tells them apart), and the email is compared case-blind', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await login(i % 2 ? 'Nobody.Here@hatid.test' : 'nobody.here@hatid.test', 'x', { 'x-forwarded-for': `203.0.113.${50 + i}` }));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(answers[5]!.json().message).toMatch(LOCKED);
  });

  it('the right password now and then keeps an account open: only failures in a row count', async () => {
    const email = demoEmail('consolidator');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(email, 'wrong', { 'x-forwarded-for': `203.0.113.${100 + round}` })).statusCode).toBe(401);
      expect((await login(email, DEMO_PASSWORD, { 'x-forwarded-for': `203.0.113.${110 + round}` })).statusCode).toBe(200);
    }
  });
});

describe('RATE_LIMIT_ALLOWLIST exempts only the general API limit', () => {
  it('an allow-listed address still gets 429 on the 11th sign-in of the minute, but not on 301 other API calls', async () => {
    const email = demoEmail('admin');
    for (let i = 0; i < 10; i++) expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
    const eleventh = await login(email, DEMO_PASSWORD);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);

    for (let i = 0; i < 301; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/boxes' });
      expect(res.statusCode).toBe(200);
    }
  });

  it('…and on the 11th code request and the 21st code check', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber: freshMobile() } })).statusCode).toBe(200);
    }
    const sent = await t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber: freshMobile() } });
    expect(sent.statusCode).toBe(429);

    const mobile = freshMobile();
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/sms/verifyOtp', payload: { mobileNumber: mobile, otp: '123456' } });
      expect(res.statusCode).toBe(400);
    }
    const checked = await t.app.inject({ method: 'POST', url: '/api/sms/verifyOtp', payload: { mobileNumber: mobile, otp: '123456' } });
    expect(checked.statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=1: the client address is the one the proxy appended', () => {
  it('a forged leftmost X-Forwarded-For does not lift the per-IP sign-in limit', async () => {
    const email = demoEmail('staff');
    for (let i = 0; i < 10; i++) {
      const res = await login(email, DEMO_PASSWORD, { 'x-forwarded-for': `10.9.8.${i}, 198.51.100.7` });
      expect(res.statusCode).toBe(200);
    }
    const eleventh = await login(email, DEMO_PASSWORD, { 'x-forwarded-for': '10.9.8.77, 198.51.100.7' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/^Too many requests\./);
    // Another real client (another address appended by the proxy) is counted on its own.
    expect((await login(email, DEMO_PASSWORD, { 'x-forwarded-for': '10.9.8.77, 198.51.100.8' })).statusCode).toBe(200);
  });

  it('the session cookie is Secure when the trusted proxy says the client used HTTPS', async () => {
    const email = demoEmail('service_partner');
    const https = await login(email, DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.20', 'x-forwarded-proto': 'https' });
    expect(https.statusCode).toBe(200);
    expect(String(https.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    const http = await login(email, DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.21' });
    expect(String(http.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });
});
