import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { demoEmail } from '../../seed/index.js';
import { socialIdentities, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { proveEmail, signInAs, signUpCustomer } from '../../testing/auth.js';

/**
 * Social sign-in through the sandbox provider (OAUTH_PROVIDER=sandbox, the test default), as a browser does
 * it: GET /users/social-login-url → the sandbox's consent page → Allow → GET /users/callback → signed in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Both routes allow 10 calls a minute per address, like password sign-in: each flow comes from its own.
let addresses = 0;
const nextAddress = () => `10.77.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((c) => c.startsWith(`${name}=`));
  return line ? line.split(';')[0]! : null;
}

interface Started {
  url: string;
  stateCookie: string;
  address: string;
}

async function start(query = 'connectionType=google'): Promise<Started> {
  const address = nextAddress();
  const res = await t.app.inject({ method: 'GET', url: `/api/users/social-login-url?${query}`, remoteAddress: address });
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = res.headers['set-cookie'];
  const line = [setCookie].flat().find((c) => c?.startsWith('hatid_oauth='))!;
  expect(line).toMatch(/HttpOnly/i);
  expect(line).toMatch(/SameSite=Lax/i);
  expect(line).toMatch(/Path=\/api\/users\/callback/i);
  return { url: res.json().data.url, stateCookie: cookieFrom(setCookie, 'hatid_oauth')!, address };
}

interface Consent {
  email?: string;
  givenName?: string;
  familyName?: string;
  verified?: boolean;
  decision?: 'allow' | 'deny';
}

/** The tester on the sandbox's page: returns where the page sends the browser (the callback address). */
async function consent(started: Started, choice: Consent = {}): Promise<string> {
  const page = await t.app.inject({ method: 'GET', url: started.url });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.body).toContain('Sign in with Google');
  const fields = Object.fromEntries(new URL(started.url, 'http://local').searchParams);
  const form = new URLSearchParams({
    ...fields,
    email: choice.email ?? `new-${addresses}@example.com`,
    given_name: choice.givenName ?? 'Juan',
    family_name: choice.familyName ?? 'dela Cruz',
    decision: choice.decision ?? 'allow',
    ...(choice.verified === false ? {} : { email_verified: 'true' }),
  });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/sandbox/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
    remoteAddress: started.address,
  });
  expect(answer.statusCode, answer.body).toBe(303);
  return answer.headers.location as string;
}

async function callback(location: string, stateCookie: string | null, address: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: location,
    headers: stateCookie ? { cookie: stateCookie } : {},
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(302);
  return { location: res.headers.location as string, session: cookieFrom(res.headers['set-cookie'], 'hatid_session'), res };
}

async function signInWithSandbox(choice: Consent = {}, query?: string) {
  const started = await start(query);
  const back = await consent(started, choice);
  expect(back).toMatch(/^\/api\/users\/callback\?/);
  return callback(back, started.stateCookie, started.address);
}

const me = (session: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: session } });

describe('GET /users/social-login-url', () => {
  it('answers the provider address with state and a PKCE challenge', async () => {
    const { url } = await start();
    const address = new URL(url, 'http://local');
    expect(address.pathname).toBe('/api/oauth/sandbox/authorize');
    expect(address.searchParams.get('code_challenge_method')).toBe('S256');
    expect(address.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(address.searchParams.get('state')).toBeTruthy();
    expect(address.searchParams.get('redirect_uri')).toBe('/api/users/callback');
  });

  it('refuses an unknown or missing connection type, naming the field', async () => {
    for (const query of ['connectionType=myspace', '']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/social-login-url?${query}`, remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'connectionType' })]);
    }
  });

  it('refuses a page to return to on another site (no open redirect)', async () => {
    for (const redirect of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'evil.example', '/api/users/me', '/ok path']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/social-login-url?connectionType=google&redirect=${encodeURIComponent(redirect)}`,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, redirect).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'redirect' })]);
    }
  });

  it('is limited per address like password sign-in', async () => {
    const remoteAddress = nextAddress();
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await t.app.inject({ method: 'GET', url: '/api/users/social-login-url?connectionType=google', remoteAddress })).statusCode);
    }
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('the sandbox round trip', () => {
  it('creates a customer for a new verified email, signs them in with a normal session, and returns to /start', async () => {
    const email = 'maria.santos@example.com';
    const done = await signInWithSandbox({ email, givenName: 'Maria Clara', familyName: 'Santos' });
    expect(done.location).toBe('/start');
    expect(done.session).toBeTruthy();
    const sessionLine = [done.res.headers['set-cookie']].flat().find((c) => c?.startsWith('hatid_session='))!;
    expect(sessionLine).toMatch(/HttpOnly/i);
    expect(sessionLine).toMatch(/SameSite=Lax/i);
    // The state cookie is spent.
    expect([done.res.headers['set-cookie']].flat().some((c) => /^hatid_oauth=;/.test(c ?? ''))).toBe(true);

    const user = (await me(done.session!)).json().data;
    expect(user).toMatchObject({ email, firstName: 'Maria Clara', lastName: 'Santos', mobileNumber: null, status: 'ACTIVE' });
    expect(user.roles.map((r: { name: string }) => r.name)).toEqual(['customer']);
    const links = await t.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, user.id));
    expect(links).toMatchObject([{ provider: 'sandbox', subject: email, email }]);

    // The same person again: the same account, no second one.
    const again = await signInWithSandbox({ email, givenName: 'Maria Clara', familyName: 'Santos' });
    expect((await me(again.session!)).json().data.id).toBe(user.id);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('returns to the page the sign-in started from', async () => {
    const done = await signInWithSandbox({}, `connectionType=google&redirect=${encodeURIComponent('/packages?tab=active')}`);
    expect(done.location).toBe('/packages?tab=active');
    expect(done.session).toBeTruthy();
  });

  it('links an existing customer with the same proven email instead of creating one', async () => {
    const email = 'linked.customer@example.com';
    const customer = await signUpCustomer(t, undefined, { email });
    await proveEmail(t, email);
    const done = await signInWithSandbox({ email: 'Linked.Customer@Example.com', givenName: 'Someone', familyName: 'Else' });
    expect(done.location).toBe('/start');
    const user = (await me(done.session!)).json().data;
    expect(user.id).toBe(customer.userId);
    // The account keeps its own name.
    expect(user).toMatchObject({ firstName: 'Ana', lastName: 'Cruz' });
    const links = await t.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, customer.userId));
    expect(links).toHaveLength(1);
  });

  it('does not link or create on an email the provider has not verified', async () => {
    const email = 'unverified.owner@example.com';
    const customer = await signUpCustomer(t, undefined, { email });
    const done = await signInWithSandbox({ email, verified: false });
    expect(done.location).toBe('/login?error=email_unverified');
    expect(done.session).toBeNull();
    expect(await t.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, customer.userId))).toHaveLength(0);
  });

  it('refuses a deactivated account, linked or not', async () => {
    const email = 'deactivated@example.com';
    const first = await signInWithSandbox({ email });
    const userId = (await me(first.session!)).json().data.id;
    await t.database.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, userId));
    const again = await signInWithSandbox({ email });
    expect(again.location).toBe('/login?error=inactive');
    expect(again.session).toBeNull();

    const unlinked = await signUpCustomer(t, undefined, { email: 'deactivated.unlinked@example.com' });
    await proveEmail(t, 'deactivated.unlinked@example.com');
    await t.database.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, unlinked.userId));
    const refused = await signInWithSandbox({ email: 'deactivated.unlinked@example.com' });
    expect(refused.location).toBe('/login?error=inactive');
  });

  it('never opens a staff account through the sandbox', async () => {
    const done = await signInWithSandbox({ email: demoEmail('admin') });
    expect(done.location).toBe('/login?error=sandbox_staff');
    expect(done.session).toBeNull();
  });

  it('sends a cancelled consent back to /login', async () => {
    const started = await start();
    const back = await consent(started, { decision: 'deny' });
    expect(back).toMatch(/error=access_denied/);
    expect((await callback(back, started.stateCookie, started.address)).location).toBe('/login?error=denied');
  });

  it('signs two parallel first sign-ins of one person into one account', async () => {
    const email = 'parallel@example.com';
    const flows = await Promise.all([start(), start()]);
    const backs = await Promise.all(flows.map((f) => consent(f, { email })));
    const done = await Promise.all(flows.map((f, i) => callback(backs[i]!, f.stateCookie, f.address)));
    const ids = await Promise.all(done.map(async (d) => (await me(d.session!)).json().data.id));
    expect(ids[0]).toBe(ids[1]);
  });
});

describe('an email nobody proved never joins an account (issue 28, finding 3)', () => {
  const put = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: { cookie } });

  it("an attacker who types the victim's email into their profile does not get the victim's Google sign-in", async () => {
    const victim = 'victim.owner@example.com';
    const attacker = await signUpCustomer(t);
    const typed = await put(attacker.cookie, '/api/users/update/me', { email: victim });
    expect(typed.statusCode, typed.body).toBe(200);
    // The account's email did not change: the address only waits for its owner to open the link.
    expect(typed.json().data).toMatchObject({ email: null, emailVerified: false, pendingEmail: victim });
    expect(t.email.lastTo(victim).text).toContain('/verify-email?token=');

    const done = await signInWithSandbox({ email: victim, givenName: 'Vicky', familyName: 'Owner' });
    expect(done.location).toBe('/start');
    const signedIn = (await me(done.session!)).json().data;
    // The victim gets an account of their own, with their email proven by Google ...
    expect(signedIn.id).not.toBe(attacker.userId);
    expect(signedIn).toMatchObject({ email: victim, emailVerified: true, firstName: 'Vicky' });
    // ... and nothing of it reaches the attacker's account.
    expect(await t.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, attacker.userId))).toEqual([]);
    expect((await me(attacker.cookie)).json().data).toMatchObject({ email: null, pendingEmail: victim });
    // The link the attacker cannot read no longer works either: the email is the victim's now.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/users/email-verification',
      payload: { token: t.email.lastTokenFor(victim) },
      remoteAddress: nextAddress(),
    });
    expect(late.statusCode).toBe(409);
    expect((await me(attacker.cookie)).json().data.email).toBeNull();
  });

  it('an account whose email was typed by staff is refused with what to do, links nothing, and joins once the owner confirms it', async () => {
    const email = 'typed.by.staff@example.com';
    const customer = await signUpCustomer(t);
    const admin = await signInAs(t, 'admin');
    const edited = await put(admin.cookie, `/api/users/${customer.userId}`, { email });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ email, emailVerified: false });

    const refused = await signInWithSandbox({ email });
    expect(refused.location).toBe('/login?error=email_unconfirmed');
    expect(refused.session).toBeNull();
    expect(await t.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, customer.userId))).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    // The owner signs in with the mobile number and asks for the link from the profile.
    const resent = await t.app.inject({ method: 'POST', url: '/api/users/email-verification/resend', headers: { cookie: customer.cookie } });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toEqual({ sentTo: email });
    await proveEmail(t, email);
    const joined = await signInWithSandbox({ email });
    expect(joined.location).toBe('/start');
    expect((await me(joined.session!)).json().data.id).toBe(customer.userId);
  });
});

describe('Connect Google from the profile (intent=connect)', () => {
  async function startConnect(session: string): Promise<Started> {
    const address = nextAddress();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/social-login-url?connectionType=google&intent=connect',
      headers: { cookie: session },
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { url: res.json().data.url, stateCookie: cookieFrom(res.headers['set-cookie'], 'hatid_oauth')!, address };
  }
  const finish = (location: string, started: Started, session: string | null) =>
    callback(location, session ? `${started.stateCookie}; ${session}` : started.stateCookie, started.address);
  const linksOf = (userId: string) => t.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId));

  it("links the identity to the signed-in person's account, which Google then opens; a matching email counts as proven", async () => {
    const email = 'connect.me@example.com';
    const customer = await signUpCustomer(t);
    const admin = await signInAs(t, 'admin');
    await t.app.inject({ method: 'PUT', url: `/api/users/${customer.userId}`, payload: { email }, headers: { cookie: admin.cookie } });
    const started = await startConnect(customer.cookie);
    const done = await finish(await consent(started, { email }), started, customer.cookie);
    expect(done.location).toBe('/profile?connected=google');
    // No new session: the person stays signed in as they were.
    expect(done.session).toBeNull();
    expect(await linksOf(customer.userId)).toMatchObject([{ provider: 'sandbox', subject: email }]);
    expect((await me(customer.cookie)).json().data).toMatchObject({ email, emailVerified: true });
    const later = await signInWithSandbox({ email });
    expect((await me(later.session!)).json().data.id).toBe(customer.userId);
  });

  it('is bound to the session that started it: signed out or another session finishing it links nothing', async () => {
    const owner = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const started = await startConnect(owner.cookie);
    const back = await consent(started, { email: 'bound.session@example.com' });
    expect((await finish(back, started, other.cookie)).location).toBe('/profile?connectError=connect_session');
    expect((await finish(back, started, null)).location).toBe('/login?error=connect_session');
    expect(await linksOf(owner.userId)).toEqual([]);
    expect(await linksOf(other.userId)).toEqual([]);
    // Starting it needs a session at all.
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/api/users/social-login-url?connectionType=google&intent=connect',
      remoteAddress: nextAddress(),
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses a Google account that already opens another Hatid account', async () => {
    const email = 'already.elsewhere@example.com';
    await signInWithSandbox({ email });
    const customer = await signUpCustomer(t);
    const started = await startConnect(customer.cookie);
    const done = await finish(await consent(started, { email }), started, customer.cookie);
    expect(done.location).toBe('/profile?connectError=identity_in_use');
    expect(await linksOf(customer.userId)).toEqual([]);
  });
});

describe('the callback refuses what it did not start', () => {
  it('sends a missing, altered or other sign-in state to /login?error=expired, never an error page', async () => {
    const a = await start();
    const b = await start();
    const backA = await consent(a);
    // No state cookie at all (another browser, or it expired).
    expect((await callback(backA, null, a.address)).location).toBe('/login?error=expired');
    // Another sign-in's cookie.
    expect((await callback(backA, b.stateCookie, a.address)).location).toBe('/login?error=expired');
    // An altered cookie.
    const [name, value] = a.stateCookie.split('=') as [string, string];
    expect((await callback(backA, `${name}=x${value.slice(1)}`, a.address)).location).toBe('/login?error=expired');
    // Nothing at all.
    expect((await callback('/api/users/callback', null, a.address)).location).toBe('/login?error=expired');
  });

  it('refuses a code made for another sign-in (PKCE) even with a matching state', async () => {
    const a = await start();
    const b = await start();
    const codeA = new URL(await consent(a), 'http://local').searchParams.get('code')!;
    const stateB = new URL(b.url, 'http://local').searchParams.get('state')!;
    const done = await callback(`/api/users/callback?code=${encodeURIComponent(codeA)}&state=${encodeURIComponent(stateB)}`, b.stateCookie, b.address);
    expect(done.location).toBe('/login?error=provider');
    expect(done.session).toBeNull();
  });

  it('refuses a forged sandbox code', async () => {
    const a = await start();
    const state = new URL(a.url, 'http://local').searchParams.get('state')!;
    const done = await callback(`/api/users/callback?code=forged.code&state=${encodeURIComponent(state)}`, a.stateCookie, a.address);
    expect(done.location).toBe('/login?error=provider');
  });
});

describe('the sandbox consent page', () => {
  it('refuses a request for another return address or without PKCE on its own page', async () => {
    const { url } = await start();
    const evil = new URL(url, 'http://local');
    evil.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const res = await t.app.inject({ method: 'GET', url: `${evil.pathname}${evil.search}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('redirect_uri');
    const noPkce = new URL(url, 'http://local');
    noPkce.searchParams.delete('code_challenge');
    expect((await t.app.inject({ method: 'GET', url: `${noPkce.pathname}${noPkce.search}` })).statusCode).toBe(400);
  });

  it('escapes what it shows', async () => {
    const started = await start();
    const fields = Object.fromEntries(new URL(started.url, 'http://local').searchParams);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/sandbox/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, email: '<script>x</script>', given_name: 'X', decision: 'allow' }).toString(),
      remoteAddress: started.address,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('<script>x');
  });
});

describe('OAUTH_PROVIDER=none (no social sign-in)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ demo: false, config: { OAUTH_PROVIDER: 'none' } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('says Google sign-in is not set up, and serves no sandbox page', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/api/users/social-login-url?connectionType=google' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Google sign-in is not set up on this server', details: [{ field: 'connectionType' }] });
    expect((await off.app.inject({ method: 'GET', url: '/api/oauth/sandbox/authorize' })).statusCode).toBe(404);
  });

  it('lists no social sign-in, so the web app shows no "Continue with Google" (issue 29 item 19); the sandbox lists Google', async () => {
    const none = await off.app.inject({ method: 'GET', url: '/api/users/social-login-providers' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: { connectionTypes: [] } });
    const sandbox = await t.app.inject({ method: 'GET', url: '/api/users/social-login-providers' });
    expect(sandbox.json()).toEqual({ data: { connectionTypes: ['google'] } });
  });
});
