import { and, count, eq, gte, inArray, isNull, lt, ne, or, sql, sum, type SQL } from 'drizzle-orm';
import { DELIVERY_STATUSES, SHIPMENT_STATUSES, type DashboardStatsDto, type RiderStatsDto, type SalesStatsDto } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { activityLogs, collections, shipmentActivities, shipments, transactions } from '../../db/schema/index.js';
import { fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { addDays, manilaDayStart, manilaNextDayStart, manilaToday } from '../../core/manila-time.js';
import { shipmentScope } from './shipments.scope.js';

/** Category of the activity-log rows that record rider assignments (read back by the rider's stats). */
export const RIDER_ASSIGNMENT_CATEGORY = 'rider_assignment';
const MAX_SALES_DAYS = 366;

const toInt = (value: unknown) => Number(value ?? 0);
/** An instant as a bound parameter of raw SQL (drivers differ in how they send a JS Date). */
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const notCancelled = ne(shipments.status, 'Cancelled');
const inProvince = (location?: string) => (location ? or(eq(shipments.senderProvinceCode, location), eq(shipments.receiverProvinceCode, location)) : undefined);
const createdFrom = (from: Date, to: Date) => and(gte(shipments.createdAt, from), lt(shipments.createdAt, to));
/** A Manila calendar day of a timestamp, as yyyy-MM-dd text (no time-zone database needed: Manila is UTC+8). */
const manilaDay = sql<string>`to_char((${shipments.createdAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/**
 * The dashboard: where shipments are, what was booked today and what it is worth. Revenue is the booked
 * total of shipments not cancelled, the same figure the sales chart sums per day.
 */
export async function dashboardStats(db: Db, actor: Actor, location?: string, now = new Date()): Promise<DashboardStatsDto> {
  const where = and(shipmentScope(actor), inProvince(location));
  const today = manilaToday(now);
  const todayStart = manilaDayStart(today);
  const monthStart = manilaDayStart(`${today.slice(0, 7)}-01`);
  const tomorrow = manilaNextDayStart(today);

  const [groups, [money]] = await Promise.all([
    db
      .select({ status: shipments.status, deliveryStatus: shipments.deliveryStatus, n: count() })
      .from(shipments)
      .where(where)
      .groupBy(shipments.status, shipments.deliveryStatus),
    db
      .select({
        bookedToday: sql<number>`count(*) filter (where ${shipments.createdAt} >= ${ts(todayStart)})`,
        revenueToday: sql<string>`coalesce(sum(${shipments.totalInCents}) filter (where ${shipments.createdAt} >= ${ts(todayStart)} and ${notCancelled}), 0)`,
        revenueMonth: sql<string>`coalesce(sum(${shipments.totalInCents}) filter (where ${notCancelled}), 0)`,
      })
      .from(shipments)
      .where(and(where, createdFrom(monthStart, tomorrow))),
  ]);

  const byDeliveryStatus = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as DashboardStatsDto['byDeliveryStatus'];
  const byStatus = Object.fromEntries(SHIPMENT_STATUSES.map((s) => [s, 0])) as DashboardStatsDto['byStatus'];
  let total = 0;
  for (const g of groups) {
    const n = toInt(g.n);
    total += n;
    byStatus[g.status] += n;
    if (g.status !== 'Cancelled') byDeliveryStatus[g.deliveryStatus] += n;
  }
  return {
    total,
    byDeliveryStatus,
    byStatus,
    bookedToday: toInt(money?.bookedToday),
    revenueTodayInCents: toInt(money?.revenueToday),
    revenueThisMonthInCents: toInt(money?.revenueMonth),
  };
}

/** Shipments on their way: dispatched, not delivered, not cancelled. */
export async function ongoingShipmentsCount(db: Db, actor: Actor, location?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shipments)
    .where(and(shipmentScope(actor), inProvince(location), eq(shipments.status, 'OnGoing'), ne(shipments.deliveryStatus, 'Delivered')));
  return toInt(row?.n);
}

/** Bookings and booked revenue per Manila day, every day of the range present (zeros included). */
export async function salesStats(db: Db, actor: Actor, range: { startDate?: string; endDate?: string }, now = new Date()): Promise<SalesStatsDto> {
  const endDate = range.endDate ?? manilaToday(now);
  const startDate = range.startDate ?? addDays(endDate, -29);
  const days = Math.round((manilaDayStart(endDate).getTime() - manilaDayStart(startDate).getTime()) / 86_400_000) + 1;
  if (days < 1) throw fieldError('endDate', 'The end date must not be before the start date');
  if (days > MAX_SALES_DAYS) throw fieldError('startDate', `Choose at most ${MAX_SALES_DAYS} days`);

  const rows = await db
    .select({ day: manilaDay, bookings: count(), revenue: sum(shipments.totalInCents) })
    .from(shipments)
    .where(and(shipmentScope(actor), notCancelled, createdFrom(manilaDayStart(startDate), manilaNextDayStart(endDate))))
    .groupBy(manilaDay);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series = Array.from({ length: days }, (_, i) => {
    const date = addDays(startDate, i);
    const r = byDay.get(date);
    return { date, bookings: toInt(r?.bookings), revenueInCents: toInt(r?.revenue) };
  });
  return {
    startDate,
    endDate,
    totalBookings: series.reduce((a, d) => a + d.bookings, 0),
    totalRevenueInCents: series.reduce((a, d) => a + d.revenueInCents, 0),
    days: series,
  };
}

/**
 * A rider's day. Assigned today: assignments staff made today that are still theirs (the activity log keeps
 * when). Pending: their legs not done yet. COD to collect: cash-on-delivery totals on their drop-offs not yet
 * delivered, less what was already paid.
 */
export async function riderStats(db: Db, actor: Actor, now = new Date()): Promise<RiderStatsDto> {
  const me = actor.id;
  const today = manilaToday(now);
  const from = manilaDayStart(today);
  const to = manilaNextDayStart(today);
  const scope = and(shipmentScope(actor), notCancelled);
  const mine: SQL = or(eq(shipments.pickupRiderId, me), eq(shipments.dropOffRiderId, me))!;
  const paid = sql`coalesce((select sum(${transactions.amountInCents}) from ${transactions} where ${transactions.shipmentId} = ${shipments.id} and ${transactions.voidedAt} is null), 0)`;
  const assignedTodayIds = sql`(select ${activityLogs.entityId} from ${activityLogs}
    where ${activityLogs.category} = ${RIDER_ASSIGNMENT_CATEGORY} and ${activityLogs.entity} = 'Shipment'
      and ${activityLogs.createdAt} >= ${ts(from)} and ${activityLogs.createdAt} < ${ts(to)}
      and (${activityLogs.after} ->> 'pickupRiderId' = ${me} or ${activityLogs.after} ->> 'dropOffRiderId' = ${me}))`;
  const pickedUpTodayIds = sql`(select ${shipmentActivities.shipmentId} from ${shipmentActivities}
    where ${shipmentActivities.name} = 'Package picked up' and ${shipmentActivities.createdAt} >= ${ts(from)} and ${shipmentActivities.createdAt} < ${ts(to)})`;

  const [row] = await db
    .select({
      assignedToday: sql<number>`count(*) filter (where ${shipments.id}::text in ${assignedTodayIds})`,
      pickedUpToday: sql<number>`count(*) filter (where ${shipments.pickupRiderId} = ${me} and ${shipments.id} in ${pickedUpTodayIds})`,
      deliveredToday: sql<number>`count(*) filter (where ${shipments.dropOffRiderId} = ${me} and ${shipments.deliveredAt} >= ${ts(from)} and ${shipments.deliveredAt} < ${ts(to)})`,
      pending: sql<number>`count(*) filter (where
        (${shipments.pickupRiderId} = ${me} and ${inArray(shipments.deliveryStatus, ['Order placed', 'For pickup'])})
        or (${shipments.dropOffRiderId} = ${me} and ${shipments.deliveryStatus} <> 'Delivered'))`,
      codToCollect: sql<string>`coalesce(sum(greatest(${shipments.totalInCents} - ${paid}, 0)) filter (where
        ${shipments.dropOffRiderId} = ${me} and ${shipments.deliveryStatus} <> 'Delivered'
        and ${shipments.paidBy} = 'recipient' and ${shipments.paymentMethod} = 'cash' and ${shipments.paymentStatus} <> 'Paid'), 0)`,
    })
    .from(shipments)
    .where(and(scope, mine));
  // Cash on hand (DECISIONS "Collections"): what they received, less what they handed over in completed collections.
  const [[received], [remitted]] = await Promise.all([
    db
      .select({
        sum: sql<string>`coalesce(sum(${transactions.amountInCents}), 0)`,
        // What the rider recorded short (issue 29, item 5) stays in view until the shipment is paid in full.
        short: sql<string>`coalesce(sum(${transactions.shortInCents}) filter (where exists (select 1 from ${shipments}
          where ${shipments.id} = ${transactions.shipmentId} and ${shipments.paymentStatus} <> 'Paid' and ${shipments.status} <> 'Cancelled')), 0)`,
      })
      .from(transactions)
      .where(and(eq(transactions.receivedById, me), eq(transactions.method, 'cash'), isNull(transactions.voidedAt))),
    db
      .select({ sum: sql<string>`coalesce(sum(${collections.amountInCents}), 0)` })
      .from(collections)
      .where(and(eq(collections.collectedFromId, me), eq(collections.status, 'completed'))),
  ]);
  return {
    assignedToday: toInt(row?.assignedToday),
    pickedUpToday: toInt(row?.pickedUpToday),
    deliveredToday: toInt(row?.deliveredToday),
    pending: toInt(row?.pending),
    codToCollectInCents: toInt(row?.codToCollect),
    cashOnHandInCents: Math.max(toInt(received?.sum) - toInt(remitted?.sum), 0),
    cashShortInCents: toInt(received?.short),
  };
}
