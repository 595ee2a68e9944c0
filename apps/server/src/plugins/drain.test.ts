import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/index.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { signInAs } from '../testing/auth.js';
import { connectWs } from '../testing/ws-client.js';
import { drainAndClose } from './drain.js';
import { WS_CLOSE_GOING_AWAY } from './realtime.js';

let t: TestApp | undefined;
afterEach(async () => {
  // The drain closed the app already; closing it again is a no-op, then the test database goes.
  await t?.close();
  t = undefined;
});

function get(url: string, agent?: http.Agent): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      })
      .on('error', reject);
  });
}

/** A sign-in whose body arrives in two parts: in flight until `finish()` is called. */
function slowSignIn(base: string) {
  const body = JSON.stringify({ email: 'staff@hatid.test', password: DEMO_PASSWORD });
  const req = http.request(`${base}/api/users/loginWithEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { answered, finish: () => req.end(body.slice(10)) };
}

async function listening() {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe('the SIGTERM drain', () => {
  it('answers warmup 503 on a kept-alive connection, refuses new ones, tells WebSockets 1001, and lets a request in flight finish', async () => {
    const base = await listening();
    const staff = await signInAs(t!, 'staff');
    const socket = await connectWs(`${base.replace('http', 'ws')}/api/ws`, staff.cookie);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(`${base}/api/_ah/warmup`, agent)).status).toBe(200);
    const slow = slowSignIn(base);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const drained = drainAndClose(t!.app, { noticeMs: 500, timeoutMs: 5000 });
    const warmup = await get(`${base}/api/_ah/warmup`, agent);
    expect(warmup.status).toBe(503);
    expect(warmup.connection).toBe('close');
    expect(JSON.parse(warmup.body)).toMatchObject({ statusCode: 503, code: 'DRAINING' });
    await expect(get(`${base}/api/_ah/warmup`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    slow.finish();
    expect(await slow.answered).toBe(200);
    expect((await socket.closed).code).toBe(WS_CLOSE_GOING_AWAY);
    expect(await drained).toBe('drained');
    agent.destroy();
  });

  it('cuts a request that outlasts DRAIN_TIMEOUT_MS and says so', async () => {
    const base = await listening();
    const slow = slowSignIn(base);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    expect(await drainAndClose(t!.app, { noticeMs: 0, timeoutMs: 300 })).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(slow.answered).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
