import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createOutboxWorker, enqueueOutbox, type OutboxRow } from './worker.js';

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
    await enqueueOutbox(t.app.db, Array.from({ length: 30 }, (_, i) => ({ topic: 'test.once', payload: { i } })));
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

    await t.app.db.update(outboxEvents).set({ availableAt: new Date(0) }).where(eq(outboxEvents.id, row!.id));
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
});
