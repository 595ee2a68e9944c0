import { isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { outboxEvents } from '../../db/schema/index.js';

export interface OutboxBacklog {
  /** Unprocessed rows per topic (waiting, held for the request that wrote them, or retrying after a failure). */
  pendingByTopic: Map<string, number>;
  /** Seconds since the oldest unprocessed row was written (0 when none): work that should have run by now. */
  oldestPendingAgeSeconds: number;
}

/** Reads the pending rows only (the partial index `outbox_events_pending_idx`); done rows are never scanned. */
export async function outboxBacklog(db: DbOrTx): Promise<OutboxBacklog> {
  const rows = await db
    .select({
      topic: outboxEvents.topic,
      pending: sql<number>`count(*)::int`,
      oldest: sql<number>`extract(epoch from now() - min(${outboxEvents.createdAt}))::float8`,
    })
    .from(outboxEvents)
    .where(isNull(outboxEvents.processedAt))
    .groupBy(outboxEvents.topic);
  return {
    pendingByTopic: new Map(rows.map((r) => [r.topic, Number(r.pending)])),
    oldestPendingAgeSeconds: Math.max(0, ...rows.map((r) => Number(r.oldest))),
  };
}
