import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError, fieldError } from '../errors.js';

export interface StoredResponse<T> {
  status: number;
  body: T;
}

export interface IdempotencyRequest {
  key: string | undefined;
  userId: string;
  route: string;
  body: unknown;
}

export interface Claim {
  /**
   * True when this request took over a key row that an earlier attempt committed without an answer. Only
   * the claim-then-work code before this one left such rows (after a crash); that attempt's work may have
   * committed, so the work should look for it before doing it again.
   */
  takenOver: boolean;
}

const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
/** How long a duplicate waits for the first request with its key before answering 409. */
const WAIT_FOR_FIRST = '15s';
const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

export const keyUsedForAnotherRequest = () => fieldError('Idempotency-Key', KEY_REUSED, 'RULE_BROKEN');

/**
 * Runs `work` once per Idempotency-Key (per user and route), in ONE transaction with the key's row: the
 * claim (insert), the work and the stored answer commit together or not at all. So a crash or an error
 * mid-work leaves no claim behind, and a retry simply does the work.
 *
 * A concurrent duplicate's insert waits on the unique index for the first transaction: when it commits,
 * the duplicate reads and replays its answer; when it rolls back, the duplicate's insert succeeds and it
 * does the work itself. (PGlite runs one transaction at a time, so there the duplicate just queues.) A
 * duplicate that waits longer than WAIT_FOR_FIRST answers 409 and may retry.
 *
 * `work` must do all its reads and writes on the transaction it is given; anything that must happen only
 * after commit (real-time events, push) belongs to the caller, after this returns with `replayed: false`.
 */
export async function withIdempotency<T>(
  db: Db,
  request: IdempotencyRequest,
  work: (tx: Tx, claim: Claim) => Promise<StoredResponse<T>>,
): Promise<StoredResponse<T> & { replayed: boolean }> {
  const { key } = request;
  if (key === undefined) {
    return { ...(await db.transaction((tx) => work(tx, { takenOver: false }))), replayed: false };
  }
  if (!KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8 to 128 letters, digits or . _ : -', [
      { field: 'Idempotency-Key', message: 'Idempotency-Key must be 8 to 128 letters, digits or . _ : -' },
    ]);
  }
  const requestHash = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  const where = and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.route, request.route));

  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${WAIT_FOR_FIRST}'`));
    let claimId: string | undefined;
    let takenOver = false;
    try {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ key, userId: request.userId, route: request.route, requestHash })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      claimId = claimed[0]?.id;
      if (claimId === undefined) {
        // Someone committed this key first (we waited for them above); lock it against a concurrent takeover.
        const [row] = await tx.select().from(idempotencyKeys).where(where).for('update').limit(1);
        if (!row) throw new AppError('CONFLICT', 'The first request with this Idempotency-Key was just removed. Please try again.');
        if (row.requestHash !== requestHash) throw keyUsedForAnotherRequest();
        if (row.responseStatus !== null) {
          return { status: row.responseStatus, body: row.responseBody as T, replayed: true };
        }
        claimId = row.id;
        takenOver = true;
      }
    } catch (error) {
      if (isLockTimeout(error)) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed');
      throw error;
    }
    // The wait bound was for the key only; the work's own locks keep the server's setting.
    await tx.execute(sql.raw('SET LOCAL lock_timeout = DEFAULT'));
    const result = await work(tx, { takenOver });
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: result.body as object, completedAt: new Date() })
      .where(eq(idempotencyKeys.id, claimId));
    return { ...result, replayed: false };
  });
}

function isLockTimeout(error: unknown): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  return (e as { code?: string })?.code === '55P03';
}
