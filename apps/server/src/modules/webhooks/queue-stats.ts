import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rendered.js';

/** The webhook queue as operators watch it (GET /metrics on the operators' address). */
export interface WebhookQueueStats {
  /** Deliveries still to succeed, to endpoints that are on: new, retrying, or waiting behind an earlier one of their shipment. */
  pending: number;
  /** How long the oldest of them has waited since its event, in seconds (0 when none): a receiver down for hours shows here. */
  oldestPendingAgeSeconds: number;
  /** Deliveries the dispatcher could send now (their time has come, nothing of their shipment before them) but has not. */
  due: number;
  /** How late the oldest of those is, in seconds (0 when none): our lag, not the receivers'. Grows when no dispatcher runs. */
  dueLagSeconds: number;
}

/** One statement over the pending deliveries (partial indexes on status = 'pending'). */
export async function webhookQueueStats(db: DbOrTx): Promise<WebhookQueueStats> {
  const [row] = rowsOf<{ pending: number; oldest: number | string; due: number; lag: number | string }>(
    await db.execute(sql`
      with pending as (
        select d.created_at, d.next_attempt_at,
          d.next_attempt_at <= now() and not exists (
            select 1 from webhook_deliveries p
            where p.endpoint_id = d.endpoint_id and p.order_key = d.order_key and p.status = 'pending' and p.seq < d.seq
          ) as is_due
        from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.status = 'active'
        where d.status = 'pending'
      )
      select count(*)::int as pending,
        coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest,
        (count(*) filter (where is_due))::int as due,
        coalesce(extract(epoch from now() - min(next_attempt_at) filter (where is_due)), 0)::float8 as lag
      from pending`),
  );
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)),
    due: Number(row?.due ?? 0),
    dueLagSeconds: Math.max(0, Number(row?.lag ?? 0)),
  };
}
