import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitations, otpCodes } from '../../db/schema/index.js';
import { createUserWithRoles } from '../users/index.js';
import { newToken } from '../../core/tokens.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { freshMobile, sessionCookie, signUpCustomer } from '../../testing/auth.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('mobile sign-up and sign-in with a one-time code', () => {
  it('signs a new number up, then the same number back in', async () => {
    const mobile = freshMobile();
    const local = mobile.replace('+63', '0');
    const sent = await post('/api/sms/sendOtp', { mobileNumber: local });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ expiresInSeconds: 300, resendAfterSeconds: 30 });
    expect(t.sms.sent.at(-1)?.to).toBe(mobile);

    const verified = await post('/api/sms/verifyOtp', { mobileNumber: local, otp: t.sms.lastCodeFor(mobile) });
    expect(verified.statusCode).toBe(200);
    const result = verified.json().data;
    expect(result.status).toBe('registration_required');
    expect(verified.headers['set-cookie']).toBeUndefined();

    const registered = await post('/api/users/registerCustomer', {
      registrationToken: result.registrationToken,
      firstName: 'María José',
      lastName: "O'Brien-Dela Cruz",
      accountType: 'individual',
    });
    expect(registered.statusCode).toBe(201);
    const user = registered.json().data;
    expect(user).toMatchObject({ name: "María José O'Brien-Dela Cruz", mobileNumber: mobile, accountType: 'individual' });
    expect(user.roles.map((r: { name: string }) => r.name)).toEqual(['customer']);
    const cookie = registered.headers['set-cookie'] as string;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: sessionCookie(cookie) } });
    // The account's own answer also names the email waiting for its link (none here).
    expect(me.json()).toEqual({ data: { ...user, pendingEmail: null, language: null } });

    // The registration token is spent.
    const again = await post('/api/users/registerCustomer', {
      registrationToken: result.registrationToken,
      firstName: 'X',
      lastName: 'Y',
      accountType: 'individual',
    });
    expect(again.statusCode).toBe(401);

    // 30 s later the same number signs in directly, with a new session id.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      expect((await post('/api/sms/sendOtp', { mobileNumber: mobile })).statusCode).toBe(200);
      const signedIn = await post('/api/sms/verifyOtp', { mobileNumber: mobile, otp: t.sms.lastCodeFor(mobile) });
      expect(signedIn.json().data).toEqual({ status: 'signed_in', user });
      const second = sessionCookie(signedIn.headers['set-cookie']);
      expect(second).not.toBe(sessionCookie(cookie));
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a name with digits and a number that is not a PH mobile number, with the field named', async () => {
    const bad = await post('/api/sms/sendOtp', { mobileNumber: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'mobileNumber', message: 'Enter a valid Philippine mobile number, e.g. 0917 123 4567' }],
    });
    const res = await post('/api/users/registerCustomer', {
      registrationToken: 'x',
      firstName: 'Juan2',
      lastName: 'Cruz',
      accountType: 'individual',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({
      field: 'firstName',
      message: 'Name may contain only letters, spaces, commas, periods, apostrophes and hyphens',
      reason: 'validation.name',
    });
  });

  it('a business account needs a business name', async () => {
    const res = await post('/api/users/registerCustomer', {
      registrationToken: 'x',
      firstName: 'Juan',
      lastName: 'Cruz',
      accountType: 'business',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'businessName', message: 'Business name is required for a business account' });
  });

  it('a code works once, and five wrong tries kill it', async () => {
    const mobile = freshMobile();
    await post('/api/sms/sendOtp', { mobileNumber: mobile });
    const code = t.sms.lastCodeFor(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/sms/verifyOtp', { mobileNumber: mobile, otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toEqual({
        field: 'otp',
        message: `The code is incorrect. ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left.`,
        reason: 'auth.code_wrong_tries_left',
        params: { left: 5 - i },
      });
    }
    const fifth = await post('/api/sms/verifyOtp', { mobileNumber: mobile, otp: wrong });
    expect(fifth.statusCode).toBe(429);
    // Even the right code is now refused.
    const right = await post('/api/sms/verifyOtp', { mobileNumber: mobile, otp: code });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many wrong codes. Please request a new code.');
  });

  it('a used code cannot be used again', async () => {
    const mobile = freshMobile();
    await post('/api/sms/sendOtp', { mobileNumber: mobile });
    const code = t.sms.lastCodeFor(mobile);
    expect((await post('/api/sms/verifyOtp', { mobileNumber: mobile, otp: code })).statusCode).toBe(200);
    const replay = await post('/api/sms/verifyOtp', { mobileNumber: mobile, otp: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().details[0].message).toBe('This code has expired or was already used. Please request a new one.');
  });

  it('asking again within 30 seconds is refused with 429 and a clear wait', async () => {
    const mobile = freshMobile();
    expect((await post('/api/sms/sendOtp', { mobileNumber: mobile })).statusCode).toBe(200);
    const again = await post('/api/sms/sendOtp', { mobileNumber: mobile });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code$/);
    expect(t.sms.sent.filter((m) => m.to === mobile)).toHaveLength(1);
  });

  it('stores codes hashed, never in clear', async () => {
    const mobile = freshMobile();
    await post('/api/sms/sendOtp', { mobileNumber: mobile });
    const code = t.sms.lastCodeFor(mobile);
    const rows = await t.database.db.select().from(otpCodes).where(eq(otpCodes.mobileNumber, mobile));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('sessions', () => {
  it('sign out ends the session', async () => {
    const { cookie } = await signUpCustomer(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);
    const out = await post('/api/users/logout', {}, { cookie });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
  });

  it('refuses a state-changing call from another site', async () => {
    const { cookie } = await signUpCustomer(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update/me',
      payload: { firstName: 'Hacked' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.json().data.firstName).toBe('Ana');
  });
});

describe('staff sign-in', () => {
  it('signs staff in with email and password and says nothing about which part was wrong', async () => {
    const ok = await post('/api/users/loginWithEmail', { email: 'STAFF@hatid.test', password: 'hatid-demo-2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.roles.map((r: { name: string }) => r.name)).toEqual(['staff']);
    const wrongPassword = await post('/api/users/loginWithEmail', { email: 'staff@hatid.test', password: 'nope' });
    const unknown = await post('/api/users/loginWithEmail', { email: 'nobody@hatid.test', password: 'nope' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(unknown.json().message);
  });
});

describe('invited staff', () => {
  it('an invited person sets a name and password with the invitation token, once, and is signed in', async () => {
    const db = t.database.db;
    const userId = await createUserWithRoles(db, { email: 'new.staff@hatid.test', firstName: 'Invited', lastName: 'Person', roles: ['staff'] });
    const { token, hash } = newToken();
    await db.insert(invitations).values({ tokenHash: hash, userId, expiresAt: new Date(Date.now() + 86_400_000) });
    const weak = await post('/api/users/registerWithEmail', { token, firstName: 'Rosa', lastName: 'Lim', password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toContainEqual({ field: 'password', message: 'Password must be at least 10 characters' });
    const accepted = await post('/api/users/registerWithEmail', { token, firstName: 'Rosa', lastName: 'Lim', password: 'a-long-passphrase' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ name: 'Rosa Lim', status: 'ACTIVE', roles: [{ name: 'staff' }] });
    expect(accepted.headers['set-cookie']).toMatch(/hatid_session=/);
    const again = await post('/api/users/registerWithEmail', { token, firstName: 'X', lastName: 'Y', password: 'another-passphrase' });
    expect(again.statusCode).toBe(401);
    const login = await post('/api/users/loginWithEmail', { email: 'new.staff@hatid.test', password: 'a-long-passphrase' });
    expect(login.statusCode).toBe(200);
  });
});
