import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { notify } from '../../modules/notifications/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer } from '../../testing/auth.js';
import { connectWs, wsUrl, type WsClient } from '../../testing/ws-client.js';
import { book } from '../../testing/shipments.js';
import { appEvent, channels, createRedisEventBus, type AppEvent, type EventBus } from './index.js';

/**
 * CI has Redis: these tests never skip. Without Redis they fail, saying so.
 * REDIS_URL (or TEST_REDIS_URL) points them elsewhere; every run uses its own channel prefix.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `hatid-test:${randomUUID()}:`;

async function requireRedis() {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let cause = '';
  probe.on('error', (err: Error) => {
    cause = err.message;
  });
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new Error(
      `Redis is unreachable at ${REDIS_URL} (${cause || (error as Error).message}). The multi-instance tests need it: ` +
        'start redis-server, or set TEST_REDIS_URL.',
    );
  } finally {
    probe.disconnect();
  }
}

const buses: EventBus[] = [];
async function redisBus(): Promise<EventBus> {
  const bus = await createRedisEventBus({ url: REDIS_URL, prefix });
  buses.push(bus);
  return bus;
}

function nextEvent(bus: EventBus, match: (e: AppEvent) => boolean): Promise<AppEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event arrived through Redis within 5 s')), 5000);
    const stop = bus.subscribe((e) => {
      if (!match(e)) return;
      clearTimeout(timer);
      stop();
      resolve(e);
    });
  });
}

beforeAll(requireRedis);
afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
});

describe('Redis event bus', () => {
  it('delivers an event published on one bus to the subscribers of every bus, the publisher’s too', async () => {
    const a = await redisBus();
    const b = await redisBus();
    const onA = nextEvent(a, (e) => e.payload.n === 1);
    const onB = nextEvent(b, (e) => e.payload.n === 1);
    const event = appEvent('SHIPMENT_CREATED', [channels.admin], { n: 1 });
    await a.publish(event);
    expect(await onB).toEqual(event);
    expect(await onA).toEqual(event);
  });

  it('ignores a malformed message on the channel instead of crashing', async () => {
    const bus = await redisBus();
    const raw = new Redis(REDIS_URL);
    try {
      const arrived = nextEvent(bus, (e) => e.payload.n === 2);
      await raw.publish(`${prefix}events`, 'not json');
      await raw.publish(`${prefix}events`, JSON.stringify({ type: 'HACKED', channels: ['admin'], payload: {}, at: 'x' }));
      await bus.publish(appEvent('SHIPMENT_CANCELLED', ['admin'], { n: 2 }));
      expect((await arrived).type).toBe('SHIPMENT_CANCELLED');
    } finally {
      raw.disconnect();
    }
  });

  it('fails fast with a clear message when Redis cannot be reached', async () => {
    await expect(createRedisEventBus({ url: 'redis://127.0.0.1:1', connectTimeoutMs: 1000 })).rejects.toThrow(
      /Cannot reach Redis at redis:\/\/127\.0\.0\.1:1.* for the event bus/,
    );
  });
});

describe('two API instances behind a load balancer', () => {
  let a: TestApp;
  let b: App;
  let client: WsClient | undefined;

  beforeAll(async () => {
    // Instance A and instance B share one database (as two processes share PostgreSQL) and one Redis.
    a = await buildTestApp({ events: await redisBus() });
    b = await buildApp({
      config: loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
      database: a.database,
      sms: a.sms,
      logger: false,
      webDist: null,
      secretDir: null,
      events: await redisBus(),
    });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    client?.close();
    await b?.close();
    await a?.close();
  });

  it('a browser connected to instance B receives what instance A publishes', async () => {
    expect(wsUrl(a.app)).not.toBe(wsUrl(b));
    // Signed up through A; the session lives in the shared database, so B knows the cookie.
    const ana = await signUpCustomer(a);
    client = await connectWs(wsUrl(b), ana.cookie);
    expect(await client.subscribe(channels.user(ana.userId))).toEqual({ type: 'subscribed', channel: `user:${ana.userId}` });

    await a.app.events.publish(
      appEvent('DELIVERY_STATUS_UPDATED', [channels.user(ana.userId)], { trackingNumber: 'ND123456785PH', deliveryStatus: 'Picked up' }),
    );
    const status = await client.next((m) => m.type === 'DELIVERY_STATUS_UPDATED', 'DELIVERY_STATUS_UPDATED via Redis');
    expect(status).toMatchObject({ channel: `user:${ana.userId}`, payload: { trackingNumber: 'ND123456785PH', deliveryStatus: 'Picked up' } });

    // A notification written by A reaches the socket on B, and B's API lists it.
    const [row] = await notify(a.app.db, a.app.events, { userIds: [ana.userId], type: 'picked_up', metadata: { trackingNumber: 'ND123456785PH' } });
    const hint = await client.next((m) => m.type === 'NOTIFICATION_CREATED', 'NOTIFICATION_CREATED via Redis');
    expect(hint.payload).toEqual({ notificationId: row!.id, type: 'picked_up', trackingNumber: 'ND123456785PH' });
    const list = await b.inject({ method: 'GET', url: '/api/notifications/me', headers: { cookie: ana.cookie } });
    expect(list.json().data[0]).toMatchObject({ id: row!.id, title: 'Package picked up' });
  });

  it('a status change made through instance A reaches the shipment’s follower on instance B', async () => {
    const ana = await signUpCustomer(a);
    const staff = await signInAs(a, 'staff');
    const shipment = await book(a, ana);
    const follower = await connectWs(wsUrl(b), ana.cookie);
    try {
      expect(await follower.subscribe(channels.shipment(shipment.trackingNumber))).toMatchObject({ type: 'subscribed' });
      const moved = await a.app.inject({
        method: 'POST',
        url: `/api/shipments/${shipment.trackingNumber}/deliveryStatus`,
        headers: { cookie: staff.cookie },
        payload: { activity: 'On the way for pickup' },
      });
      expect(moved.statusCode).toBe(200);
      const event = await follower.next((m) => m.type === 'DELIVERY_STATUS_UPDATED', 'DELIVERY_STATUS_UPDATED via Redis');
      expect(event).toMatchObject({
        channel: channels.shipment(shipment.trackingNumber),
        payload: { trackingNumber: shipment.trackingNumber, deliveryStatus: 'For pickup', previousDeliveryStatus: 'Order placed' },
      });
    } finally {
      follower.close();
    }
  });
});
