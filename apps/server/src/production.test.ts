import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import { PRODUCTION_ENV, productionEnvWithout } from './testing/production-env.js';

/**
 * The app as production configures it (every provider named, config.ts): the sandbox payment provider's
 * hosted pages and the sign-in sandbox do not exist, so the "simulate scan" that marked a QR top-up paid for
 * anyone signed out is the router's 404, not a payment lookup.
 */
const SANDBOX_CALLS = [
  { method: 'GET', url: '/api/payments/sandbox/checkout/x' },
  { method: 'POST', url: '/api/payments/sandbox/checkout/x/pay' },
  { method: 'POST', url: '/api/payments/sandbox/checkout/x/scan' },
  { method: 'POST', url: '/api/payments/sandbox/checkout/x/fail' },
  { method: 'GET', url: '/api/payments/sandbox/link/x' },
  { method: 'POST', url: '/api/payments/sandbox/link/x/authorize' },
  { method: 'GET', url: '/api/oauth/sandbox/authorize' },
  { method: 'POST', url: '/api/oauth/sandbox/authorize' },
] as const;

async function appWith(config: Record<string, string>) {
  const routes: string[] = [];
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
  };
  const t = await buildTestApp({ demo: false, config, onRoute: collect });
  return { t, routes };
}

describe('production: no sandbox', () => {
  let production: { t: TestApp; routes: string[] };
  let none: { t: TestApp; routes: string[] };
  beforeAll(async () => {
    production = await appWith({ ...PRODUCTION_ENV });
    none = await appWith({ ...productionEnvWithout('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'), OAUTH_PROVIDER: 'none' });
  });
  afterAll(async () => {
    await production?.t.close();
    await none?.t.close();
  });

  it('serves none of the sandbox pages: each call is the router 404', async () => {
    for (const app of [production, none]) {
      expect(app.t.app.payments.provider.name).toBe('xendit');
      expect(app.routes.filter((r) => r.includes('/sandbox'))).toEqual([]);
      for (const call of SANDBOX_CALLS) {
        const res = await app.t.app.inject({ ...call, remoteAddress: '203.0.113.9' });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: `Route ${call.method} ${call.url} not found` });
      }
    }
  });

  it('"Continue with Google" goes to Google itself, or says it is not set up with OAUTH_PROVIDER=none', async () => {
    const live = await production.t.app.inject({ method: 'GET', url: '/api/users/social-login-url?connectionType=google' });
    expect(live.statusCode, live.body).toBe(200);
    const url = new URL(live.json().data.url);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('redirect_uri')).toBe('https://hatid.example.ph/api/users/callback');

    const off = await none.t.app.inject({ method: 'GET', url: '/api/users/social-login-url?connectionType=google' });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({ message: 'Google sign-in is not set up on this server', details: [{ field: 'connectionType' }] });
  });

  it('outside production the sandbox pages are there (what the production app leaves out)', async () => {
    const test = await appWith({});
    try {
      const sandboxRoutes = test.routes.filter((r) => r.includes('/sandbox'));
      expect(sandboxRoutes).toEqual(expect.arrayContaining(['POST /api/payments/sandbox/checkout/:id/scan', 'GET /api/oauth/sandbox/authorize']));
      // The route exists: an unknown payment is the page's own 404, not the router's.
      const res = await test.t.app.inject({ method: 'POST', url: '/api/payments/sandbox/checkout/x/scan' });
      expect(res.json().message).not.toMatch(/^Route /);
    } finally {
      await test.t.close();
    }
  });
});
