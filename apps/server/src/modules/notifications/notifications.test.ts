import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens, notifications, outboxEvents } from '../../db/schema/index.js';
import type { AppEvent } from '../../platform/events/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { MemoryPush } from '../../testing/memory-push.js';
import { NOTIFICATION_PUSH_TOPIC, notify } from './notifications.service.js';

let t: TestApp;
let push: MemoryPush;
let ana: Session;
let ben: Session;
const published: AppEvent[] = [];

beforeAll(async () => {
  push = new MemoryPush();
  t = await buildTestApp({ push });
  t.app.events.subscribe((e) => published.push(e));
  ana = await signUpCustomer(t);
  ben = await signUpCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const postToken = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/notifications/token', headers: { cookie }, payload });
const subscription = (id: string) => ({
  token: `https://fcm.googleapis.com/fcm/send/${id}`,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
});

describe('GET /api/notifications/me', () => {
  it('pages my notifications newest first, 10 a page, with a next-page flag; nobody else’s', async () => {
    for (let i = 1; i <= 12; i += 1) {
      await notify(t.app.db, t.app.events, {
        userIds: [ana.userId],
        type: 'picked_up',
        metadata: { trackingNumber: `ND000000${String(i).padStart(2, '0')}0PH` },
      });
    }
    await notify(t.app.db, t.app.events, { userIds: [ben.userId], type: 'delivered', metadata: { trackingNumber: 'ND999999990PH' } });

    const first = await get('/api/notifications/me', ana.cookie);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ page: 1, limit: 10, total: 12, totalPages: 2, hasNextPage: true });
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0]).toMatchObject({
      type: 'picked_up',
      metadata: { trackingNumber: 'ND000000120PH' },
      title: 'Package picked up',
      message: 'Your shipment ND000000120PH has been picked up and is on its way.',
      link: '/packages/ND000000120PH',
      readAt: null,
    });
    const page2 = (await get('/api/notifications/me?page=2', ana.cookie)).json();
    expect(page2).toMatchObject({ page: 2, total: 12, hasNextPage: false });
    expect(page2.data.map((n: { metadata: { trackingNumber: string } }) => n.metadata.trackingNumber)).toEqual(['ND000000020PH', 'ND000000010PH']);

    const bens = (await get('/api/notifications/me', ben.cookie)).json();
    expect(bens.data.map((n: { type: string }) => n.type)).toEqual(['delivered']);
  });

  it('needs a session, and keeps limit within 1..100', async () => {
    expect((await get('/api/notifications/me')).statusCode).toBe(401);
    expect((await get('/api/notifications/me?limit=101', ana.cookie)).statusCode).toBe(400);
    expect((await get('/api/notifications/me?limit=100', ana.cookie)).json()).toMatchObject({ limit: 100, hasNextPage: false });
  });

  it('publishes NOTIFICATION_CREATED on the person’s channel with ids only', async () => {
    published.length = 0;
    const [row] = await notify(t.app.db, t.app.events, {
      userIds: [ben.userId],
      type: 'delivery_failed',
      metadata: { trackingNumber: 'ND999999990PH', reason: 'Recipient not at home' },
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(published).toEqual([
      {
        type: 'NOTIFICATION_CREATED',
        channels: [`user:${ben.userId}`],
        payload: { notificationId: row!.id, type: 'delivery_failed', trackingNumber: 'ND999999990PH' },
        at: expect.any(String),
      },
    ]);
  });
});

describe('GET /api/notifications/global', () => {
  it('is the staff feed: global rows for staff and admins, 403 for customers and business admins', async () => {
    await notify(t.app.db, t.app.events, { userIds: 'global', type: 'shipment_booked', metadata: { trackingNumber: 'SD000000011PH' } });
    expect(published.at(-1)).toMatchObject({ type: 'NOTIFICATION_CREATED', channels: ['admin'] });
    for (const role of ['staff', 'admin'] as const) {
      const staff = await signInAs(t, role);
      const res = await get('/api/notifications/global', staff.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ total: 1, data: [{ type: 'shipment_booked', link: '/packages/SD000000011PH' }] });
    }
    expect((await get('/api/notifications/global', ana.cookie)).statusCode).toBe(403);
    expect((await get('/api/notifications/global', (await signInAs(t, 'business_admin')).cookie)).statusCode).toBe(403);
    expect((await get('/api/notifications/global')).statusCode).toBe(401);
    // Global rows are nobody's own.
    expect((await get('/api/notifications/me', ana.cookie)).json().data.some((n: { type: string }) => n.type === 'shipment_booked')).toBe(false);
  });
});

describe('POST /api/notifications/token', () => {
  it('saves a Web Push subscription once, and moves it to whoever signs in on that browser next', async () => {
    const sub = subscription('device-1');
    const first = await postToken(ana.cookie, sub);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ kind: 'web_push' });
    expect((await postToken(ana.cookie, sub)).statusCode).toBe(200);
    let rows = await t.app.db.select().from(deviceTokens).where(eq(deviceTokens.token, sub.token));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: ana.userId, keys: sub.keys });

    await postToken(ben.cookie, sub);
    rows = await t.app.db.select().from(deviceTokens).where(eq(deviceTokens.token, sub.token));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(ben.userId);
  });

  it('refuses a Web Push token without keys, one that is not a push service, and anonymous callers', async () => {
    const noKeys = await postToken(ana.cookie, { token: 'https://fcm.googleapis.com/fcm/send/x' });
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json().details).toContainEqual({ field: 'keys', message: expect.stringMatching(/keys/) });
    const internal = await postToken(ana.cookie, { ...subscription('x'), token: 'https://169.254.169.254/latest/meta-data' });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().details[0].field).toBe('token');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/notifications/token', payload: subscription('y') });
    expect(anonymous.statusCode).toBe(401);
    const native = await postToken(ana.cookie, { kind: 'fcm', token: 'native-fcm-registration-token' });
    expect(native.statusCode).toBe(200);
  });
});

describe('Web Push through the outbox', () => {
  it('gives the VAPID public key to browsers', async () => {
    const res = await get('/api/notifications/push-key');
    expect(res.json()).toEqual({ data: { publicKey: push.publicKey } });
  });

  it('sends one push with the notification’s title, and forgets a subscription the push service says is gone', async () => {
    const carla = await signUpCustomer(t);
    const phone = subscription('carla-phone');
    const laptop = subscription('carla-laptop');
    await postToken(carla.cookie, phone);
    await postToken(carla.cookie, laptop);
    push.sent.length = 0;
    push.answer = (endpoint) => (endpoint === laptop.token ? { ok: false, gone: true, statusCode: 410, error: 'push service answered 410' } : { ok: true });

    const [row] = await notify(t.app.db, t.app.events, { userIds: [carla.userId], type: 'out_for_delivery', metadata: { trackingNumber: 'ND123456785PH' } });
    // Nothing is sent inside the request: the outbox worker does it.
    expect(push.sent).toHaveLength(0);
    expect(await t.app.outbox.runOnce()).toBeGreaterThanOrEqual(1);

    const toPhone = push.sent.filter((p) => p.target.endpoint === phone.token);
    expect(toPhone).toEqual([
      {
        target: { endpoint: phone.token, keys: phone.keys },
        message: { title: 'Out for delivery', body: 'Your shipment ND123456785PH is out for delivery.', url: '/packages/ND123456785PH', tag: row!.id },
      },
    ]);
    const left = await t.app.db.select().from(deviceTokens).where(eq(deviceTokens.userId, carla.userId));
    expect(left.map((d) => d.token)).toEqual([phone.token]);
    const [job] = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.dedupeKey, row!.id));
    expect(job).toMatchObject({ topic: NOTIFICATION_PUSH_TOPIC, attempts: 1, lastError: null });
    expect(job!.processedAt).toBeInstanceOf(Date);
    expect(await t.app.outbox.runOnce()).toBe(0);
  });

  it('retries later when the push service fails, without sending twice to devices that already got it', async () => {
    const dan = await signUpCustomer(t);
    const good = subscription('dan-good');
    const flaky = subscription('dan-flaky');
    await postToken(dan.cookie, good);
    await postToken(dan.cookie, flaky);
    push.sent.length = 0;
    push.answer = (endpoint) => (endpoint === flaky.token ? { ok: false, gone: false, statusCode: 503, error: 'push service answered 503' } : { ok: true });

    const [row] = await notify(t.app.db, t.app.events, { userIds: [dan.userId], type: 'delivered', metadata: { trackingNumber: 'ND123456785PH' } });
    await t.app.outbox.runOnce();
    const [job] = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.dedupeKey, row!.id));
    expect(job).toMatchObject({ attempts: 1, processedAt: null, lastError: expect.stringMatching(/503/) });
    expect(job!.availableAt.getTime()).toBeGreaterThan(Date.now() + 5_000);

    // The backoff has passed and the service is back.
    push.answer = () => ({ ok: true });
    await t.app.db
      .update(outboxEvents)
      .set({ availableAt: new Date(Date.now() - 1000) })
      .where(eq(outboxEvents.id, job!.id));
    await t.app.outbox.runOnce();
    expect(push.sent.filter((p) => p.target.endpoint === good.token)).toHaveLength(1);
    expect(push.sent.filter((p) => p.target.endpoint === flaky.token)).toHaveLength(2);
    const [done] = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.id, job!.id));
    expect(done).toMatchObject({ attempts: 2, lastError: null });
    expect(done!.processedAt).toBeInstanceOf(Date);
  });

  it('writes no push job for global notifications', async () => {
    const [row] = await notify(t.app.db, t.app.events, { userIds: 'global', type: 'cancelled', metadata: { trackingNumber: 'ND123456785PH' } });
    expect(await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.dedupeKey, row!.id))).toEqual([]);
    expect(await t.app.db.select().from(notifications).where(eq(notifications.id, row!.id))).toHaveLength(1);
  });
});
