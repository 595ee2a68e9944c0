import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_PROOF_LINKS_PER_HOUR } from '@hatid/domain';
import { invitations, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, proveEmail, sessionCookie, signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { newToken } from '../../core/tokens.js';
import { createUserWithRoles } from './users.service.js';

/**
 * Proving an email (docs/decisions.md "Email proof"): a new email waits for the link sent to it; opening
 * the link (signed out too) makes it the account's, once, within 24 hours, unless another account took it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
  t.email.failing = false;
});

let addresses = 0;
const nextAddress = () => `10.88.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
let emails = 0;
const freshEmail = (name = 'person') => `${name}.${++emails}.${process.pid}@example.com`;

const me = async (s: Session) => (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: s.cookie } })).json().data;
const updateMe = (s: Session, payload: object) => t.app.inject({ method: 'PUT', url: '/api/users/update/me', payload, headers: { cookie: s.cookie } });
const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/users/email-verification', payload: { token }, remoteAddress: nextAddress() });
const resend = (s: Session) => t.app.inject({ method: 'POST', url: '/api/users/email-verification/resend', headers: { cookie: s.cookie } });

describe('changing the email in the profile', () => {
  it('keeps the account email until the link is opened, then makes the new one the account email, proven', async () => {
    const person = await createCustomer(t, 'Ana');
    const email = freshEmail('new');
    const asked = await updateMe(person, { firstName: 'Rosa', email: email.toUpperCase() });
    expect(asked.statusCode, asked.body).toBe(200);
    // The name changes at once; the email waits.
    expect(asked.json().data).toMatchObject({ firstName: 'Rosa', email: null, emailVerified: false, pendingEmail: email });
    expect(await me(person)).toMatchObject({ email: null, pendingEmail: email });
    const mail = t.email.lastTo(email);
    expect(mail.subject).toBe('Confirm your email for Hatid');
    expect(mail.text).toMatch(new RegExp(`^${t.app.config.PUBLIC_URL}/verify-email\\?token=[A-Za-z0-9_-]+$`, 'm'));

    // Opened on another device, signed out.
    const token = t.email.lastTokenFor(email);
    const opened = await confirm(token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toEqual({ email });
    expect(await me(person)).toMatchObject({ email, emailVerified: true, pendingEmail: null });

    // The link works once.
    const again = await confirm(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'RULE_BROKEN', details: [{ field: 'token' }] });
  });

  it('sends nothing when the form sends the email the account already has (a name change)', async () => {
    const email = freshEmail('same');
    const person = await createCustomer(t, 'Ana');
    await updateMe(person, { email });
    await proveEmail(t, email);
    const before = t.email.sent.length;
    const saved = await updateMe(person, { lastName: 'Reyes', email: email.toUpperCase() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ lastName: 'Reyes', email, emailVerified: true, pendingEmail: null });
    expect(t.email.sent.length).toBe(before);
  });

  it('an email typed at registration is pending too, and the account email is proven once its link is opened', async () => {
    const email = freshEmail('registered');
    const person = await signUpCustomer(t, undefined, { email });
    expect(await me(person)).toMatchObject({ email: null, pendingEmail: email });
    await proveEmail(t, email);
    expect(await me(person)).toMatchObject({ email, emailVerified: true, pendingEmail: null });
  });

  it('a link stops working after 24 hours, and when a newer one was sent', async () => {
    const person = await createCustomer(t, 'Ana');
    const first = freshEmail('first');
    await updateMe(person, { email: first });
    const firstToken = t.email.lastTokenFor(first);
    const second = freshEmail('second');
    await updateMe(person, { email: second });
    expect(await me(person)).toMatchObject({ pendingEmail: second });
    expect((await confirm(firstToken)).statusCode).toBe(422);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 3_600_000 + 60_000);
    const late = await confirm(t.email.lastTokenFor(second));
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toContain('expired');
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, person.userId));
    expect(row!.email).toBeNull();
  });

  it('refuses a link whose email another account has taken meanwhile (409), and changes nothing', async () => {
    const email = freshEmail('shared');
    const a = await createCustomer(t, 'Ana');
    const b = await createCustomer(t, 'Ben');
    await updateMe(a, { email });
    const aToken = t.email.lastTokenFor(email);
    await updateMe(b, { email });
    expect((await confirm(t.email.lastTokenFor(email))).statusCode).toBe(200);
    const taken = await confirm(aToken);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('used by another Hatid account');
    expect(await me(a)).toMatchObject({ email: null });
    expect(await me(b)).toMatchObject({ email, emailVerified: true });
    // Asking for it again now is refused at once, as before.
    expect((await updateMe(a, { email })).statusCode).toBe(409);
  });

  it(`sends at most ${EMAIL_PROOF_LINKS_PER_HOUR} links an hour per account; the refused change changes nothing`, async () => {
    const person = await createCustomer(t, 'Ana');
    for (let i = 0; i < EMAIL_PROOF_LINKS_PER_HOUR; i++) {
      expect((await updateMe(person, { email: freshEmail('many') })).statusCode).toBe(200);
    }
    const pending = (await me(person)).pendingEmail;
    const refused = await updateMe(person, { firstName: 'Late', email: freshEmail('many') });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', details: [{ field: 'email' }] });
    expect((await resend(person)).statusCode).toBe(429);
    expect(await me(person)).toMatchObject({ firstName: 'Ana', pendingEmail: pending });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_600_000 + 60_000);
    expect((await updateMe(person, { email: freshEmail('later') })).statusCode).toBe(200);
  });

  it('when the email cannot be sent, says so (503) and changes nothing', async () => {
    const person = await createCustomer(t, 'Ana');
    t.email.failing = true;
    const res = await updateMe(person, { firstName: 'Nena', email: freshEmail('down') });
    expect(res.statusCode).toBe(503);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'email' })]);
    expect(await me(person)).toMatchObject({ firstName: 'Ana', email: null, pendingEmail: null });
  });

  it('removing the email is at once, and ends a pending link', async () => {
    const email = freshEmail('removed');
    const person = await createCustomer(t, 'Ana');
    await updateMe(person, { email });
    await proveEmail(t, email);
    const other = freshEmail('other');
    await updateMe(person, { email: other });
    const removed = await updateMe(person, { email: null });
    expect(removed.json().data).toMatchObject({ email: null, emailVerified: false, pendingEmail: null });
    expect((await confirm(t.email.lastTokenFor(other))).statusCode).toBe(422);
  });

  it('staff who sign in only with their email cannot remove it', async () => {
    const email = freshEmail('staff');
    await createUserWithRoles(t.database.db, { email, password: 'a-long-passphrase', firstName: 'Sol', lastName: 'Staff', roles: ['staff'] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/loginWithEmail',
      payload: { email, password: 'a-long-passphrase' },
      remoteAddress: nextAddress(),
    });
    expect(login.json().data).toMatchObject({ email, emailVerified: true });
    const res = await updateMe({ cookie: sessionCookie(login.headers['set-cookie']), userId: login.json().data.id }, { email: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'email' })]);
  });
});

describe('resending the link', () => {
  it('resends for the pending email; an account whose email is proven has nothing to resend', async () => {
    const person = await createCustomer(t, 'Ana');
    const email = freshEmail('again');
    await updateMe(person, { email });
    const firstToken = t.email.lastTokenFor(email);
    const res = await resend(person);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sentTo: email });
    expect(t.email.lastTokenFor(email)).not.toBe(firstToken);
    expect((await confirm(firstToken)).statusCode).toBe(422);
    await proveEmail(t, email);
    const nothing = await resend(person);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe('Your email is already confirmed.');
  });
});

describe('who proved which email', () => {
  it('accepting an invitation proves the email it was sent to', async () => {
    const email = freshEmail('invited');
    const userId = await createUserWithRoles(t.database.db, { email, firstName: 'Invited', lastName: 'Person', roles: ['staff'] });
    const { token, hash } = newToken();
    await t.database.db.insert(invitations).values({ tokenHash: hash, userId, expiresAt: new Date(Date.now() + 86_400_000) });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/users/registerWithEmail',
      payload: { token, firstName: 'Rosa', lastName: 'Lim', password: 'a-long-passphrase' },
      remoteAddress: nextAddress(),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().data).toMatchObject({ email, emailVerified: true });
  });

  it("an email staff set for someone is not proven; one cannot change one's own email in the back office", async () => {
    const admin = await signInAs(t, 'admin');
    const person = await createCustomer(t, 'Ana');
    const email = freshEmail('typed');
    const set = await t.app.inject({ method: 'PUT', url: `/api/users/${person.userId}`, payload: { email }, headers: { cookie: admin.cookie } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ email, emailVerified: false });

    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${person.userId}`,
      payload: { email: freshEmail('self') },
      headers: { cookie: person.cookie },
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().details).toEqual([expect.objectContaining({ field: 'email', message: expect.stringContaining('from your profile') })]);
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, person.userId));
    expect(row!.email).toBe(email);
  });
});
