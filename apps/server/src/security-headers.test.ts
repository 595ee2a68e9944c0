import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('security headers', () => {
  it('every answer carries the content security policy, framing, sniffing and referrer rules, errors included', async () => {
    for (const [method, url] of [
      ['GET', '/api/_ah/warmup'],
      ['GET', '/api/users/me'], // 401
      ['GET', '/api/no-such-call'], // 404
      ['POST', '/api/payments/webhooks/xendit'], // 401 without the token
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Not no-referrer: a plain form POST from the sandbox's pages must keep its Origin (see app.ts).
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
  });
});
