import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.js';
import { outboxEvents } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createEnqueueBatcher } from './enqueue-batcher.js';
import { createOutboxWorker, enqueueOutbox, purgeProcessedOutbox, type OutboxRow } from './worker.js';

let t: TestApp;
const quiet = { warn: () => {}, error: () => {} };
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

describe('outbox worker', () => {
  it('runs every job exactly once when two workers (two instances) poll the same table', async () => {
    await enqueueOutbox(
      t.app.db,
      Array.from({ length: 30 }, (_, i) => ({ topic: 'test.once', payload: { i } })),
    );
    const seen: number[] = [];
    const handler = async (row: OutboxRow) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(row.payload.i as number);
    };
    const one = createOutboxWorker({ db: t.app.db, logger: quiet, batchSize: 7 });
    const two = createOutboxWorker({ db: t.app.db, logger: quiet, batchSize: 7 });
    one.handle('test.once', handler);
    two.handle('test.once', handler);
    while ((await Promise.all([one.runOnce(), two.runOnce()])).some((n) => n > 0));
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('enqueues a job with a dedupe key once', async () => {
    await enqueueOutbox(t.app.db, [{ topic: 'test.dedupe', payload: {}, dedupeKey: 'k1' }]);
    await enqueueOutbox(t.app.db, [{ topic: 'test.dedupe', payload: {}, dedupeKey: 'k1' }]);
    expect(await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'test.dedupe'))).toHaveLength(1);
  });

  it('backs off after a failure and gives up after the last attempt, keeping the row and its error', async () => {
    await enqueueOutbox(t.app.db, [{ topic: 'test.failing', payload: {} }]);
    const worker = createOutboxWorker({ db: t.app.db, logger: quiet, maxAttempts: 2, backoffMs: () => 60_000 });
    worker.handle('test.failing', async () => {
      throw new Error('push service down');
    });
    expect(await worker.runOnce()).toBe(1);
    let [row] = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'test.failing'));
    expect(row).toMatchObject({ attempts: 1, processedAt: null, lastError: 'push service down' });
    expect(row!.availableAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await worker.runOnce()).toBe(0); // not due yet

    await t.app.db
      .update(outboxEvents)
      .set({ availableAt: new Date(0) })
      .where(eq(outboxEvents.id, row!.id));
    expect(await worker.runOnce()).toBe(1);
    [row] = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.id, row!.id));
    expect(row!.processedAt).toBeInstanceOf(Date);
    expect(row!.lastError).toBe('gave up after 2 attempts: push service down');
  });

  it('leaves topics it has no handler for to the instance that has one', async () => {
    await enqueueOutbox(t.app.db, [{ topic: 'test.other', payload: {} }]);
    const worker = createOutboxWorker({ db: t.app.db, logger: quiet });
    worker.handle('test.mine', async () => {});
    expect(await worker.runOnce()).toBe(0);
    const [row] = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'test.other'));
    expect(row).toMatchObject({ attempts: 0, processedAt: null });
  });

  it('polls on its own once started, and stops cleanly', async () => {
    const worker = createOutboxWorker({ db: t.app.db, logger: quiet, pollMs: 20 });
    const done: string[] = [];
    worker.handle('test.loop', async (row) => {
      done.push(row.id);
    });
    worker.start();
    await enqueueOutbox(t.app.db, [{ topic: 'test.loop', payload: {} }]);
    const deadline = Date.now() + 5000;
    while (done.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(done).toHaveLength(1);
    const pending = await t.app.db.select().from(outboxEvents).where(like(outboxEvents.topic, 'test.loop'));
    expect(pending[0]!.processedAt).toBeInstanceOf(Date);
  });

  it('a kick runs new work at once instead of at the next poll', async () => {
    const worker = createOutboxWorker({ db: t.app.db, logger: quiet, pollMs: 60_000 });
    const done: string[] = [];
    worker.handle('test.kick', async (row) => {
      done.push(row.id);
    });
    worker.start();
    await new Promise((r) => setTimeout(r, 100)); // the first (empty) poll is over: the loop now sleeps a minute
    await enqueueOutbox(t.app.db, [{ topic: 'test.kick', payload: {} }]);
    worker.kick();
    const deadline = Date.now() + 5000;
    while (done.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await worker.stop();
    expect(done).toHaveLength(1);
  });
});

describe('outbox work done in the claiming transaction', () => {
  it('commits each row’s work with its done mark, rolls a failing row back alone and retries it later', async () => {
    await enqueueOutbox(t.app.db, [
      { topic: 'test.tx', payload: { name: 'good-1' } },
      { topic: 'test.tx', payload: { name: 'bad' } },
      { topic: 'test.tx', payload: { name: 'good-2' } },
    ]);
    const announced: string[] = [];
    const worker = createOutboxWorker({ db: t.app.db, logger: quiet, backoffMs: () => 60_000 });
    worker.handleInTransaction('test.tx', async (tx, row) => {
      const name = row.payload.name as string;
      // The work: a row of its own in the same transaction (here, another outbox row as a witness).
      await tx.insert(outboxEvents).values({ topic: 'test.tx.witness', payload: { name }, processedAt: new Date() });
      if (name === 'bad') throw new Error('provider body unreadable');
      return async () => {
        announced.push(name);
      };
    });
    expect(await worker.runOnce()).toBe(3);
    const witnesses = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'test.tx.witness'));
    // The failing row's own write was rolled back with it; the others committed.
    expect(witnesses.map((w) => w.payload.name).sort()).toEqual(['good-1', 'good-2']);
    expect(announced.sort()).toEqual(['good-1', 'good-2']);
    const rows = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'test.tx'));
    const byName = new Map(rows.map((r) => [r.payload.name as string, r]));
    expect(byName.get('good-1')).toMatchObject({ attempts: 1, lastError: null });
    expect(byName.get('good-1')!.processedAt).toBeInstanceOf(Date);
    expect(byName.get('bad')).toMatchObject({ attempts: 1, processedAt: null, lastError: 'provider body unreadable' });
    expect(byName.get('bad')!.availableAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await worker.runOnce()).toBe(0); // done rows are not run again; the failed one is not due yet
  });
});

describe('outbox work done a batch at a time', () => {
  it('runs a batch in one go; when the batch fails, runs its rows one by one so only the bad row waits', async () => {
    const write = (tx: Tx, names: string[]) =>
      tx.insert(outboxEvents).values(names.map((name) => ({ topic: 'test.batchtx.witness', payload: { name }, processedAt: new Date() })));
    const batches: string[][] = [];
    const worker = createOutboxWorker({ db: t.app.db, logger: quiet, backoffMs: () => 60_000 });
    const row = async (tx: Tx, r: OutboxRow) => {
      const name = r.payload.name as string;
      if (name === 'bad') throw new Error('unreadable');
      await write(tx, [name]);
    };
    worker.handleInTransaction('test.batchtx', row, {
      batch: async (tx, rows) => {
        const names = rows.map((r) => r.payload.name as string);
        batches.push(names);
        await write(tx, names);
        if (names.includes('bad')) throw new Error('unreadable');
      },
    });
    await enqueueOutbox(
      t.app.db,
      ['a', 'b', 'c'].map((name) => ({ topic: 'test.batchtx', payload: { name } })),
    );
    expect(await worker.runOnce()).toBe(3);
    expect(batches).toEqual([['a', 'b', 'c']]);

    await enqueueOutbox(
      t.app.db,
      ['d', 'bad', 'e'].map((name) => ({ topic: 'test.batchtx', payload: { name } })),
    );
    expect(await worker.runOnce()).toBe(3);
    const witnesses = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'test.batchtx.witness'));
    // The failed batch's writes were rolled back; its good rows then went through one by one.
    expect(witnesses.map((w) => w.payload.name).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    const rows = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'test.batchtx'));
    expect(rows.filter((r) => r.processedAt === null).map((r) => [r.payload.name, r.lastError])).toEqual([['bad', 'unreadable']]);
  });
});

describe('running rows by id (a request running what it has just committed)', () => {
  it('runs a held row at once, once; the worker leaves it alone while it is held', async () => {
    const [written] = await enqueueOutbox(t.app.db, [{ topic: 'test.now', payload: { n: 1 } }], { holdSeconds: 60 });
    const runs: string[] = [];
    const worker = createOutboxWorker({ db: t.app.db, logger: quiet });
    worker.handle('test.now', async (row) => {
      runs.push(row.id);
    });
    expect(await worker.runOnce()).toBe(0); // held for the request
    expect(await worker.runNow([written!.id])).toBe(1);
    expect(await worker.runNow([written!.id])).toBe(0); // done: not run twice
    expect(runs).toEqual([written!.id]);
    const [row] = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.id, written!.id));
    expect(row!.processedAt).toBeInstanceOf(Date);
  });

  it('leaves a row a worker already claimed to that worker', async () => {
    const [written] = await enqueueOutbox(t.app.db, [{ topic: 'test.now.taken', payload: {} }]);
    const runs: string[] = [];
    const worker = createOutboxWorker({ db: t.app.db, logger: quiet, backoffMs: () => 60_000 });
    let failNext = true;
    worker.handle('test.now.taken', async (row) => {
      runs.push(row.id);
      if (failNext) throw new Error('push service down');
    });
    expect(await worker.runOnce()).toBe(1); // the worker took it (and failed): it owns the retries
    failNext = false;
    expect(await worker.runNow([written!.id])).toBe(0);
    expect(runs).toHaveLength(1);
  });

  it('runs transactional rows in their own transaction with the done mark, then their effects', async () => {
    const [written] = await enqueueOutbox(t.app.db, [{ topic: 'test.now.tx', payload: { name: 'now' } }], { holdSeconds: 60 });
    const effects: string[] = [];
    const worker = createOutboxWorker({ db: t.app.db, logger: quiet });
    worker.handleInTransaction('test.now.tx', async (tx, row) => {
      await tx.insert(outboxEvents).values({ topic: 'test.now.tx.witness', payload: row.payload, processedAt: new Date() });
      return async () => {
        effects.push(row.payload.name as string);
      };
    });
    expect(await worker.runNow([written!.id])).toBe(1);
    expect(effects).toEqual(['now']);
    expect(await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'test.now.tx.witness'))).toHaveLength(1);
    expect(await worker.runNow([written!.id])).toBe(0);
    expect(effects).toEqual(['now']);
  });
});

describe('batched enqueue', () => {
  it('writes a burst in few statements and tells each caller whether its row was new', async () => {
    const batcher = createEnqueueBatcher(t.app.db, { maxInFlight: 2 });
    const keys = Array.from({ length: 60 }, (_, i) => `burst-${i % 40}`); // 20 keys twice
    await enqueueOutbox(t.app.db, [{ topic: 'test.batch', payload: {}, dedupeKey: 'burst-0' }]); // stored before
    const answers = await Promise.all(keys.map((dedupeKey) => batcher.enqueue({ topic: 'test.batch', payload: { dedupeKey }, dedupeKey })));
    expect(answers.filter(Boolean)).toHaveLength(39);
    expect(answers[0]).toBe(false);
    const rows = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'test.batch'));
    expect(rows).toHaveLength(40);
  });
});

describe('purging finished outbox work', () => {
  it('forgets rows done over a week ago and rows given up over a month ago; keeps pending, recent and recently failed ones', async () => {
    const day = 86_400_000;
    const now = new Date('2026-12-01T00:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const rows = [
      { name: 'done-8d', processedAt: ago(8), lastError: null },
      { name: 'done-1d', processedAt: ago(1), lastError: null },
      { name: 'failed-8d', processedAt: ago(8), lastError: 'gave up after 8 attempts: push service down' },
      { name: 'failed-31d', processedAt: ago(31), lastError: 'gave up after 8 attempts: push service down' },
      { name: 'pending-40d', processedAt: null, lastError: null },
    ];
    await t.app.db
      .insert(outboxEvents)
      .values(rows.map((r) => ({ topic: 'test.purge', payload: { name: r.name }, processedAt: r.processedAt, lastError: r.lastError, createdAt: ago(40) })));
    // One row per slice: the loop keeps going until a slice comes back short.
    expect(await purgeProcessedOutbox(t.app.db, { now, slice: 1 })).toBe(2);
    const left = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'test.purge'));
    expect(left.map((r) => r.payload.name).sort()).toEqual(['done-1d', 'failed-8d', 'pending-40d']);
  });
});
