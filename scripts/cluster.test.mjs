// The cluster of `npm run cluster` (scripts/cluster/): HAProxy in front of two built API processes on their
// own PostgreSQL and Redis. What an operator counts on: a rolling restart fails no request, real-time events
// cross processes, per-IP limits count the client once across processes, and SIGTERM lets a request finish.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectWs } from '../apps/server/src/testing/ws-client.ts';
import { bookingInput } from '../apps/server/src/testing/shipments.ts';
import { startCluster } from './cluster/cluster.mjs';

const DEMO_PASSWORD = 'hatid-demo-2026';
let cluster;

beforeAll(async () => {
  cluster = await startCluster({
    processes: 2,
    // The steady stream below comes from 127.0.0.1 (the general per-IP limit would answer it 429); the
    // sign-in limit ignores the allowlist, and the limit test comes from other addresses anyway.
    // A shorter drain notice than the cluster's 2.5 s (HAProxy takes a stopping process out within 1.25 s).
    env: { SEED_DEMO_ACTIVITY: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_ALLOWLIST: '127.0.0.1', DRAIN_NOTICE_MS: '1500' },
  });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

/** A request from a chosen loopback address (127.0.0.2, …), as another client machine would send it. */
function request(url, { method = 'GET', body, headers = {}, localAddress, agent } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, localAddress, agent, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/users/loginWithEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return /hatid_session=[^;]+/.exec(res.headers.get('set-cookie'))[0];
}

const direct = (i) => `http://127.0.0.1:${cluster.processes[i].port}`;

describe('a cluster behind HAProxy', () => {
  test('a WebSocket subscriber through HAProxy hears a booking made on the other process (Redis bus)', async () => {
    const staff = await signIn(cluster.url, 'staff@hatid.test');
    const customer = await signIn(cluster.url, 'customer@hatid.test');
    const socket = await connectWs(`${cluster.url.replace('http', 'ws')}/api/ws`, staff);
    try {
      expect((await socket.subscribe('admin')).type).toBe('subscribed');
      // HAProxy counts the open tunnel as the session of the process that holds it; book on the other one.
      const states = await cluster.serverStates();
      const holder = cluster.processes.findIndex((p) => states[p.name].current > 0);
      expect(holder).toBeGreaterThanOrEqual(0);
      const other = direct(1 - holder);
      const input = bookingInput();
      const price = await fetch(`${other}/api/shipments/calculations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: customer },
        body: JSON.stringify({
          deliveryType: input.deliveryType,
          packages: input.packages.map(({ boxName, quantity, weightInGrams }) => ({ boxName, quantity, weightInGrams })),
          declaredInsuranceValue: input.declaredInsuranceValue,
          receiverProvinceCode: input.receiver.provinceCode,
        }),
      });
      const expectedTotalInCents = (await price.json()).data.totalInCents;
      const booked = await fetch(`${other}/api/shipments/customer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: customer, 'idempotency-key': `cluster-test-${Date.now()}` },
        body: JSON.stringify({ ...input, expectedTotalInCents }),
      });
      expect(booked.status, await booked.clone().text()).toBe(201);
      const { trackingNumber } = (await booked.json()).data;
      const event = await socket.next((m) => m.type === 'SHIPMENT_CREATED' && m.payload?.trackingNumber === trackingNumber, 'SHIPMENT_CREATED', 10_000);
      expect(event.channel).toBe('admin');
    } finally {
      socket.close();
    }
  }, 30_000);

  test("each process serves its own metrics, and the processes' counts add up to the requests HAProxy passed", async () => {
    const trackingsCounted = async () => {
      let sum = 0;
      for (const p of cluster.processes) {
        const res = await fetch(`http://127.0.0.1:${p.metricsPort}/metrics`);
        expect(res.status).toBe(200);
        const text = await res.text();
        for (const line of text.split('\n')) {
          if (line.startsWith('hatid_http_requests_total{') && line.includes('route="/api/shipments/track/:trackingNumber"'))
            sum += Number(line.split(' ').at(-1));
        }
      }
      return sum;
    };
    const ports = cluster.processes.map((p) => p.metricsPort);
    expect(new Set(ports).size).toBe(ports.length);
    const before = await trackingsCounted();
    const n = 40;
    for (let i = 0; i < n; i++) await fetch(`${cluster.url}/api/shipments/track/ND${String(900000000 + i)}PH`);
    expect(await trackingsCounted()).toBe(before + n);
  }, 30_000);

  test('the per-IP sign-in limit counts a client once across both processes, by the address HAProxy forwards', async () => {
    const before = await cluster.serverStates();
    const attempt = (localAddress, n) =>
      request(`${cluster.url}/api/users/loginWithEmail`, {
        method: 'POST',
        localAddress,
        // A different unknown email each time: the per-account lock never comes into it, only the per-IP limit.
        body: { email: `nobody-${localAddress}-${n}@hatid.test`, password: 'not-the-password' },
      });
    const statuses = [];
    for (let n = 0; n < 11; n++) statuses.push((await attempt('127.0.0.2', n)).status);
    // 10 a minute per address (users.routes.ts): counted per process, 20 would pass across two.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Both processes answered some of them (HAProxy spreads them), so the count was shared through Redis.
    const after = await cluster.serverStates();
    for (const name of Object.keys(after)) expect(after[name].total).toBeGreaterThan(before[name].total);
    // Another client (another address in X-Forwarded-For) is not limited by the first one's attempts.
    expect((await attempt('127.0.0.3', 0)).status).toBe(401);
  }, 30_000);

  test('a rolling restart under a steady stream of reads and writes fails none of them', async () => {
    const pricing = {
      deliveryType: 'next_day',
      packages: [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1500 }],
      declaredInsuranceValue: 0,
    };
    const oldPids = cluster.processes.map((p) => p.pid);
    const outcomes = { ok: 0, failed: [] };
    let running = true;
    const client = async (i) => {
      while (running) {
        try {
          const res =
            i % 2 === 0
              ? await fetch(`${cluster.url}/api/_ah/warmup`)
              : await fetch(`${cluster.url}/api/shipments/calculations`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify(pricing),
                });
          await res.arrayBuffer();
          if (res.status === 200) outcomes.ok += 1;
          else outcomes.failed.push(res.status);
        } catch (error) {
          outcomes.failed.push(error.cause?.code ?? error.message);
        }
      }
    };
    const clients = Array.from({ length: 6 }, (_, i) => client(i));
    try {
      await cluster.rollingRestart(() => {});
    } finally {
      running = false;
      await Promise.all(clients);
    }
    expect(outcomes.failed).toEqual([]);
    expect(outcomes.ok).toBeGreaterThan(100);
    const newPids = cluster.processes.map((p) => p.pid);
    for (const [i, pid] of newPids.entries()) expect(pid).not.toBe(oldPids[i]);
    expect(Object.values(await cluster.serverStates()).map((s) => s.status)).toEqual(['UP', 'UP']);
  }, 90_000);

  test('SIGTERM: warmup answers 503, a request in flight finishes, WebSockets hear 1001, then the process exits', async () => {
    const url = direct(0);
    const staff = await signIn(url, 'staff@hatid.test');
    const socket = await connectWs(`${url.replace('http', 'ws')}/api/ws`, staff);
    // A kept-alive connection, as a balancer holds one, and a slow request: its body arrives in two parts.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await request(`${url}/api/_ah/warmup`, { agent })).status).toBe(200);
    const body = JSON.stringify({ email: 'staff@hatid.test', password: DEMO_PASSWORD });
    const slow = new Promise((resolve, reject) => {
      const req = http.request(`${url}/api/users/loginWithEmail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, at: Date.now() }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1500);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exit = cluster.killProcess(0, 'SIGTERM').then((code) => ({ code, at: Date.now() }));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const warmup = await request(`${url}/api/_ah/warmup`, { agent });
    expect(warmup.status).toBe(503);
    expect(warmup.headers.connection).toBe('close');
    expect(JSON.parse(warmup.text).code).toBe('DRAINING');
    // New connections are refused (HAProxy retries those on another process).
    await expect(request(`${url}/api/_ah/warmup`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect((await socket.closed).code).toBe(1001);

    const finished = await slow;
    expect(finished.status).toBe(200);
    const exited = await exit;
    expect(exited.code).toBe(0);
    expect(exited.at).toBeGreaterThanOrEqual(finished.at);
    agent.destroy();
  }, 30_000);
});
