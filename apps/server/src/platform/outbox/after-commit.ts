import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { enqueueOutbox, type OutboxWorker } from './worker.js';

/**
 * One way to act after a commit (docs/decisions.md "After a commit: the outbox"). A service that changes
 * something others must hear of (a shipment moved: real-time hints, notifications, push) writes an outbox row
 * in the SAME transaction as the change (enqueueAfterCommit). The request that made the change runs its rows
 * right after the commit, before it answers (runAfterCommitWork), so the answer still comes after the
 * announcements; the worker leaves those rows alone for AFTER_COMMIT_HOLD_SECONDS and is the backstop when the
 * process died between the commit and that run. A row is claimed once (outbox.runNow), by the request or the
 * worker, never both.
 *
 * Work written outside a request (the seed, a script, a test driving a service directly) has nobody watching
 * live and is not written: those callers were never announced to, and a seeded demo does not notify its riders.
 */
export const AFTER_COMMIT_HOLD_SECONDS = 30;

interface Pending {
  ids: string[];
}

const scope = new AsyncLocalStorage<Pending>();
const byRequest = new WeakMap<FastifyRequest, Pending>();

/** Writes after-commit work in the caller's transaction, for the current request to run once it commits. */
export async function enqueueAfterCommit(tx: DbOrTx, rows: { topic: string; payload: Record<string, unknown> }[]): Promise<void> {
  const pending = scope.getStore();
  if (!pending || rows.length === 0) return;
  const written = await enqueueOutbox(tx, rows, { holdSeconds: AFTER_COMMIT_HOLD_SECONDS });
  pending.ids.push(...written.map((w) => w.id));
}

/**
 * For work that must happen whoever made the change (a business's webhook events, issue 33): in a request, as
 * enqueueAfterCommit (the request runs it right after its commit, so it sees the change as the request left it);
 * outside one (the seed, a payment credited by the outbox), written due at once for the worker.
 */
export async function enqueueAfterCommitOrForWorker(tx: DbOrTx, rows: { topic: string; payload: Record<string, unknown> }[]): Promise<void> {
  if (rows.length === 0) return;
  if (scope.getStore()) await enqueueAfterCommit(tx, rows);
  else await enqueueOutbox(tx, rows);
}

/**
 * Gives every request a place for the rows its services write (entered before the handler, after the body is
 * read, so the handler's own async work carries it), and runs them before the answer is sent: errors included,
 * since a request may commit and then fail. A failed run is logged and left to the worker (the row's backoff).
 */
export function runAfterCommitWork(app: FastifyInstance, outbox: OutboxWorker): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const pending: Pending = { ids: [] };
    byRequest.set(request, pending);
    scope.run(pending, done);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const pending = byRequest.get(request);
    if (pending && pending.ids.length > 0) {
      const ids = pending.ids.splice(0);
      await outbox
        .runNow(ids)
        .catch((error: unknown) => request.log.error({ err: error, outboxIds: ids }, 'after-commit work failed; the outbox worker will retry it'));
    }
    return payload;
  });
}

/**
 * Runs work that outlives the request (a bulk booking's run, issue 33) outside the request's list: what it
 * writes is not the request's to run, and, like the seed, it announces nothing per row.
 */
export function outsideRequest<T>(work: () => T): T {
  return scope.exit(work);
}
