import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { GoogleOAuthProvider, OAuthExchangeError, SandboxOAuthProvider, createSocialLogin, pkceChallenge, readToken, signToken } from './index.js';

const REDIRECT = 'https://hatid.example/api/users/callback';

/** An ID token as Google's token endpoint hands it over (arctic decodes it; the signature is not read). */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

function googleAnswers(status: number, body: object) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Google provider', () => {
  const google = new GoogleOAuthProvider('client-123.apps.googleusercontent.com', 'shh');
  const claims = {
    iss: 'https://accounts.google.com',
    aud: 'client-123.apps.googleusercontent.com',
    sub: '1092837465',
    email: 'Juan@Gmail.com',
    email_verified: true,
    name: 'Juan dela Cruz',
    given_name: 'Juan',
    family_name: 'dela Cruz',
    exp: Math.floor(Date.now() / 1000) + 3600,
  };

  it('asks Google for openid email profile with state and an S256 PKCE challenge', () => {
    const url = new URL(google.authorizationUrl({ state: 'st4te', codeVerifier: 'v'.repeat(43), redirectUri: REDIRECT, connectionType: 'google' }));
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'client-123.apps.googleusercontent.com',
      redirect_uri: REDIRECT,
      state: 'st4te',
      code_challenge_method: 'S256',
      code_challenge: pkceChallenge('v'.repeat(43)),
      scope: 'openid email profile',
    });
  });

  it('trades the code and verifier for the person in the ID token', async () => {
    const fetch = googleAnswers(200, { access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken(claims) });
    const identity = await google.exchange({ code: 'c0de', codeVerifier: 'v'.repeat(43), redirectUri: REDIRECT });
    expect(identity).toEqual({
      provider: 'google',
      subject: '1092837465',
      email: 'juan@gmail.com',
      emailVerified: true,
      name: 'Juan dela Cruz',
      givenName: 'Juan',
      familyName: 'dela Cruz',
    });
    const request = fetch.mock.calls[0] as unknown as [Request];
    const body = new URLSearchParams(await request[0].text());
    expect(request[0].url).toBe('https://oauth2.googleapis.com/token');
    expect(Object.fromEntries(body)).toMatchObject({ grant_type: 'authorization_code', code: 'c0de', code_verifier: 'v'.repeat(43), redirect_uri: REDIRECT });
  });

  it('refuses a refused code, and an ID token for another client or issuer', async () => {
    googleAnswers(400, { error: 'invalid_grant' });
    await expect(google.exchange({ code: 'used', codeVerifier: 'v'.repeat(43), redirectUri: REDIRECT })).rejects.toBeInstanceOf(OAuthExchangeError);
    for (const wrong of [{ aud: 'someone-else' }, { iss: 'https://evil.example' }, { exp: 1 }]) {
      googleAnswers(200, { access_token: 'at', token_type: 'Bearer', id_token: idToken({ ...claims, ...wrong }) });
      await expect(google.exchange({ code: 'c', codeVerifier: 'v'.repeat(43), redirectUri: REDIRECT })).rejects.toBeInstanceOf(OAuthExchangeError);
    }
  });
});

describe('signed tokens', () => {
  const key = Buffer.alloc(32, 7);
  it('read back only unaltered, unexpired and of the same purpose', () => {
    const token = signToken(key, 'a', { x: 1 }, 1000, 0);
    expect(readToken(key, 'a', token, 500)).toMatchObject({ x: 1 });
    expect(readToken(key, 'a', token, 1000)).toBeNull();
    expect(readToken(key, 'b', token, 500)).toBeNull();
    expect(readToken(Buffer.alloc(32, 8), 'a', token, 500)).toBeNull();
    expect(readToken(key, 'a', `X${token.slice(1)}`, 500)).toBeNull();
    expect(readToken(key, 'a', 'garbage', 500)).toBeNull();
  });
});

describe('OAUTH_PROVIDER', () => {
  const secret = Buffer.alloc(32);
  it('is the sandbox outside production unless Google is configured; live needs Google; production must name it (config.test.ts)', () => {
    expect(loadConfig({}).OAUTH_PROVIDER).toBe('sandbox');
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).OAUTH_PROVIDER).toBe('live');
    expect(loadConfig({ OAUTH_PROVIDER: 'none', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).OAUTH_PROVIDER).toBe('none');
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ OAUTH_PROVIDER: 'live' })).toThrow(/GOOGLE_CLIENT_ID: required when OAUTH_PROVIDER=live \(or set OAUTH_PROVIDER=none/);
  });

  it('uses the sandbox for Google, or Google itself with PUBLIC_URL as the return address', () => {
    const sandbox = createSocialLogin(loadConfig({}), secret);
    expect(sandbox.providers.google).toBeInstanceOf(SandboxOAuthProvider);
    expect(sandbox.redirectUri).toBe('/api/users/callback');

    const live = createSocialLogin(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', PUBLIC_URL: 'https://hatid.example' }), secret);
    expect(live.providers.google).toBeInstanceOf(GoogleOAuthProvider);
    expect(live.sandbox).toBeNull();
    expect(live.redirectUri).toBe(REDIRECT);

    // none: no provider at all, Google's credentials notwithstanding, and no sandbox page.
    const none = createSocialLogin(loadConfig({ OAUTH_PROVIDER: 'none', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }), secret);
    expect(none).toMatchObject({ providers: {}, sandbox: null });
  });
});
