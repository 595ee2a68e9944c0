import type { Db } from '../../db/client.js';
import { enqueueOutbox } from './worker.js';

export interface BatchedRow {
  topic: string;
  payload: Record<string, unknown>;
  /** Required here: it is how a caller learns whether its row was new. */
  dedupeKey: string;
}

export interface EnqueueBatcher {
  /** Resolves once the row is committed: true when it is new, false when (topic, dedupeKey) was already stored. */
  enqueue(row: BatchedRow): Promise<boolean>;
}

/**
 * Group commit for a burst of outbox writes outside any transaction (a provider's webhook deliveries): rows
 * that arrive while earlier writes are in flight go out together as one multi-row INSERT, one commit. Alone, a
 * row is written at once; under a burst, the writes are as few as the in-flight limit allows, so 200 deliveries
 * at once are a handful of statements instead of 200 commits queueing for the pool's connections.
 */
export function createEnqueueBatcher(db: Db, options: { maxInFlight?: number; maxBatch?: number } = {}): EnqueueBatcher {
  const maxInFlight = options.maxInFlight ?? 4;
  const maxBatch = options.maxBatch ?? 500;
  let waiting: { row: BatchedRow; resolve: (isNew: boolean) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;

  async function flush(): Promise<void> {
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(batch.length);
    inFlight++;
    try {
      const written = await enqueueOutbox(
        db,
        batch.map(({ row }) => row),
      );
      // The first of a batch's twins is the new one; the others, and rows stored earlier, are duplicates.
      const fresh = new Set(written.map((w) => `${w.topic}\u0000${w.dedupeKey}`));
      for (const { row, resolve } of batch) {
        const key = `${row.topic}\u0000${row.dedupeKey}`;
        resolve(fresh.delete(key));
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    } finally {
      inFlight--;
      if (waiting.length > 0) void flush();
    }
  }

  return {
    enqueue(row) {
      return new Promise<boolean>((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        if (inFlight < maxInFlight) void flush();
      });
    },
  };
}
