import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { outboxEvents } from '../../db/schema/index.js';
import { safeErrorMessage } from '../logging.js';
import { pollLoop } from '../poll-loop.js';

export type OutboxRow = typeof outboxEvents.$inferSelect;

/**
 * What a handler may answer: nothing (done), or `retry` with an updated payload (e.g. which push targets
 * already got the message, so a retry does not send them twice). Throwing also retries.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing (an async function's void) is done
export type OutboxHandler = (row: OutboxRow) => Promise<void | { retry: true; error: string; payload?: Record<string, unknown> }>;

/**
 * A handler that runs inside the transaction that claimed its row and marks it done, so the work and the
 * "done" mark commit together (exactly once, even if the process dies between them). It may answer an
 * effect to run after the commit (announcing what changed). Its rows are run one after another in one
 * transaction, each in a savepoint: a failing row is rolled back alone and retried with backoff.
 */
export type OutboxTransactionalHandler = (tx: Tx, row: OutboxRow) => Promise<void | (() => Promise<void>)>;

/**
 * The same work for many rows at once (a handful of statements for the whole batch instead of a few per row),
 * run in one savepoint. If it throws, the batch is run again row by row with the row handler, so a bad row is
 * rolled back and retried alone and the others still go through.
 */
export type OutboxBatchHandler = (tx: Tx, rows: OutboxRow[]) => Promise<void | (() => Promise<void>)>;

export interface TransactionalOptions {
  batch?: OutboxBatchHandler;
  /** Rows per transaction for this topic (default: the worker's transactionalBatchSize). */
  batchSize?: number;
}

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
  /** Rows per transaction for handleInTransaction topics: the rows' locks are held until it commits. */
  transactionalBatchSize?: number;
  maxAttempts?: number;
  /** Delay before retry n (1-based): 10 s, 20 s, 40 s … capped at 1 hour. */
  backoffMs?: (attempt: number) => number;
}

export interface OutboxWorker {
  /** Producers in other modules register the topic they write: `app.outbox.handle('sms.send', fn)`. */
  handle(topic: string, handler: OutboxHandler): void;
  /**
   * For database-only work (crediting a payment): a batch of rows in one transaction with their done mark.
   * Rows of one topic then run one after another, which suits work that queues on one row lock anyway
   * (many top-ups of one wallet) and leaves the pool's other connections to the requests.
   */
  handleInTransaction(topic: string, handler: OutboxTransactionalHandler, options?: TransactionalOptions): void;
  /** Claims and runs due rows once; returns how many rows it ran. Tests call this instead of start(). */
  runOnce(): Promise<number>;
  /**
   * Claims and runs these rows now, whether due or still held (enqueueOutbox's holdSeconds), unless a worker
   * already took them: the request that committed them runs them at once (after-commit.ts). Returns how many ran.
   */
  runNow(ids: string[]): Promise<number>;
  /**
   * Work was just written: run now instead of at the next poll (a payment webhook is credited within
   * milliseconds of its delivery). Other instances still find the row at their next poll.
   */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export const defaultBackoffMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);

/**
 * Writes background work in the caller's transaction, so it exists exactly when the change does. Answers the
 * rows it wrote: a row whose (topic, dedupeKey) is already there is not written again, and not in the answer.
 * `holdSeconds`: the worker leaves the rows alone this long, for the request that wrote them to run them itself
 * right after its commit (runNow); the worker is the backstop if that run never happens (after-commit.ts).
 */
export async function enqueueOutbox(
  db: DbOrTx,
  rows: { topic: string; payload: Record<string, unknown>; dedupeKey?: string }[],
  options: { holdSeconds?: number } = {},
): Promise<{ id: string; topic: string; dedupeKey: string | null }[]> {
  if (rows.length === 0) return [];
  const availableAt = options.holdSeconds ? { availableAt: sql`now() + make_interval(secs => ${options.holdSeconds})` } : {};
  return db
    .insert(outboxEvents)
    .values(rows.map((r) => ({ topic: r.topic, payload: r.payload, dedupeKey: r.dedupeKey ?? null, ...availableAt })))
    .onConflictDoNothing()
    .returning({ id: outboxEvents.id, topic: outboxEvents.topic, dedupeKey: outboxEvents.dedupeKey });
}

/**
 * Forgets finished work: rows done more than `keepDays` ago, and rows given up (kept with their error for
 * inspection) after `keepFailedDays`. In slices of `slice` rows, so no delete holds many locks at once. A
 * payment webhook delivered again after its row is gone is stored once more and found settled.
 */
export async function purgeProcessedOutbox(db: Db, options: { keepDays?: number; keepFailedDays?: number; slice?: number; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const day = 86_400_000;
  const doneBefore = new Date(now.getTime() - (options.keepDays ?? 7) * day).toISOString();
  const failedBefore = new Date(now.getTime() - (options.keepFailedDays ?? 30) * day).toISOString();
  const slice = options.slice ?? 5000;
  let purged = 0;
  for (;;) {
    const gone = await db
      .delete(outboxEvents)
      .where(
        inArray(
          outboxEvents.id,
          db
            .select({ id: outboxEvents.id })
            .from(outboxEvents)
            .where(
              sql`${outboxEvents.processedAt} < case when ${outboxEvents.lastError} is null then ${doneBefore}::timestamptz else ${failedBefore}::timestamptz end`,
            )
            .limit(slice),
        ),
      )
      .returning({ id: outboxEvents.id });
    purged += gone.length;
    if (gone.length < slice) return purged;
  }
}

/**
 * Due rows of these topics, oldest first, locked; rows another worker holds are skipped, not waited for. With
 * `ids` (runNow): those rows, due or held, as long as nobody has run them yet (no attempt), so a row is claimed
 * once, by the request that wrote it or by a worker, never both.
 */
function lockDueRows(tx: Tx, topics: string[], limit: number, ids?: string[]): Promise<OutboxRow[]> {
  const which = ids ? and(inArray(outboxEvents.id, ids), eq(outboxEvents.attempts, 0)) : lte(outboxEvents.availableAt, sql`now()`);
  return tx
    .select()
    .from(outboxEvents)
    .where(and(isNull(outboxEvents.processedAt), which, inArray(outboxEvents.topic, topics)))
    .orderBy(asc(outboxEvents.availableAt))
    .limit(limit)
    .for('update', { skipLocked: true });
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
  const transactionalBatchSize = options.transactionalBatchSize ?? 50;
  const handlers = new Map<string, OutboxHandler>();
  const transactional = new Map<string, OutboxTransactionalHandler>();
  const transactionalOptions = new Map<string, TransactionalOptions>();

  async function claim(ids?: string[]): Promise<OutboxRow[]> {
    const topics = [...handlers.keys()];
    if (topics.length === 0) return [];
    return db.transaction(async (tx) => {
      const rows = await lockDueRows(tx, topics, ids ? ids.length : batchSize, ids);
      if (rows.length === 0) return [];
      await tx
        .update(outboxEvents)
        .set({
          attempts: sql`${outboxEvents.attempts} + 1`,
          availableAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        })
        .where(
          inArray(
            outboxEvents.id,
            rows.map((r) => r.id),
          ),
        );
      return rows.map((r) => ({ ...r, attempts: r.attempts + 1 }));
    });
  }

  async function finish(row: OutboxRow) {
    await db.update(outboxEvents).set({ processedAt: sql`now()`, lastError: null }).where(eq(outboxEvents.id, row.id));
  }

  /**
   * A failed run: retry later, or give up after the last attempt. `row.attempts` counts this run. Rows run
   * in a transaction were not leased, so their attempt is counted here (`countAttempt`), on that transaction.
   */
  async function fail(row: OutboxRow, error: string, payload?: Record<string, unknown>, on: DbOrTx = db, countAttempt = false) {
    const givingUp = row.attempts >= maxAttempts;
    const delaySeconds = Math.ceil(backoffMs(row.attempts) / 1000);
    await on
      .update(outboxEvents)
      .set({
        lastError: (givingUp ? `gave up after ${row.attempts} attempts: ` : '') + error.slice(0, 1000),
        ...(payload ? { payload } : {}),
        ...(countAttempt ? { attempts: row.attempts } : {}),
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
      if (result?.retry) await fail(row, result.error, result.payload);
      else await finish(row);
    } catch (err) {
      // Without the query's values: lastError is stored and logged.
      await fail(row, safeErrorMessage(err));
    }
  }

  /**
   * Runs locked rows of one transactional topic in `tx`: the batch handler in one savepoint, or each row in its
   * own (a failed row is rolled back alone and its failure recorded). Answers the rows done; `effects` gets what
   * to run after the commit.
   */
  async function runLockedRows(tx: Tx, topic: string, rows: OutboxRow[], effects: (() => Promise<void>)[]): Promise<string[]> {
    const handler = transactional.get(topic)!;
    const { batch } = transactionalOptions.get(topic) ?? {};
    const done: string[] = [];
    if (batch && rows.length > 1) {
      try {
        const effect = await tx.transaction((savepoint) => batch(savepoint, rows));
        if (effect) effects.push(effect);
        return rows.map((r) => r.id);
      } catch (err) {
        logger.warn({ topic, rows: rows.length, error: safeErrorMessage(err) }, 'outbox batch failed, running its rows one by one');
      }
    }
    for (const row of rows) {
      try {
        const effect = await tx.transaction((savepoint) => handler(savepoint, row));
        done.push(row.id);
        if (effect) effects.push(effect);
      } catch (err) {
        await fail({ ...row, attempts: row.attempts + 1 }, safeErrorMessage(err), undefined, tx, true);
      }
    }
    return done;
  }

  /** Independent of each other (each tells one payer): run them side by side, not one round trip after another. */
  const runEffects = (effects: (() => Promise<void>)[], topic: string) =>
    Promise.all(effects.map((effect) => effect().catch((err: unknown) => logger.error({ err, topic }, 'outbox effect after commit failed'))));

  /** One transaction: claim due rows of the topic (SKIP LOCKED: another instance takes the next ones), run each in a savepoint, mark the good ones done. */
  async function runInTransaction(topic: string): Promise<number> {
    const effects: (() => Promise<void>)[] = [];
    const ran = await db.transaction(async (tx) => {
      const { batchSize = transactionalBatchSize } = transactionalOptions.get(topic) ?? {};
      const rows = await lockDueRows(tx, [topic], batchSize);
      const done = await runLockedRows(tx, topic, rows, effects);
      if (done.length > 0) {
        await tx
          .update(outboxEvents)
          .set({ processedAt: sql`now()`, lastError: null, attempts: sql`${outboxEvents.attempts} + 1` })
          .where(inArray(outboxEvents.id, done));
      }
      return rows.length;
    });
    await runEffects(effects, topic);
    return ran;
  }

  async function runOnce(): Promise<number> {
    const [rows, ...inTransaction] = await Promise.all([
      claim().then(async (claimed) => {
        await Promise.all(claimed.map(runRow));
        return claimed.length;
      }),
      ...[...transactional.keys()].map((topic) => runInTransaction(topic)),
    ]);
    return inTransaction.reduce((sum, n) => sum + n, rows);
  }

  /**
   * These rows only, at once: a request running what it has just committed (after-commit.ts). One transaction
   * locks them all, runs the transactional topics' rows (each topic as the worker would, in savepoints), and in
   * the same statement marks those done and leases the others (an attempt counted, hidden from workers), so
   * the request's rows cost one commit; the others then run outside it, as the worker runs them.
   */
  async function runNow(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const topics = [...handlers.keys(), ...transactional.keys()];
    if (topics.length === 0) return 0;
    const effects: { topic: string; effects: (() => Promise<void>)[] }[] = [];
    const claimed = await db.transaction(async (tx) => {
      const rows = await lockDueRows(tx, topics, ids.length, ids);
      const done: string[] = [];
      for (const topic of new Set(rows.map((r) => r.topic))) {
        if (!transactional.has(topic)) continue;
        const ofTopic = { topic, effects: [] as (() => Promise<void>)[] };
        done.push(
          ...(await runLockedRows(
            tx,
            topic,
            rows.filter((r) => r.topic === topic),
            ofTopic.effects,
          )),
        );
        effects.push(ofTopic);
      }
      const leased = rows.filter((r) => !transactional.has(r.topic));
      if (done.length > 0 || leased.length > 0) {
        const isDone = done.length > 0 ? inArray(outboxEvents.id, done) : sql`false`;
        await tx
          .update(outboxEvents)
          .set({
            attempts: sql`${outboxEvents.attempts} + 1`,
            processedAt: sql`case when ${isDone} then now() else ${outboxEvents.processedAt} end`,
            lastError: sql`case when ${isDone} then null else ${outboxEvents.lastError} end`,
            availableAt: sql`case when ${isDone} then ${outboxEvents.availableAt} else now() + make_interval(secs => ${leaseSeconds}) end`,
          })
          .where(inArray(outboxEvents.id, [...done, ...leased.map((r) => r.id)]));
      }
      return { ran: rows.length, leased: leased.map((r) => ({ ...r, attempts: r.attempts + 1 })) };
    });
    for (const e of effects) await runEffects(e.effects, e.topic);
    await Promise.all(claimed.leased.map(runRow));
    return claimed.ran;
  }

  const loop = pollLoop({ runOnce, batchSize, pollMs, logger, failure: 'outbox poll' });

  return {
    handle(topic, handler) {
      handlers.set(topic, handler);
    },
    handleInTransaction(topic, handler, options) {
      transactional.set(topic, handler);
      if (options) transactionalOptions.set(topic, options);
    },
    runOnce,
    runNow,
    kick: loop.kick,
    start: loop.start,
    stop: loop.stop,
  };
}
