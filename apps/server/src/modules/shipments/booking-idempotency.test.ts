import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { idempotencyKeys, notifications, promoCodes, shipments } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { customerBookingBody } from '@hatid/domain';
import { bookingInput, priceOf } from '../../testing/shipments.js';
import { waitFor } from '../../testing/wait-for.js';
import { actorFrom } from '../../core/actor.js';
import { loadUserWithRoles } from '../users/index.js';
import { bookShipments, newBookingContext } from './index.js';

/**
 * Idempotency-Key on the booking routes (docs/decisions.md "Idempotency keys"): the key is claimed in the
 * booking's own transaction, so a crash takes the claim with it, and duplicates wait for the first to
 * commit (then replay its answer) or roll back (then book themselves). The crash tests need a second
 * server process and real PostgreSQL (TEST_DB=pg); the rest run on both databases.
 */
const onPg = process.env.TEST_DB === 'pg';
const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(here, '../../../../..');
const CHILD = path.resolve(here, '../../testing/booking-child.ts');

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAs(t, 'admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const post = (url: string, session: Session, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: session.cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload });

async function shipmentsWithKey(session: Session, key: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(shipments)
    .where(and(eq(shipments.bookedById, session.userId), eq(shipments.idempotencyKey, key)));
  return row!.n;
}

async function bookedNotifications(session: Session) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, session.userId), eq(notifications.type, 'shipment_booked')));
  return row!.n;
}

async function customerPayload(overrides: Parameters<typeof bookingInput>[0] = {}) {
  const input = bookingInput(overrides);
  return { ...input, expectedTotalInCents: await priceOf(t, input) };
}

/** The PostgreSQL URL the test app uses (the crash tests run on PostgreSQL only). */
const databaseUrl = () => (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;

/**
 * Another server process (testing/booking-child.ts) on the same database, sending one booking with `key`: for the
 * tests that kill it part-way. `output()` is what it printed (ready, committed, answered); `kill()` sends SIGKILL.
 */
function bookInAnotherServer(customer: Session, payload: object, key: string, options: { holdAnswer?: boolean } = {}) {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-child-'));
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HATID_CHILD: JSON.stringify({
        url: databaseUrl(),
        method: 'POST',
        path: '/api/shipments/customer',
        cookie: customer.cookie,
        idempotencyKey: key,
        payload,
        filesDir,
        ...options,
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  return {
    output: () => output,
    kill: async () => {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

async function createPromo(code: string) {
  const res = await post('/api/promo-codes', admin, { code, type: 'flat', amountInCents: 5000, startDate: '2020-01-01', endDate: '2099-12-31', maxUsage: 100 });
  expect(res.statusCode, res.body).toBe(201);
}

describe('one key, one booking', () => {
  it('20 parallel identical requests with one key: one shipment, one announcement, the same answer for all', async () => {
    const customer = await createCustomer(t);
    const payload = await customerPayload();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/shipments/customer', customer, payload, 'parallel-key-20x')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await shipmentsWithKey(customer, 'parallel-key-20x')).toBe(1);
    // Real-time events and the "booked" notification go out once, from the request that booked.
    expect(await bookedNotifications(customer)).toBe(1);
  });

  it('the same key with a different body is refused with 422 and books nothing', async () => {
    const customer = await createCustomer(t);
    const payload = await customerPayload();
    expect((await post('/api/shipments/customer', customer, payload, 'changed-body-01')).statusCode).toBe(201);
    const res = await post('/api/shipments/customer', customer, { ...payload, notes: 'different' }, 'changed-body-01');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'This Idempotency-Key was already used for a different request',
      details: [{ field: 'Idempotency-Key', message: 'This Idempotency-Key was already used for a different request' }],
    });
    expect(await shipmentsWithKey(customer, 'changed-body-01')).toBe(1);
  });

  /** The state a crash left under the old claim-then-work code: the claim committed, its answer never stored. */
  async function forgetAnswer(customer: Session, key: string) {
    await t.database.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null, completedAt: null })
      .where(and(eq(idempotencyKeys.userId, customer.userId), eq(idempotencyKeys.key, key)));
  }

  it('a claim left without an answer (old code, crash before the booking committed) is taken over: the retry books once', async () => {
    const customer = await createCustomer(t);
    const payload = await customerPayload();
    const first = await post('/api/shipments/customer', customer, payload, 'orphaned-claim-1');
    expect(first.statusCode).toBe(201);
    await forgetAnswer(customer, 'orphaned-claim-1');
    await t.database.db.delete(shipments).where(eq(shipments.id, first.json().data.id));
    const res = await post('/api/shipments/customer', customer, payload, 'orphaned-claim-1');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.trackingNumber).not.toBe(first.json().data.trackingNumber);
    const again = await post('/api/shipments/customer', customer, payload, 'orphaned-claim-1');
    expect(again.body).toBe(res.body);
    expect(await shipmentsWithKey(customer, 'orphaned-claim-1')).toBe(1);
  });

  it('a claim left without an answer whose booking did commit answers with that booking, booking nothing more', async () => {
    const customer = await createCustomer(t);
    const payload = await customerPayload();
    const first = await post('/api/shipments/customer', customer, payload, 'orphaned-claim-2');
    await forgetAnswer(customer, 'orphaned-claim-2');
    const res = await post('/api/shipments/customer', customer, payload, 'orphaned-claim-2');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.trackingNumber).toBe(first.json().data.trackingNumber);
    expect(await shipmentsWithKey(customer, 'orphaned-claim-2')).toBe(1);
  });
});

describe('the same key on two booking routes', () => {
  it('answers 422 on the Idempotency-Key, not 500, and books nothing more', async () => {
    const customer = await createCustomer(t);
    const payload = await customerPayload();
    const first = await post('/api/shipments/customer', customer, payload, 'two-routes-key1');
    expect(first.statusCode).toBe(201);
    const { trackingNumber, totalInCents } = first.json().data;
    const expected = {
      message: 'This Idempotency-Key was already used for a different request',
      details: [{ field: 'Idempotency-Key', message: 'This Idempotency-Key was already used for a different request' }],
    };
    const duplicate = await post('/api/shipments/duplicate', customer, { trackingNumber, expectedTotalInCents: totalInCents }, 'two-routes-key1');
    expect(duplicate.statusCode, duplicate.body).toBe(422);
    expect(duplicate.json()).toMatchObject(expected);
    const forSelf = await post('/api/shipments', customer, { ...payload, ownerId: customer.userId }, 'two-routes-key1');
    expect(forSelf.statusCode, forSelf.body).toBe(422);
    expect(forSelf.json()).toMatchObject(expected);
    // The refused routes keep no claim: they answer the same again instead of replaying anything.
    expect((await post('/api/shipments/duplicate', customer, { trackingNumber, expectedTotalInCents: totalInCents }, 'two-routes-key1')).statusCode).toBe(422);
    expect(await shipmentsWithKey(customer, 'two-routes-key1')).toBe(1);
  });

  it('racing on two routes with one key: one books, the other hears 422', async () => {
    const customer = await createCustomer(t);
    const payload = await customerPayload();
    const answers = await Promise.all([
      post('/api/shipments/customer', customer, payload, 'two-routes-race'),
      post('/api/shipments', customer, { ...payload, ownerId: customer.userId }, 'two-routes-race'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(await shipmentsWithKey(customer, 'two-routes-race')).toBe(1);
  });
});

describe('many bookings written together (bulk booking)', () => {
  it('a key already spent books nothing more for that one and books the others, each once', async () => {
    const customer = await createCustomer(t);
    const actor = actorFrom((await loadUserWithRoles(t.database.db, customer.userId))!);
    const input = customerBookingBody.parse(await customerPayload());
    const items = [0, 1, 2].map((i) => ({ input, idempotencyKey: `bulk:spent:${i}` }));
    const first = await t.database.db.transaction((tx) => bookShipments(tx, actor, [items[1]!]));
    expect(first[0]).toMatchObject({ ok: true });

    const results = await t.database.db.transaction((tx) => bookShipments(tx, actor, items, { context: newBookingContext() }));
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(results[1]).toMatchObject({ ok: false, error: { details: [{ field: 'Idempotency-Key' }] } });
    for (const i of [0, 1, 2]) expect(await shipmentsWithKey(customer, `bulk:spent:${i}`)).toBe(1);
  });
});

describe.skipIf(!onPg)('crashes (PostgreSQL)', () => {
  async function backendsWaitingOnLocks(): Promise<number> {
    const { rows } = await t.database.pool!.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    return rows[0]!.n;
  }

  it('a server killed (SIGKILL) mid-booking leaves nothing behind: the retry books exactly once, 201', async () => {
    const customer = await createCustomer(t);
    await createPromo('CRASHONCE');
    const payload = await customerPayload({ promoCode: 'CRASHONCE' });
    // Hold the promo code's row so the other server's booking stops half-way (after its claim and its
    // shipment insert, waiting for the promo lock), then kill that server there.
    const holder = new pg.Client({ connectionString: databaseUrl() });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM promo_codes WHERE code = $1 FOR UPDATE', ['CRASHONCE']);
    const other = bookInAnotherServer(customer, payload, 'killed-mid-booking');
    try {
      await waitFor(async () => other.output().includes('ready'), 'the other server to start', 60_000);
      await waitFor(async () => (await backendsWaitingOnLocks()) > 0, 'the other server to reach the promo lock', 20_000);
      expect(other.output()).not.toContain('answered');
    } finally {
      await other.kill();
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const retry = await post('/api/shipments/customer', customer, payload, 'killed-mid-booking');
    expect(retry.statusCode, retry.body).toBe(201);
    const replay = await post('/api/shipments/customer', customer, payload, 'killed-mid-booking');
    expect(replay.body).toBe(retry.body);
    expect(await shipmentsWithKey(customer, 'killed-mid-booking')).toBe(1);
    const [promo] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'CRASHONCE'));
    expect(promo!.usageCount).toBe(1);
  }, 90_000);

  it('a server killed (SIGKILL) after the booking committed, before answering: the retry elsewhere answers that booking, books nothing more', async () => {
    const customer = await createCustomer(t);
    const payload = await customerPayload();
    const other = bookInAnotherServer(customer, payload, 'killed-after-commit', { holdAnswer: true });
    try {
      await waitFor(async () => other.output().includes('committed'), 'the other server to commit the booking', 60_000);
      expect(other.output()).not.toContain('answered');
    } finally {
      await other.kill();
    }
    expect(await shipmentsWithKey(customer, 'killed-after-commit')).toBe(1);
    const [booked] = await t.database.db
      .select({ trackingNumber: shipments.trackingNumber })
      .from(shipments)
      .where(and(eq(shipments.bookedById, customer.userId), eq(shipments.idempotencyKey, 'killed-after-commit')));
    const retry = await post('/api/shipments/customer', customer, payload, 'killed-after-commit');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().data.trackingNumber).toBe(booked!.trackingNumber);
    expect(await shipmentsWithKey(customer, 'killed-after-commit')).toBe(1);
  }, 90_000);

  it('a claim in flight on another connection holds the retry until that connection dies, then the retry books', async () => {
    const customer = await createCustomer(t);
    const payload = await customerPayload();
    const other = new pg.Client({ connectionString: databaseUrl() });
    other.on('error', () => {});
    await other.connect();
    await other.query('BEGIN');
    await other.query("INSERT INTO idempotency_keys (key, user_id, route, request_hash) VALUES ('in-flight-claim1', $1, 'POST /api/shipments/customer', 'x')", [
      customer.userId,
    ]);
    let settled = false;
    const retry = post('/api/shipments/customer', customer, payload, 'in-flight-claim1').finally(() => (settled = true));
    await waitFor(async () => (await backendsWaitingOnLocks()) > 0, 'the retry to wait on the claim', 20_000);
    expect(settled).toBe(false);
    // The connection dies without COMMIT, as when the process holding it is killed.
    const { rows } = await other.query<{ pid: number }>('select pg_backend_pid() as pid');
    await t.database.pool!.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await other.end().catch(() => {});
    const res = await retry;
    expect(res.statusCode, res.body).toBe(201);
    expect(await shipmentsWithKey(customer, 'in-flight-claim1')).toBe(1);
  });
});
