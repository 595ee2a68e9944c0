import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { enqueueOutbox } from './platform/outbox/index.js';
import { seedDatabase } from './seed/index.js';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from './testing/auth.js';
import { bookingInput, priceOf } from './testing/shipments.js';
import { startOwnPostgres, type OwnPostgres } from './testing/own-services.js';
import { waitFor } from './testing/wait-for.js';

/**
 * PostgreSQL connections terminated, and PostgreSQL stopped and started, under a running app (docs/decisions.md
 * "While a dependency is down"): requests answer 503 in the error shape with Retry-After while it is broken and
 * normally afterwards without a restart; a cut transaction leaves nothing half-written; the read cache keeps
 * nothing while its LISTEN connection is down and listens again; the outbox worker goes on. The PostgreSQL is
 * this file's own (testing/own-services.ts): it is stopped here.
 */
const DB = 'hatid';
let server: OwnPostgres;
let database: Database;
let t: TestApp;
let customer: Session;
let admin: Session;
const outboxRan: unknown[] = [];

/** A plain client of the test's own (not the app's pool), for what the test does behind the app's back. */
async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.url(DB) });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } });

function expectUnavailable(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({
    statusCode: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
    traceId: expect.any(String),
  });
}

async function customerPayload(promoCode?: string) {
  const input = bookingInput(promoCode ? { promoCode } : {});
  return { ...input, expectedTotalInCents: await priceOf(t, input) };
}

const book = (payload: object, key: string) =>
  t.app.inject({ method: 'POST', url: '/api/shipments/customer', headers: { cookie: customer.cookie, 'idempotency-key': key }, payload });

/** Counted on a connection of the test's own: the app's pool may still hold a connection the test just cut. */
async function bookingsWithKey(key: string) {
  return withClient(async (c) => {
    const { rows } = await c.query<{ n: number }>('select count(*)::int as n from shipments where booked_by_id = $1 and idempotency_key = $2', [
      customer.userId,
      key,
    ]);
    return rows[0]!.n;
  });
}

beforeAll(async () => {
  server = await startOwnPostgres();
  await withAdmin((c) => c.query(`CREATE DATABASE ${DB}`));
  database = await openDatabase({ url: server.url(DB), poolSize: 5 });
  await migrateDatabase(database);
  await seedDatabase(database.db, { demo: true });
  t = await buildTestApp({ database });
  t.app.outbox.handle('test.after-outage', async (row) => {
    outboxRan.push(row.payload.n);
  });
  t.app.outbox.start();
  customer = await createCustomer(t);
  admin = await signInAs(t, 'admin');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
  await server?.close();
});

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.url() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('every connection of the app terminated (pg_terminate_backend)', () => {
  it('a booking cut mid-transaction answers 503 with Retry-After and leaves nothing; the retry with its key books once', async () => {
    const promo = await t.app.inject({
      method: 'POST',
      url: '/api/promo-codes',
      headers: { cookie: admin.cookie },
      payload: { code: 'CUTONCE', type: 'flat', amountInCents: 5000, startDate: '2020-01-01', endDate: '2099-12-31', maxUsage: 100 },
    });
    expect(promo.statusCode, promo.body).toBe(201);
    const payload = await customerPayload('CUTONCE');
    // Hold the promo code's row so the booking stops half-way (its key claimed, its shipment inserted), then cut.
    const holder = new pg.Client({ connectionString: server.url(DB) });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM promo_codes WHERE code = $1 FOR UPDATE', ['CUTONCE']);
    const inFlight = book(payload, 'cut-mid-booking');
    await waitFor(
      () => withClient(async (c) => (await c.query("select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [DB])).rowCount! > 0),
      'the booking to wait on the promo code',
    );
    expect(await server.terminateConnections(DB)).toBeGreaterThanOrEqual(3); // the booking's, the holder's, the LISTEN one
    await holder.end().catch(() => {});
    expectUnavailable(await inFlight);
    expect(await bookingsWithKey('cut-mid-booking')).toBe(0);

    const retry = await book(payload, 'cut-mid-booking');
    expect(retry.statusCode, retry.body).toBe(201);
    expect((await book(payload, 'cut-mid-booking')).body).toBe(retry.body);
    expect(await bookingsWithKey('cut-mid-booking')).toBe(1);
    const usage = await withClient((c) => c.query<{ n: number }>('select usage_count as n from promo_codes where code = $1', ['CUTONCE']));
    expect(usage.rows[0]!.n).toBe(1);
  });

  it('answers normally again at once, without a restart: only 503s with Retry-After in between, never a 500', async () => {
    // Warm the pool with idle connections, then cut them all: the pool drops each dead one and opens new ones.
    await Promise.all(Array.from({ length: 5 }, () => get('/api/notifications/me')));
    await server.terminateConnections(DB);
    const answers: number[] = [];
    const started = Date.now();
    for (;;) {
      const res = await get('/api/notifications/me');
      answers.push(res.statusCode);
      if (res.statusCode === 200) break;
      expectUnavailable(res);
      expect(Date.now() - started).toBeLessThan(5000);
    }
    // A few more: every one answers.
    for (const res of await Promise.all(Array.from({ length: 10 }, () => get('/api/notifications/me')))) expect(res.statusCode).toBe(200);
    expect(answers.filter((s) => s !== 503 && s !== 200)).toEqual([]);
  });

  it('loses no pool connection to the cuts: every one lent out comes back', async () => {
    // Transactions (the outbox worker's every second, bookings) begin on whatever idle connection the pool has.
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 5 }, () => t.app.outbox.runOnce().catch(() => 0)));
      await server.terminateConnections(DB);
      await Promise.all(Array.from({ length: 5 }, () => t.app.outbox.runOnce().catch(() => 0)));
    }
    const pool = database.pool!;
    await waitFor(() => pool.totalCount === pool.idleCount && pool.waitingCount === 0, 'every connection to be back in the pool', 5000);
  });

  it('the read cache listens again by itself and hears changes made by other processes', async () => {
    await server.terminateConnections(DB);
    await waitFor(() => t.app.shipmentReads.isSuspended, 'the cache to notice the cut');
    await waitFor(() => !t.app.shipmentReads.isSuspended, 'the cache to listen again');
    // Another process changes a shipment table: this instance hears it (the statement trigger NOTIFYs even for 0 rows).
    const before = t.app.shipmentReads.generation;
    await withClient((c) => c.query('UPDATE shipments SET notes = notes WHERE false'));
    await waitFor(() => t.app.shipmentReads.generation > before, 'the notification after the reconnect');
  });
});

describe('PostgreSQL stopped, then started', () => {
  it('answers 503 with Retry-After at once while it is down, keeps nothing in the read cache, and recovers without a restart', async () => {
    await server.stop();
    for (const url of ['/api/notifications/me', '/api/shipments', '/api/_ah/warmup']) {
      const started = performance.now();
      expectUnavailable(await get(url));
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expectUnavailable(await book({ ...bookingInput(), expectedTotalInCents: 10_000 }, 'while-stopped'));
    await waitFor(() => t.app.shipmentReads.isSuspended, 'the read cache to stop keeping answers');

    await server.start();
    await waitFor(async () => (await get('/api/_ah/warmup')).statusCode === 200, 'the app to answer again');
    expect((await get('/api/notifications/me')).statusCode).toBe(200);
    const booked = await book(await customerPayload(), 'after-restart');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await bookingsWithKey('while-stopped')).toBe(0);
    await waitFor(() => !t.app.shipmentReads.isSuspended, 'the read cache to listen again');
  });

  it('the outbox worker goes on after the outage', async () => {
    await enqueueOutbox(database.db, [{ topic: 'test.after-outage', payload: { n: 1 } }]);
    await waitFor(() => outboxRan.includes(1), 'the worker to run the row');
  });
});
