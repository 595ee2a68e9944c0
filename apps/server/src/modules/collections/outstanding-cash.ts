import { sql, type SQL } from 'drizzle-orm';
import type { CollectionSource } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { driverDate, rowsOf } from '../../db/rendered.js';

/**
 * Cash owed to the hub (DECISIONS "Collections"): per rider or partner and shipment, the valid cash payments
 * they received, less what they have already handed over for it in collections that are not cancelled.
 * The source is the leg the cash was paid on: the sender pays at pick-up, the recipient on delivery.
 * Staff who take cash at a hub are the hub: their cash is never outstanding.
 */
export interface OutstandingLine {
  userId: string;
  shipmentId: string;
  trackingNumber: string;
  source: CollectionSource;
  amountInCents: number;
  receivedAt: Date;
  /** What the holder recorded short of what was due on it, and why (issue 29, item 5); null when not short. */
  shortInCents: number | null;
  shortReason: string | null;
}

interface RawLine {
  user_id: string;
  shipment_id: string;
  tracking_number: string;
  source: CollectionSource;
  amount: string | number;
  received_at: Date | string;
  short: string | number | null;
  short_reason: string | null;
}

/** The holders of cash: riders and service partners. */
const HOLDER_ROLES = sql`('rider', 'service_partner')`;

export async function outstandingCash(
  db: DbOrTx,
  filter: { userId?: string | undefined; source?: CollectionSource | undefined } = {},
): Promise<OutstandingLine[]> {
  const byUser = (column: SQL) => (filter.userId ? sql`and ${column} = ${filter.userId}` : sql``);
  const result = await db.execute(sql`
    with cash as (
      select t.received_by_id as user_id, t.shipment_id, s.tracking_number,
        case when coalesce(t.paid_by, s.paid_by) = 'sender' then 'pickup' else 'delivery' end as source,
        sum(t.amount_in_cents) as amount, max(t.received_at) as received_at,
        sum(t.short_in_cents) as short, string_agg(t.short_reason, '; ' order by t.received_at) as short_reason
      from transactions t
      join shipments s on s.id = t.shipment_id and s.deleted_at is null
      where t.method = 'cash' and t.voided_at is null and t.received_by_id is not null ${byUser(sql`t.received_by_id`)}
        and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                    where ur.user_id = t.received_by_id and r.name in ${HOLDER_ROLES})
      group by t.received_by_id, t.shipment_id, s.tracking_number, 4
    ), handed as (
      select c.collected_from_id as user_id, cs.shipment_id, c.source, sum(cs.amount_in_cents) as amount
      from collection_shipments cs
      join collections c on c.id = cs.collection_id
      where c.status <> 'cancelled' ${byUser(sql`c.collected_from_id`)}
      group by c.collected_from_id, cs.shipment_id, c.source
    )
    select cash.user_id, cash.shipment_id, cash.tracking_number, cash.source,
      cash.amount - coalesce(handed.amount, 0) as amount, cash.received_at, cash.short, cash.short_reason
    from cash
    left join handed on handed.user_id = cash.user_id and handed.shipment_id = cash.shipment_id and handed.source = cash.source
    where cash.amount - coalesce(handed.amount, 0) > 0 ${filter.source ? sql`and cash.source = ${filter.source}` : sql``}
    order by cash.received_at, cash.tracking_number`);
  return rowsOf<RawLine>(result).map((r) => ({
    userId: r.user_id,
    shipmentId: r.shipment_id,
    trackingNumber: r.tracking_number,
    source: r.source,
    amountInCents: Number(r.amount),
    receivedAt: driverDate(r.received_at),
    shortInCents: r.short === null ? null : Number(r.short),
    shortReason: r.short_reason,
  }));
}
