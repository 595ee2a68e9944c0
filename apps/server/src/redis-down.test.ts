import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { loadConfig } from './config.js';
import { appEvent, channels, createRedisEventBus, silentLogger, type EventBus } from './platform/events/index.js';
import { createRateLimitRedis } from './platform/rate-limit-store.js';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import { signUpCustomer, type Session } from './testing/auth.js';
import { connectWs, wsUrl, type WsClient } from './testing/ws-client.js';
import { startOwnRedis, type OwnRedis } from './testing/own-services.js';
import { waitFor } from './testing/wait-for.js';

/**
 * Redis stopped and started under two API processes (docs/decisions.md "While a dependency is down"): sign-in
 * limits fail closed (503 + Retry-After, never uncounted), other limits count per process, events still reach
 * the publishing process's sockets, and when Redis is back both processes share limits and events again and
 * every browser is told to refetch. Redis is this file's own (testing/own-services.ts): it is stopped here.
 */
let redis: OwnRedis;
let a: TestApp;
let b: App;
const buses: EventBus[] = [];
const limitConnections: Redis[] = [];
const sockets: WsClient[] = [];
let ana: Session;
let onA: WsClient;
let onB: WsClient;

async function bus(options: { startWithoutRedis?: boolean; prefix: string }) {
  const created = await createRedisEventBus({ url: redis.url, connectTimeoutMs: 1000, ...options });
  buses.push(created);
  return created;
}

function limitRedis() {
  const connection = createRateLimitRedis(redis.url, silentLogger);
  limitConnections.push(connection);
  return connection;
}

/** A staff sign-in with a new unknown email each time: only the per-IP limit (10 a minute) can refuse it. */
async function signIn(app: App) {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/loginWithEmail',
    payload: { email: `${randomUUID()}@example.com`, password: 'wrong-password' },
  });
  return { res, ms: performance.now() - started };
}

const prefix = `hatid-test:${randomUUID()}:`;

beforeAll(async () => {
  redis = await startOwnRedis();
  const [limitA, limitB] = [limitRedis(), limitRedis()];
  a = await buildTestApp({ events: await bus({ prefix }), redis: limitA });
  b = await buildApp({
    config: loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
    database: a.database,
    sms: a.sms,
    logger: false,
    webDist: null,
    secretDir: null,
    events: await bus({ prefix }),
    redis: limitB,
  });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
  await waitFor(() => limitA.status === 'ready' && limitB.status === 'ready', 'the rate-limit connections', 10_000);
  ana = await signUpCustomer(a);
  onA = await connectWs(wsUrl(a.app), ana.cookie);
  onB = await connectWs(wsUrl(b), ana.cookie);
  sockets.push(onA, onB);
  for (const socket of [onA, onB]) expect(await socket.subscribe(channels.user(ana.userId))).toMatchObject({ type: 'subscribed' });
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await b?.close();
  await a?.close();
  await Promise.all(buses.map((x) => x.close()));
  for (const connection of limitConnections) connection.disconnect();
  await redis?.close();
});

describe('Redis answers', () => {
  it('counts the sign-in limit once for both processes: the 11th attempt in a minute is refused, whichever process gets it', async () => {
    for (let i = 0; i < 10; i++) {
      const { res } = await signIn(i % 2 ? b : a.app);
      expect(res.statusCode, res.body).toBe(401);
    }
    const { res } = await signIn(b);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('Redis stopped', () => {
  beforeAll(async () => {
    await redis.stop();
    await waitFor(() => a.app.events.state === 'local-only' && b.events.state === 'local-only', 'both buses to notice', 10_000);
  });

  it('refuses sign-in with 503 and Retry-After in the error shape at once, on both processes, instead of letting guesses through uncounted', async () => {
    for (const app of [a.app, b, a.app, b]) {
      const { res, ms } = await signIn(app);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'Sign-in and code checks are paused for a moment. Please try again in a few seconds.',
        traceId: expect.any(String),
      });
      expect(ms).toBeLessThan(1000);
    }
  });

  it('keeps answering the rest of the API (limits counted in each process), without waiting for Redis', async () => {
    for (const app of [a.app, b]) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/notifications/me', headers: { cookie: ana.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('300');
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('still delivers events to the sockets of the process that published them; the other process misses them for now', async () => {
    const started = performance.now();
    await a.app.events.publish(appEvent('WALLET_UPDATED', [channels.user(ana.userId)], { n: 'during-outage' }));
    expect(performance.now() - started).toBeLessThan(1000);
    const event = await onA.next((m) => m.payload?.n === 'during-outage', 'the event on the publishing process');
    expect(event).toMatchObject({ type: 'WALLET_UPDATED', channel: channels.user(ana.userId) });
    await new Promise((r) => setTimeout(r, 200));
    expect(onB.received.some((m) => m.payload?.n === 'during-outage')).toBe(false);
  });

  it('a process started now serves with a bus of its own process, and joins the others once Redis is back', async () => {
    const started = performance.now();
    const late = await bus({ prefix, startWithoutRedis: true });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(late.state).toBe('local-only');
    const heard: unknown[] = [];
    late.subscribe((e) => heard.push(e.payload.n));
    await late.publish(appEvent('WALLET_UPDATED', [channels.admin], { n: 'late-local' }));
    expect(heard).toEqual(['late-local']);

    let resynced = 0;
    late.onResync(() => resynced++);
    await redis.start();
    await waitFor(() => late.state === 'shared', 'the late bus to connect', 10_000);
    expect(resynced).toBe(1);
    // Down again for the next tests, which bring Redis back under the two API processes.
    await redis.stop();
    await waitFor(
      () => a.app.events.state === 'local-only' && b.events.state === 'local-only' && late.state === 'local-only',
      'the buses to lose Redis again',
      10_000,
    );
  });
});

describe('Redis started again', () => {
  beforeAll(async () => {
    await redis.start();
    await waitFor(() => a.app.events.state === 'shared' && b.events.state === 'shared', 'both buses to reconnect', 10_000);
    await waitFor(() => limitConnections.every((c) => c.status === 'ready'), 'the rate-limit connections to reconnect', 10_000);
  });

  it('tells every browser on both processes to refetch, since events of the other process were missed', async () => {
    await onA.next((m) => m.type === 'resync', 'resync on A');
    await onB.next((m) => m.type === 'resync', 'resync on B');
  });

  it('delivers events across processes again', async () => {
    await a.app.events.publish(appEvent('WALLET_UPDATED', [channels.user(ana.userId)], { n: 'after-outage' }));
    expect(await onB.next((m) => m.payload?.n === 'after-outage', 'the event on the other process')).toMatchObject({ type: 'WALLET_UPDATED' });
    expect(await onA.next((m) => m.payload?.n === 'after-outage', 'the event on the publishing process')).toMatchObject({ type: 'WALLET_UPDATED' });
  });

  it('counts the sign-in limit in Redis again, once for both processes', async () => {
    for (let i = 0; i < 10; i++) {
      const { res } = await signIn(i % 2 ? a.app : b);
      expect(res.statusCode, res.body).toBe(401);
    }
    expect((await signIn(a.app)).res.statusCode).toBe(429);
  });
});
