import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

describe('every call', () => {
  it('echoes the caller’s trace id, or makes one', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/_ah/warmup', headers: { 'x-trace-id': 'abc-123' } });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toEqual({ status: 'ok' });
    expect(given.headers['x-trace-id']).toBe('abc-123');
    const made = await t.app.inject({ method: 'GET', url: '/api/_ah/warmup' });
    expect(made.headers['x-trace-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A header that could forge log lines is replaced.
    const hostile = await t.app.inject({ method: 'GET', url: '/api/_ah/warmup', headers: { 'x-trace-id': 'a\u0000b c' } });
    expect(hostile.headers['x-trace-id']).not.toContain(' ');
  });

  it('answers an unknown route and a broken body in the one error shape', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-trace-id': 't1' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Route GET /api/nope not found', traceId: 't1' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/sms/sendOtp',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobileNumber":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });
});

describe('public catalogue and docs', () => {
  it('lists the box catalogue with the spec’s prices', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/boxes' });
    const boxes = res.json().data as { name: string; basePrice: number }[];
    expect(boxes.map((b) => [b.name, b.basePrice])).toEqual(
      expect.arrayContaining([
        ['Small Box', 220],
        ['Medium Box', 370],
        ['Large Box', 720],
        ['Large Pouch', 230],
        ['Passport', 399],
        ['Your Box', 375],
      ]),
    );
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/sms/sendOtp', '/api/addresses/new-address', '/api/users/me']));
    expect(doc.paths['/api/sms/sendOtp'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('mobileNumber');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('request limits', () => {
  it('count API calls per IP, never the web app’s own pages and files', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Hatid</title>');
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    const site = await buildTestApp({ demo: false, webDist: web });
    try {
      // A browser loads the shell and its files many times over (reloads, several tabs).
      for (let i = 0; i < 320; i++) {
        const url = i % 2 ? '/assets/app.js' : '/settings/addresses';
        expect((await site.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 305; i++) statuses.push((await site.app.inject({ method: 'GET', url: '/api/boxes' })).statusCode);
      expect(statuses.slice(0, 300).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await site.close();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});
