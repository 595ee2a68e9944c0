import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@hatid/domain';
import { loadConfig } from '../../config.js';
import { businesses, outboxEvents, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs } from '../../testing/auth.js';
import { book } from '../../testing/shipments.js';
import { createRedisEventBus } from '../events/index.js';
import { enqueueOutbox } from '../outbox/index.js';
import { createMetrics, observeRequests, sampleConnections, startMetricsServer, type Metrics, type MetricsServer } from './index.js';

/**
 * The operators' metrics as Prometheus reads them: a scrape of the metrics port after real requests to the app,
 * with the token and without it, and the public port asked for the same.
 */
const TOKEN = 'metrics-token-for-the-test-0123456789';
let t: TestApp;
let metrics: Metrics;
let server: MetricsServer;

beforeAll(async () => {
  metrics = createMetrics();
  t = await buildTestApp({ metrics });
  server = await startMetricsServer({ metrics, port: 0, host: '127.0.0.1', token: TOKEN });
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

async function scrape(headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) {
  const res = await fetch(server.url, { headers });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function until(condition: () => Promise<boolean>, ms = 8000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function retry<T>(run: () => Promise<T>, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The value of one series, or undefined when the scrape does not have it. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics port', () => {
  it('answers the requests counted by route pattern, their latency and the process numbers, after some requests', async () => {
    const customer = await signInAs(t, 'customer');
    const shipment = await book(t, customer);
    const trackingNumbers = [shipment.trackingNumber, 'ND000000000PH', 'XX1'];
    for (const tn of trackingNumbers) await t.app.inject({ method: 'GET', url: `/api/shipments/track/${tn}` });
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${randomUUID()}` });

    const { status, text, type } = await scrape();
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    const track = '/api/shipments/track/:trackingNumber';
    // Three lookups of three numbers are three requests of one route, split only by their answer's status.
    const byStatus = ['200', '400', '404'].map((s) => seriesValue(text, `hatid_http_requests_total{method="GET",route="${track}",status="${s}"}`) ?? 0);
    expect(byStatus.reduce((a, b) => a + b, 0)).toBe(3);
    expect(seriesValue(text, `hatid_http_request_duration_seconds_count{method="GET",route="${track}"}`)).toBe(3);
    expect(seriesValue(text, 'hatid_http_requests_total{method="POST",route="/api/shipments/customer",status="201"}')).toBe(1);
    expect(seriesValue(text, 'hatid_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    // Bounded labels: no tracking number, id or unknown path ever becomes a label.
    for (const tn of trackingNumbers) expect(text).not.toContain(tn);
    expect(text).not.toContain('/api/no-such-thing');
    expect(text).not.toMatch(/route="[^"]*\/[0-9a-f]{8}-[0-9a-f]{4}-/);
    // Process numbers from prom-client, and the samplers all answered.
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    for (const sampler of ['database', 'outbox', 'webhooks', 'connections'])
      expect(seriesValue(text, `hatid_metrics_sampler_up{sampler="${sampler}"}`)).toBe(1);
    expect(seriesValue(text, 'hatid_db_probe_seconds')).toBeGreaterThan(0);
    expect(seriesValue(text, 'hatid_event_bus_connected{kind="memory"}')).toBe(1);
    if (t.database.pool) expect(seriesValue(text, 'hatid_db_pool_connections')).toBeGreaterThan(0);
  });

  it('refuses a scrape without the token or with another one, and only /metrics answers', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer not-the-token' }, { authorization: `Basic ${TOKEN}` }]) {
      const { status, text } = await scrape(headers);
      expect(status).toBe(401);
      expect(text).not.toContain('hatid_');
    }
    expect((await fetch(server.url.replace('/metrics', '/'), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('is not on the public port', async () => {
    for (const url of ['/metrics', '/api/metrics', '/api/_ah/metrics']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('hatid_http_requests_total');
      // With the operators' token the API sees an API key it does not know: refused all the same.
      const withToken = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(withToken.statusCode, url).toBe(401);
      expect(withToken.body).not.toContain('hatid_http_requests_total');
    }
  });

  it('shows the outbox backlog as the unprocessed rows by topic and the age of the oldest, and forgets a drained topic', async () => {
    const topic = 'metrics.test.unhandled';
    const rows = await enqueueOutbox(t.app.db, [
      { topic, payload: {} },
      { topic, payload: {} },
      { topic, payload: {} },
    ]);
    // One of them was written ten minutes ago and is still waiting.
    await t.app.db.update(outboxEvents).set({ createdAt: sql`now() - interval '10 minutes'` }).where(eq(outboxEvents.id, rows[0]!.id));
    let { text } = await scrape();
    expect(seriesValue(text, `hatid_outbox_pending_rows{topic="${topic}"}`)).toBe(3);
    expect(seriesValue(text, 'hatid_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(600);

    await t.app.db
      .update(outboxEvents)
      .set({ processedAt: sql`now()` })
      .where(
        inArray(
          outboxEvents.id,
          rows.map((r) => r.id),
        ),
      );
    ({ text } = await scrape());
    expect(seriesValue(text, `hatid_outbox_pending_rows{topic="${topic}"}`)).toBeUndefined();
    expect(seriesValue(text, 'hatid_outbox_oldest_pending_age_seconds')).toBeLessThan(600);
  });

  it("shows the webhook queue: pending deliveries, the oldest one's age and how late the sendable ones are", async () => {
    const [business] = await t.app.db.insert(businesses).values({ name: 'Metrics Shop' }).returning({ id: businesses.id });
    const [endpoint] = await t.app.db
      .insert(webhookEndpoints)
      .values({
        businessId: business!.id,
        url: 'https://example.invalid/hook',
        events: [WEBHOOK_EVENT_TYPES[0]],
        secretCiphertext: 'x.y.z',
        secretHint: 'whsec_…',
      })
      .returning({ id: webhookEndpoints.id });
    const event = async () => {
      const [row] = await t.app.db
        .insert(webhookEvents)
        .values({ businessId: business!.id, type: WEBHOOK_EVENT_TYPES[0], body: '{}', createdAt: sql`now() - interval '5 minutes'` })
        .returning({ id: webhookEvents.id });
      return row!.id;
    };
    // One shipment's chain of two: the first due two minutes ago (the dispatcher is behind), the second waits behind it.
    const chain = { endpointId: endpoint!.id, orderKey: randomUUID(), createdAt: sql`now() - interval '5 minutes'` };
    await t.app.db.insert(webhookDeliveries).values({ ...chain, eventId: await event(), nextAttemptAt: sql`now() - interval '2 minutes'` });
    await t.app.db.insert(webhookDeliveries).values({ ...chain, eventId: await event(), nextAttemptAt: sql`now() - interval '1 minute'` });

    const { text } = await scrape();
    expect(seriesValue(text, 'hatid_webhook_deliveries_pending')).toBe(2);
    expect(seriesValue(text, 'hatid_webhook_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(300);
    expect(seriesValue(text, 'hatid_webhook_deliveries_due')).toBe(1);
    expect(seriesValue(text, 'hatid_webhook_due_lag_seconds')).toBeGreaterThanOrEqual(120);
    expect(seriesValue(text, 'hatid_webhook_due_lag_seconds')).toBeLessThan(300);
    await t.app.db.delete(businesses).where(eq(businesses.id, business!.id));
  });
});

describe('metrics on their own', () => {
  it('counts a 5xx answer by its route', async () => {
    const own = createMetrics({ processMetrics: false });
    const app = Fastify();
    observeRequests(app, own);
    app.get('/api/broken/:id', async () => {
      throw new Error('boom');
    });
    await app.inject({ method: 'GET', url: '/api/broken/42' });
    const { body } = await own.render();
    expect(body).toContain('hatid_http_requests_total{method="GET",route="/api/broken/:id",status="500"} 1');
    await app.close();
  });

  it('answers the scrape when a sampler hangs, without its stale numbers, and says so', async () => {
    const own = createMetrics({ processMetrics: false, samplerTimeoutMs: 50 });
    const gauge = own.gauge('hatid_test_backlog', 'test');
    let hang = false;
    own.addSampler(
      'slow',
      async () => {
        if (hang) await new Promise(() => {});
        gauge.set(7);
      },
      () => gauge.reset(),
    );
    expect((await own.render()).body).toContain('hatid_test_backlog 7');
    hang = true;
    const started = performance.now();
    const { body } = await own.render();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(body).toContain('hatid_metrics_sampler_up{sampler="slow"} 0');
    expect(body).not.toContain('hatid_test_backlog 7');
  });

  it('says when the Redis event bus loses its Redis, and when it is back', async () => {
    // A Redis of this test's own on a free port: stopping the machine's would break every other test.
    const port = await freePort();
    const start = () => spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    let redis = start();
    const bus = await retry(() => createRedisEventBus({ url: `redis://127.0.0.1:${port}`, connectTimeoutMs: 500 }));
    const own = createMetrics({ processMetrics: false });
    sampleConnections(own, bus);
    const connected = async () => seriesValue((await own.render()).body, 'hatid_event_bus_connected{kind="redis"}');
    try {
      expect(await connected()).toBe(1);
      redis.kill('SIGKILL');
      await once(redis, 'exit');
      await until(async () => (await connected()) === 0);
      redis = start();
      await until(async () => (await connected()) === 1);
    } finally {
      await bus.close();
      redis.kill('SIGKILL');
    }
  }, 20_000);

  it('refuses a metrics port beyond loopback without a token, and on the public port', () => {
    const base = { APP_ENV: 'test', METRICS_PORT: '9464' };
    expect(() => loadConfig({ ...base, METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_TOKEN: required when METRICS_HOST \(0\.0\.0\.0\) is not a loopback address/,
    );
    expect(loadConfig({ ...base, METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(loadConfig(base).METRICS_HOST).toBe('127.0.0.1');
    expect(() => loadConfig({ ...base, PORT: '9464' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(loadConfig({ APP_ENV: 'test' }).METRICS_PORT).toBeUndefined();
  });
});
