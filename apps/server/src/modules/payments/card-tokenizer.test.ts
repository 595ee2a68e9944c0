import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XenditPaymentProvider } from '../../platform/payments/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';

/**
 * GET /api/payments/card-tokenizer tells the web app how to take a card, and the content security policy lets
 * Xendit's cards-session.js (its script, its API, the 3-D Secure frame) in only when Xendit is the provider.
 */
const PUBLIC_KEY = 'xnd_public_development_card-tokenizer-test';
/** Xendit with PAYMENT_PROVIDER=xendit, as xendit-flow.test.ts builds it (no call reaches this address here). */
const buildXendit = (config: Record<string, string> = {}) =>
  buildTestApp({
    demo: false,
    paymentProvider: new XenditPaymentProvider('xnd_development_secret', 'http://127.0.0.1:9'),
    config: { XENDIT_CALLBACK_TOKEN: 'xendit-dashboard-callback-token', ...config },
  });

const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('the sandbox (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A key configured beside the sandbox is not handed out: the sandbox tokenizes in the browser itself.
    t = await buildTestApp({ demo: false, config: { XENDIT_PUBLIC_KEY: PUBLIC_KEY } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers the sandbox tokenizer, signed out too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/card-tokenizer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { provider: 'sandbox' } });
  });

  it('keeps today’s content security policy exactly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_ah/warmup' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
    expect(csp['frame-src']).toBeUndefined();
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(res.headers['content-security-policy']).not.toContain('xendit');
  });
});

describe('Xendit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildXendit({ XENDIT_PUBLIC_KEY: PUBLIC_KEY });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers Xendit’s cards-session.js with the publishable key, signed out too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/card-tokenizer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { provider: 'xendit', publishableKey: PUBLIC_KEY, scriptUrl: 'https://js.xendit.co/cards-session.min.js' },
    });
  });

  it('lets cards-session.js load, reach Xendit’s API and frame the 3-D Secure page; nothing else changes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_ah/warmup' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://js.xendit.co']);
    expect(csp['connect-src']).toEqual(["'self'", 'ws:', 'wss:', 'https://api.xendit.co']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://*.xendit.co']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
  });
});

describe('Xendit without a publishable key (only possible with a provider passed in by code)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildXendit();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says saving cards is unavailable instead of handing out the sandbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/card-tokenizer' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: expect.stringMatching(/Saving cards is not available/) });
  });
});
