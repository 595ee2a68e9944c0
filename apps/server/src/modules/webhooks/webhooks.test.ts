import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { businesses, notifications, users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { book } from '../../testing/shipments.js';
import { assignRoles } from '../users/index.js';
import { BUSINESS_SHIPMENT_EVENT_TOPIC } from '../shipments/index.js';
import { enqueueOutbox } from '../../platform/outbox/index.js';
import { loadConfig } from '../../config.js';
import { PRODUCTION_ENV } from '../../testing/production-env.js';
import { createWebhookDispatcher, isForbiddenAddress, retryDelayMs, type WebhookDispatcher } from './index.js';

/**
 * Business webhooks (issue 33) end to end: a business admin registers an endpoint, the business's shipments
 * change through the API, the outbox fans the events out, and a dispatcher on a clock the test moves sends them to
 * a real HTTP receiver on this machine. The signature is checked by recomputing the documented recipe here.
 */
interface Received {
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  path: string;
}

let t: TestApp;
let bizAdmin: Session;
let otherAdmin: Session;
let staff: Session;
let member: Session;
let businessId: string;
let otherBusinessId: string;
let receiver: http.Server;
let baseUrl: string;
const received: Received[] = [];
/** What the receiver answers next: a status (and body) per request, in order; 200 when the list is empty. */
let answers: { status: number; body?: string; headers?: Record<string, string> }[] = [];
let now = new Date(Date.now() + 1000);
let dispatcher: WebhookDispatcher;

const silent = { warn() {}, error() {} };
const makeDispatcher = (allowPrivateTargets = true) =>
  createWebhookDispatcher({ db: t.app.db, appSecret: t.app.secret, allowPrivateTargets, logger: silent, clock: () => now });

beforeAll(async () => {
  t = await buildTestApp({ config: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  [bizAdmin, staff, member] = await Promise.all([signInAs(t, 'business_admin'), signInAs(t, 'staff'), signInAs(t, 'business_member')]);
  const [business] = await t.database.db.insert(businesses).values({ name: 'Tindahan ni Aling Nena' }).returning({ id: businesses.id });
  businessId = business!.id;
  const [other] = await t.database.db.insert(businesses).values({ name: 'Other Shop' }).returning({ id: businesses.id });
  otherBusinessId = other!.id;
  otherAdmin = await createCustomer(t, 'Other');
  await assignRoles(t.database.db, otherAdmin.userId, ['business_admin']);
  await t.database.db.update(users).set({ businessId: other!.id }).where(eq(users.id, otherAdmin.userId));
  for (const s of [bizAdmin, member]) await t.database.db.update(users).set({ businessId }).where(eq(users.id, s.userId));
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
      const answer = answers.shift() ?? { status: 200, body: 'ok' };
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  dispatcher = makeDispatcher();
});
beforeEach(() => {
  // Deliveries fall due at the database's time; the dispatcher's clock never runs behind it.
  now = new Date(Math.max(now.getTime(), Date.now()) + 1000);
});
afterEach(async () => {
  await t.database.db.delete(webhookEndpoints);
  received.length = 0;
  answers = [];
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });

async function register(events: string[] = ['shipment.booked', 'shipment.status_changed', 'shipment.cancelled'], path = '/hooks') {
  const res = await call('POST', '/api/webhooks/endpoints', bizAdmin, { url: `${baseUrl}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; secret: string; secretHint: string; status: string };
}

/** Runs the outbox until it is empty: the business's events become deliveries. */
async function fanOut() {
  while ((await t.app.outbox.runOnce()) > 0);
  now = new Date(Math.max(now.getTime(), Date.now() + 1000));
}
const move = async (trackingNumber: string, activity: string) => {
  const res = await call('POST', `/api/shipments/${trackingNumber}/deliveryStatus`, staff, { activity });
  expect(res.statusCode, res.body).toBe(200);
};
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const typesReceived = () => received.map((r) => (JSON.parse(r.rawBody) as { type: string }).type);
const deliveriesOf = async (endpointId: string) =>
  (await call('GET', `/api/webhooks/endpoints/${endpointId}/deliveries?limit=50`, bizAdmin)).json().data as {
    id: string;
    status: string;
    eventType: string;
    attempts: number;
    attemptLog: { statusCode: number | null; error: string | null; responseExcerpt: string | null }[];
  }[];

describe('business webhooks', () => {
  it('signs each delivery as documented: HMAC-SHA256 of the secret over t, a dot and the raw body, recomputed here', async () => {
    const endpoint = await register();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // The secret is shown once: never again in a read.
    const read = await call('GET', `/api/webhooks/endpoints/${endpoint.id}`, bizAdmin);
    expect(read.body).not.toContain(endpoint.secret);
    const [stored] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored!.secretCiphertext).not.toContain(endpoint.secret.slice(6));

    const shipment = await book(t, bizAdmin);
    await fanOut();
    expect(await dispatcher.runOnce()).toBe(1);
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const header = String(delivery!.headers['hatid-signature']);
    const match = header.match(/^t=(\d+),v1=([0-9a-f]{64})$/);
    expect(match, header).not.toBeNull();
    const expected = createHmac('sha256', endpoint.secret).update(`${match![1]}.${delivery!.rawBody}`).digest('hex');
    expect(match![2]).toBe(expected);
    expect(Math.abs(Number(match![1]) - Math.floor(now.getTime() / 1000))).toBeLessThanOrEqual(1);
    const body = JSON.parse(delivery!.rawBody);
    expect(body).toMatchObject({ type: 'shipment.booked', data: { id: shipment.id, trackingNumber: shipment.trackingNumber } });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.createdAt)).not.toBeNaN();
    // The body is what GET /api/shipments/{id} shows.
    const shown = await call('GET', `/api/shipments/${shipment.id}`, bizAdmin);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(body.data).toEqual(JSON.parse(JSON.stringify(shown.json().data)));
    // A wrong secret does not verify.
    expect(createHmac('sha256', 'whsec_wrong').update(`${match![1]}.${delivery!.rawBody}`).digest('hex')).not.toBe(match![2]);
  });

  it('gets an event to a receiver down (500) for its first 3 attempts on the 4th, once, with each attempt logged', async () => {
    const endpoint = await register();
    answers = [
      { status: 500, body: 'down' },
      { status: 500, body: 'down' },
      { status: 500, body: 'down' },
    ];
    await book(t, bizAdmin);
    await fanOut();
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await dispatcher.runOnce()).toBe(1);
      // Not before its time.
      expect(await dispatcher.runOnce()).toBe(0);
      advance(retryDelayMs(attempt));
    }
    expect(await dispatcher.runOnce()).toBe(1);
    advance(3_600_000);
    expect(await dispatcher.runOnce()).toBe(0);
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => JSON.parse(r.rawBody).id)).size).toBe(1);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 4, eventType: 'shipment.booked' });
    expect(delivery!.attemptLog.map((a) => a.statusCode)).toEqual([500, 500, 500, 200]);
    expect(delivery!.attemptLog[0]!.responseExcerpt).toBe('down');
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.failingSince).toBeNull();
  });

  it("keeps a shipment's events in order: a later event waits for the earlier one; other shipments do not wait", async () => {
    await register();
    const first = await book(t, bizAdmin);
    await fanOut();
    answers = [{ status: 503 }];
    expect(await dispatcher.runOnce()).toBe(1); // booked: refused
    await move(first.trackingNumber, 'On the way for pickup');
    await move(first.trackingNumber, 'Package picked up');
    const second = await book(t, bizAdmin);
    await fanOut();
    // Only the other shipment's event goes; the first shipment's moves wait behind its booking.
    expect(await dispatcher.runOnce()).toBe(1);
    expect(JSON.parse(received.at(-1)!.rawBody).data.id).toBe(second.id);
    advance(retryDelayMs(1));
    expect(await dispatcher.runOnce()).toBe(1); // booked again: accepted
    expect(await dispatcher.runOnce()).toBe(1); // then the first move
    expect(await dispatcher.runOnce()).toBe(1); // then the second
    const ofFirst = received.map((r) => JSON.parse(r.rawBody)).filter((b) => b.data.id === first.id);
    expect(ofFirst.map((b) => b.type)).toEqual(['shipment.booked', 'shipment.booked', 'shipment.status_changed', 'shipment.status_changed']);
    expect(ofFirst.slice(2).map((b) => b.data.deliveryStatus)).toEqual(['For pickup', 'Picked up']);
  });

  it('fans a batch of events out at once (the worker catching up), keeping each shipment in order and each endpoint to its events', async () => {
    const all = await register(['shipment.status_changed', 'shipment.delivered']);
    const deliveredOnly = await register(['shipment.delivered'], '/delivered');
    const [a, b] = [await book(t, bizAdmin), await book(t, bizAdmin)];
    await fanOut();
    const event = (shipmentId: string, types: string[], deliveryStatus: string) => ({
      topic: BUSINESS_SHIPMENT_EVENT_TOPIC,
      payload: { types, shipmentId, businessId, occurredAt: new Date().toISOString(), at: { deliveryStatus } },
    });
    // Written outside a request (as a payment credited by the outbox is): the worker finds them all due at once.
    await enqueueOutbox(t.app.db, [
      event(a.id, ['shipment.status_changed'], 'For pickup'),
      event(b.id, ['shipment.status_changed'], 'For pickup'),
      event(a.id, ['shipment.status_changed'], 'Picked up'),
      event(a.id, ['shipment.status_changed', 'shipment.delivered'], 'Delivered'),
      // Another business's event reaches none of these endpoints.
      { topic: BUSINESS_SHIPMENT_EVENT_TOPIC, payload: { ...event(a.id, ['shipment.delivered'], 'Delivered').payload, businessId: otherBusinessId } },
    ]);
    expect(await t.app.outbox.runOnce()).toBe(5);
    while ((await dispatcher.runOnce()) > 0);
    const bodies = received.map((r) => ({ path: r.path, ...(JSON.parse(r.rawBody) as { type: string; data: { id: string; deliveryStatus: string } }) }));
    const to = (path: string, id: string) => bodies.filter((x) => x.path === path && x.data.id === id).map((x) => `${x.type} ${x.data.deliveryStatus}`);
    expect(to('/hooks', a.id)).toEqual([
      'shipment.status_changed For pickup',
      'shipment.status_changed Picked up',
      'shipment.status_changed Delivered',
      'shipment.delivered Delivered',
    ]);
    expect(to('/hooks', b.id)).toEqual(['shipment.status_changed For pickup']);
    expect(to('/delivered', a.id)).toEqual(['shipment.delivered Delivered']);
    expect(received).toHaveLength(6);
    expect((await deliveriesOf(all.id)).every((d) => d.status === 'succeeded')).toBe(true);
    expect(await deliveriesOf(deliveredOnly.id)).toHaveLength(1);
  });

  it('sends only the events an endpoint asked for', async () => {
    await register(['shipment.cancelled']);
    const shipment = await book(t, bizAdmin);
    const cancelled = await call('PUT', `/api/shipments/${shipment.id}/cancel`, bizAdmin, { reasonForCancellation: 'Changed my mind' });
    await fanOut();
    while ((await dispatcher.runOnce()) > 0);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(typesReceived()).toEqual(['shipment.cancelled']);
  });

  it('does not follow redirects and keeps only the first 4 KB of an answer', async () => {
    const endpoint = await register();
    answers = [
      { status: 302, headers: { location: `${baseUrl}/elsewhere` } },
      { status: 200, body: 'x'.repeat(10_000) },
    ];
    await book(t, bizAdmin);
    await fanOut();
    await dispatcher.runOnce();
    expect(received.map((r) => r.path)).toEqual(['/hooks']);
    advance(retryDelayMs(1));
    await dispatcher.runOnce();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.attemptLog.map((a) => a.statusCode)).toEqual([302, 200]);
    expect(delivery!.attemptLog[1]!.responseExcerpt).toHaveLength(4096);
  });

  it('switches an endpoint failing for 24 hours off, gives its deliveries up, and tells the business admin', async () => {
    const endpoint = await register();
    answers = Array.from({ length: 200 }, () => ({ status: 500 }));
    await book(t, bizAdmin);
    await fanOut();
    const start = now.getTime();
    let attempts = 0;
    while (now.getTime() - start <= 25 * 3_600_000) {
      attempts += await dispatcher.runOnce();
      advance(60_000 * 15);
    }
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.status).toBe('failed');
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bizAdmin.userId), eq(notifications.type, 'webhook_disabled')));
    expect(told).toHaveLength(1);
    expect(told[0]!.metadata).toMatchObject({ url: `${baseUrl}/hooks` });
    // Switched off: nothing more is sent, and new events are not queued for it.
    const before = received.length;
    await book(t, bizAdmin);
    await fanOut();
    advance(3_600_000);
    expect(await dispatcher.runOnce()).toBe(0);
    expect(received).toHaveLength(before);
  });

  it('replays one delivery or all failed ones, once the receiver is back and the endpoint on', async () => {
    const endpoint = await register();
    await t.database.db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    await book(t, bizAdmin);
    await book(t, bizAdmin);
    await fanOut();
    // Both given up (as after 24 hours of failing).
    await t.database.db.update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.endpointId, endpoint.id));
    const off = await call('PATCH', `/api/webhooks/endpoints/${endpoint.id}`, bizAdmin, { enabled: false });
    expect(off.json().data).toMatchObject({ status: 'disabled', disabledReason: 'manual', failedDeliveries: 2 });

    const [one, two] = await deliveriesOf(endpoint.id);
    const replayOne = await call('POST', `/api/webhooks/endpoints/${endpoint.id}/deliveries/${one!.id}/replay`, bizAdmin);
    expect(replayOne.json()).toEqual({ data: { replayed: 1 } });
    // Waiting while the endpoint is off.
    expect(await dispatcher.runOnce()).toBe(0);
    const on = await call('PATCH', `/api/webhooks/endpoints/${endpoint.id}`, bizAdmin, { enabled: true });
    expect(on.json().data).toMatchObject({ status: 'active', disabledReason: null });
    expect(await dispatcher.runOnce()).toBe(1);
    const again = await call('POST', `/api/webhooks/endpoints/${endpoint.id}/deliveries/${one!.id}/replay`, bizAdmin);
    expect(again.statusCode).toBe(200); // a delivered one may be sent again too
    const all = await call('POST', `/api/webhooks/endpoints/${endpoint.id}/replay-failed`, bizAdmin);
    expect(all.json()).toEqual({ data: { replayed: 1 } });
    while ((await dispatcher.runOnce()) > 0);
    expect(received).toHaveLength(3);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    expect(two).toBeDefined();
  });

  it('lets another business admin neither see nor replay nor change an endpoint; staff read only; members not at all', async () => {
    const endpoint = await register();
    await book(t, bizAdmin);
    await fanOut();
    const [delivery] = await deliveriesOf(endpoint.id);
    for (const [method, url, payload] of [
      ['GET', `/api/webhooks/endpoints/${endpoint.id}`],
      ['GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`],
      ['POST', `/api/webhooks/endpoints/${endpoint.id}/deliveries/${delivery!.id}/replay`],
      ['POST', `/api/webhooks/endpoints/${endpoint.id}/replay-failed`],
      ['POST', `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`],
      ['PATCH', `/api/webhooks/endpoints/${endpoint.id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/endpoints/${endpoint.id}`],
    ] as [Method, string, object?][]) {
      const res = await call(method, url, otherAdmin, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/api/webhooks/endpoints', otherAdmin)).json().data).toEqual([]);
    // Staff see every business's endpoints and deliveries, and change nothing.
    const list = await call('GET', '/api/webhooks/endpoints', staff);
    expect(list.json().data.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    expect((await call('GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`, staff)).statusCode).toBe(200);
    expect((await call('POST', `/api/webhooks/endpoints/${endpoint.id}/replay-failed`, staff)).statusCode).toBe(403);
    expect((await call('POST', '/api/webhooks/endpoints', staff, { url: `${baseUrl}/x`, events: ['shipment.booked'], businessId })).statusCode).toBe(403);
    // Members of the business do not manage its integrations.
    expect((await call('GET', '/api/webhooks/endpoints', member)).statusCode).toBe(403);
    // The endpoint is unchanged.
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.status).toBe('active');
  });

  it('rotates the secret: the new one signs, the old one no longer does', async () => {
    const endpoint = await register();
    const rotated = await call('POST', `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`, bizAdmin);
    const { secret } = rotated.json().data as { secret: string };
    expect(secret).not.toBe(endpoint.secret);
    await book(t, bizAdmin);
    await fanOut();
    await dispatcher.runOnce();
    const [, ts, v1] = String(received[0]!.headers['hatid-signature']).match(/^t=(\d+),v1=(\w+)$/)!;
    expect(createHmac('sha256', secret).update(`${ts}.${received[0]!.rawBody}`).digest('hex')).toBe(v1);
    expect(createHmac('sha256', endpoint.secret).update(`${ts}.${received[0]!.rawBody}`).digest('hex')).not.toBe(v1);
  });

  it('refuses bad input with the field and the reason, and changes nothing', async () => {
    for (const payload of [
      { url: 'ftp://example.com/x', events: ['shipment.booked'] },
      { url: `${baseUrl}/x`, events: [] },
      { url: `${baseUrl}/x`, events: ['shipment.teleported'] },
      { url: 'https://user:pw@example.com/x', events: ['shipment.booked'] },
    ]) {
      const res = await call('POST', '/api/webhooks/endpoints', bizAdmin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details?.[0]?.field).toMatch(/url|events/);
    }
    expect(await t.database.db.select().from(webhookEndpoints)).toEqual([]);
  });
});

describe('webhook targets (server-side request forgery)', () => {
  let strict: TestApp;
  let strictAdmin: Session;
  beforeAll(async () => {
    strict = await buildTestApp();
    strictAdmin = await signInAs(strict, 'business_admin');
    const [business] = await strict.database.db.insert(businesses).values({ name: 'Strict Shop' }).returning({ id: businesses.id });
    await strict.database.db.update(users).set({ businessId: business!.id }).where(eq(users.id, strictAdmin.userId));
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('refuses at registration URLs resolving to loopback, private, link-local, CGNAT or multicast addresses', async () => {
    for (const url of [
      baseUrl,
      'http://localhost:8080/hooks',
      'http://10.1.2.3/hooks',
      'http://172.16.0.1/hooks',
      'http://192.168.1.10/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/hooks',
      'http://224.0.0.1/hooks',
      'http://[::1]/hooks',
      'http://[fd00::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://0.0.0.0/hooks',
    ]) {
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/webhooks/endpoints',
        headers: { cookie: strictAdmin.cookie },
        payload: { url, events: ['shipment.booked'] },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().details).toEqual([{ field: 'url', message: expect.stringMatching(/loopback, private, link-local or reserved address/) }]);
    }
    expect(await strict.database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('checks again at every delivery: an endpoint whose address turned private gets nothing', async () => {
    const endpoint = await register();
    await book(t, bizAdmin);
    await fanOut();
    const cautious = makeDispatcher(false);
    expect(await cautious.runOnce()).toBe(1);
    expect(received).toHaveLength(0);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.attemptLog[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/^Refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1/) });
  });

  it('knows which addresses are ours, and production never allows them whatever the setting', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '100.127.255.255', '169.254.0.1', '::1', 'fe80::1', '::ffff:10.0.0.1', 'ff02::1', '239.1.1.1']) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '100.128.0.1']) expect(isForbiddenAddress(address), address).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', DATA_DIR: '/nonexistent' }).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(loadConfig({ APP_ENV: 'test', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', DATA_DIR: '/nonexistent' }).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(true);
    expect(loadConfig({ APP_ENV: 'development', DATA_DIR: '/nonexistent' }).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
  });
});
