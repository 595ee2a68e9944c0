import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../errors.js';

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

const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
const WAIT_FOR_FIRST_MS = 15_000;

/**
 * Runs `work` once per Idempotency-Key: the key row is claimed before the work (a unique index decides
 * who runs it, on PGlite and across PostgreSQL clients), the answer is stored after, and every replay —
 * even one that arrives while the first is still running — gets the first answer. A failed first attempt
 * frees the key so the caller can retry.
 */
export async function withIdempotency<T>(
  db: Db,
  request: IdempotencyRequest,
  work: () => Promise<StoredResponse<T>>,
): Promise<StoredResponse<T> & { replayed: boolean }> {
  if (request.key === undefined) return { ...(await work()), replayed: false };
  if (!KEY_PATTERN.test(request.key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8 to 128 letters, digits or . _ : -', [
      { field: 'Idempotency-Key', message: 'Idempotency-Key must be 8 to 128 letters, digits or . _ : -' },
    ]);
  }
  const requestHash = createHash('sha256').update(JSON.stringify(request.body ?? null)).digest('hex');
  const where = and(
    eq(idempotencyKeys.key, request.key),
    eq(idempotencyKeys.userId, request.userId),
    eq(idempotencyKeys.route, request.route),
  );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ key: request.key, userId: request.userId, route: request.route, requestHash })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });

  if (claimed.length === 0) return { ...(await waitForFirst<T>(db, where, requestHash)), replayed: true };

  try {
    const result = await work();
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: result.body as object, completedAt: new Date() })
      .where(eq(idempotencyKeys.id, claimed[0]!.id));
    return { ...result, replayed: false };
  } catch (error) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed[0]!.id));
    throw error;
  }
}

async function waitForFirst<T>(db: Db, where: ReturnType<typeof and>, requestHash: string): Promise<StoredResponse<T>> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (row && row.requestHash !== requestHash) {
      throw new AppError('RULE_BROKEN', 'This Idempotency-Key was already used for a different request');
    }
    if (row?.responseStatus) return { status: row.responseStatus, body: row.responseBody as T };
    if (!row) {
      // The first attempt failed and freed the key: this one did not run either; the caller retries.
      throw new AppError('CONFLICT', 'The first request with this Idempotency-Key failed. Please try again.');
    }
    if (Date.now() > deadline) {
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
