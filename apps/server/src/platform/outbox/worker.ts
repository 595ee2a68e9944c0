import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { outboxEvents } from '../../db/schema/index.js';
import { safeErrorMessage } from '../logging.js';

export type OutboxRow = typeof outboxEvents.$inferSelect;

/**
 * What a handler may answer: nothing (done), or `retry` with an updated payload (e.g. which push targets
 * already got the message, so a retry does not send them twice). Throwing also retries.
 */
export type OutboxHandler = (row: OutboxRow) => Promise<void | { retry: true; error: string; payload?: Record<string, unknown> }>;

export interface OutboxLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface OutboxWorkerOptions {
  db: Db;
  logger: OutboxLogger;
  pollMs?: number;
  batchSize?: number;
  /** A claimed row is hidden from other workers this long; a worker that dies mid-send frees it by then. */
  leaseSeconds?: number;
  maxAttempts?: number;
  /** Delay before retry n (1-based): 10 s, 20 s, 40 s … capped at 1 hour. */
  backoffMs?: (attempt: number) => number;
}

export interface OutboxWorker {
  /** Producers in other modules register the topic they write: `app.outbox.handle('sms.send', fn)`. */
  handle(topic: string, handler: OutboxHandler): void;
  /** Claims and runs due rows once; returns how many rows it ran. Tests call this instead of start(). */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export const defaultBackoffMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);

/** Writes background work in the caller's transaction, so it exists exactly when the change does. */
export async function enqueueOutbox(
  db: DbOrTx,
  rows: { topic: string; payload: Record<string, unknown>; dedupeKey?: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(outboxEvents)
    .values(rows.map((r) => ({ topic: r.topic, payload: r.payload, dedupeKey: r.dedupeKey ?? null })))
    .onConflictDoNothing();
}

/**
 * Polls outbox_events. Rows are claimed in a short transaction (`FOR UPDATE SKIP LOCKED`, then a lease:
 * available_at moves forward and attempts goes up) and run outside it, so no transaction stays open while a
 * push service answers (PGlite has one connection), and two instances never run the same row at once.
 * Only topics with a handler are claimed; a row that keeps failing is given up after maxAttempts (kept,
 * with processed_at and last_error, for inspection).
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, logger } = options;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 20;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const maxAttempts = options.maxAttempts ?? 8;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const handlers = new Map<string, OutboxHandler>();
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function claim(): Promise<OutboxRow[]> {
    const topics = [...handlers.keys()];
    if (topics.length === 0) return [];
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outboxEvents)
        .where(and(isNull(outboxEvents.processedAt), lte(outboxEvents.availableAt, sql`now()`), inArray(outboxEvents.topic, topics)))
        .orderBy(asc(outboxEvents.availableAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      await tx
        .update(outboxEvents)
        .set({
          attempts: sql`${outboxEvents.attempts} + 1`,
          availableAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        })
        .where(inArray(outboxEvents.id, rows.map((r) => r.id)));
      return rows.map((r) => ({ ...r, attempts: r.attempts + 1 }));
    });
  }

  async function finish(row: OutboxRow) {
    await db.update(outboxEvents).set({ processedAt: sql`now()`, lastError: null }).where(eq(outboxEvents.id, row.id));
  }

  async function fail(row: OutboxRow, error: string, payload?: Record<string, unknown>) {
    const givingUp = row.attempts >= maxAttempts;
    const delaySeconds = Math.ceil(backoffMs(row.attempts) / 1000);
    await db
      .update(outboxEvents)
      .set({
        lastError: (givingUp ? `gave up after ${row.attempts} attempts: ` : '') + error.slice(0, 1000),
        ...(payload ? { payload } : {}),
        ...(givingUp ? { processedAt: sql`now()` } : { availableAt: sql`now() + make_interval(secs => ${delaySeconds})` }),
      })
      .where(eq(outboxEvents.id, row.id));
    const log = { outboxId: row.id, topic: row.topic, attempts: row.attempts, error };
    if (givingUp) logger.error(log, 'outbox job given up');
    else logger.warn(log, 'outbox job failed, will retry');
  }

  async function runRow(row: OutboxRow) {
    const handler = handlers.get(row.topic);
    if (!handler) return;
    try {
      const result = await handler(row);
      if (result && result.retry) await fail(row, result.error, result.payload);
      else await finish(row);
    } catch (err) {
      // Without the query's values: lastError is stored and logged.
      await fail(row, safeErrorMessage(err));
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    await Promise.all(rows.map(runRow));
    return rows.length;
  }

  async function run() {
    while (running) {
      let ran = 0;
      try {
        ran = await runOnce();
      } catch (err) {
        logger.error({ err }, 'outbox poll failed');
      }
      // A full batch means more may be waiting: go again at once.
      if (ran < batchSize && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  }

  return {
    handle(topic, handler) {
      handlers.set(topic, handler);
    },
    runOnce,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
