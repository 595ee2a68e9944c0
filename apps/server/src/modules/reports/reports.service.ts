import { Readable } from 'node:stream';
import { and, gte, inArray, lt, or, eq, sql, type SQL } from 'drizzle-orm';
import {
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  REPORT_LIMITS,
  type DeliveryType,
  type ReportPeriod,
  type SalesFiguresDto,
  type SalesReportDto,
  type ParsedSalesReportQuery as ReportQuery,
} from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { shipments } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { findProvince } from '../../platform/psgc/index.js';
import { BOM, DEFAULT_EXPORT_FILENAME, exportFilename, neutraliseCell, pesos, toCsv } from '../../core/csv.js';
import { addDays, manilaDayStart, manilaNextDayStart, manilaToday } from '../../core/manila-time.js';
import { shipmentScope } from '../shipments/index.js';

export interface ReportRange {
  period: ReportPeriod;
  startDate: string;
  endDate: string;
}

export interface Bucket {
  /** The bucket's first day (a Monday for weeks, the 1st for months): the key SQL groups by. */
  key: string;
  periodStart: string;
  periodEnd: string;
}

/**
 * Reports are the admins' (view Report); a sales agent (admin view of agent reports) gets the same report of
 * its own referred customers. Either way the figures are intersected with shipmentScope.
 */
export function assertMayReport(actor: Actor): void {
  if (!actor.ability.can('view', 'Report') && !actor.ability.can('admin_view', 'AgentReport')) {
    throw new AppError('FORBIDDEN', 'You are not allowed to see reports');
  }
}

const dayDiff = (a: string, b: string) => Math.round((manilaDayStart(b).getTime() - manilaDayStart(a).getTime()) / 86_400_000);
/** Monday of the ISO week holding `day`. */
const weekStart = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
function nextMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
const bucketStart = (period: ReportPeriod, day: string) => (period === 'day' ? day : period === 'week' ? weekStart(day) : monthStart(day));
const nextBucket = (period: ReportPeriod, start: string) => (period === 'day' ? addDays(start, 1) : period === 'week' ? addDays(start, 7) : nextMonth(start));

/**
 * The report's dates: given ones as they are (the first and last periods may then be partial); without a
 * start, the default span back from the end, widened to whole weeks or months.
 */
export function reportRange(query: Pick<ReportQuery, 'period' | 'startDate' | 'endDate'>, now = new Date()): ReportRange {
  const period = query.period;
  const endDate = query.endDate ?? manilaToday(now);
  const startDate = query.startDate ?? bucketStart(period, addDays(endDate, -(REPORT_LIMITS.defaultDays[period] - 1)));
  const days = dayDiff(startDate, endDate) + 1;
  if (days < 1) throw fieldError('endDate', 'The end date must not be before the start date');
  const max = REPORT_LIMITS.maxDays[period];
  if (days > max) throw fieldError('startDate', `Choose at most ${max} days for a report by ${period}`);
  return { period, startDate, endDate };
}

/** Every period of the range in order, clipped to it. */
export function bucketsOf(range: ReportRange): Bucket[] {
  const buckets: Bucket[] = [];
  for (let key = bucketStart(range.period, range.startDate); key <= range.endDate; key = nextBucket(range.period, key)) {
    const lastDay = addDays(nextBucket(range.period, key), -1);
    // biome-ignore lint/complexity/useMathMinMax: ISO date strings, which Math.min/max would turn into NaN
    buckets.push({ key, periodStart: key < range.startDate ? range.startDate : key, periodEnd: lastDay > range.endDate ? range.endDate : lastDay });
  }
  return buckets;
}

/** The Manila calendar day of booking, truncated to the period (Manila is UTC+8 all year). */
const bucketSql = (period: ReportPeriod) =>
  sql<string>`to_char(date_trunc(${sql.raw(`'${period}'`)}, (${shipments.createdAt} at time zone 'UTC') + interval '8 hours'), 'YYYY-MM-DD')`;

const figures = {
  bookings: sql<number>`count(*) filter (where ${shipments.status} <> 'Cancelled')`,
  cancelled: sql<number>`count(*) filter (where ${shipments.status} = 'Cancelled')`,
  delivered: sql<number>`count(*) filter (where ${shipments.status} <> 'Cancelled' and ${shipments.deliveryStatus} = 'Delivered')`,
  revenue: sql<string>`coalesce(sum(${shipments.totalInCents}) filter (where ${shipments.status} <> 'Cancelled'), 0)`,
};
type FigureRow = { bookings: unknown; cancelled: unknown; delivered: unknown; revenue: unknown };
const toFigures = (r: FigureRow | undefined): SalesFiguresDto => ({
  bookings: Number(r?.bookings ?? 0),
  cancelled: Number(r?.cancelled ?? 0),
  delivered: Number(r?.delivered ?? 0),
  revenueInCents: Number(r?.revenue ?? 0),
});

/** Scope ∩ booked in [from, to) ∩ filters. */
function reportCondition(actor: Actor, query: Pick<ReportQuery, 'deliveryTypes' | 'location'>, from: string, to: string): SQL {
  return and(
    shipmentScope(actor),
    gte(shipments.createdAt, manilaDayStart(from)),
    lt(shipments.createdAt, manilaNextDayStart(to)),
    query.deliveryTypes?.length ? inArray(shipments.deliveryType, query.deliveryTypes) : undefined,
    query.location ? or(eq(shipments.senderProvinceCode, query.location), eq(shipments.receiverProvinceCode, query.location)) : undefined,
  )!;
}

const provinceName = (code: string) => findProvince(code)?.name ?? code;

/**
 * GET /reports/sales: bookings (not cancelled), cancellations, deliveries of those bookings and booked
 * revenue (the dashboard's figure), by period, by delivery type and by province of origin.
 */
export async function salesReport(db: Db, actor: Actor, query: ReportQuery, now = new Date()): Promise<SalesReportDto> {
  assertMayReport(actor);
  const range = reportRange(query, now);
  const where = reportCondition(actor, query, range.startDate, range.endDate);
  const bucket = bucketSql(range.period);
  const [byBucket, byType, byProvince] = await Promise.all([
    db
      .select({ key: bucket, ...figures })
      .from(shipments)
      .where(where)
      .groupBy(bucket),
    db
      .select({ key: shipments.deliveryType, ...figures })
      .from(shipments)
      .where(where)
      .groupBy(shipments.deliveryType),
    db
      .select({ key: shipments.senderProvinceCode, ...figures })
      .from(shipments)
      .where(where)
      .groupBy(shipments.senderProvinceCode),
  ]);
  const bucketFigures = new Map(byBucket.map((r) => [r.key, toFigures(r)]));
  const typeFigures = new Map(byType.map((r) => [r.key, toFigures(r)]));
  const totals = byType.map(toFigures).reduce(
    (sum, f) => ({
      bookings: sum.bookings + f.bookings,
      cancelled: sum.cancelled + f.cancelled,
      delivered: sum.delivered + f.delivered,
      revenueInCents: sum.revenueInCents + f.revenueInCents,
    }),
    toFigures(undefined),
  );
  return {
    ...range,
    totals,
    byPeriod: bucketsOf(range).map((b) => ({ periodStart: b.periodStart, periodEnd: b.periodEnd, ...(bucketFigures.get(b.key) ?? toFigures(undefined)) })),
    byDeliveryType: DELIVERY_TYPES.map((t) => ({ deliveryType: t, label: DELIVERY_TYPE_LABELS[t], ...(typeFigures.get(t) ?? toFigures(undefined)) })),
    byProvince: byProvince
      .map((r) => ({ provinceCode: r.key, provinceName: provinceName(r.key), ...toFigures(r) }))
      .sort((a, b) => b.revenueInCents - a.revenueInCents || b.bookings - a.bookings || a.provinceName.localeCompare(b.provinceName)),
  };
}

// ---- CSV ------------------------------------------------------------------------------------------------

export const SALES_REPORT_COLUMNS = [
  'Period start',
  'Period end',
  'Delivery type',
  'Origin province',
  'Bookings',
  'Cancelled',
  'Delivered',
  'Revenue (PHP)',
] as const;

/** Periods per query of the download: the file goes out window by window, never held whole. */
const WINDOW = 31;

/**
 * The rows of the download: one per period, delivery type and province of origin that had any booking or
 * cancellation, in period order, then delivery type and province name. Queried a window of periods at a time.
 */
async function* csvChunks(db: Db, actor: Actor, query: ReportQuery, range: ReportRange): AsyncGenerator<string> {
  yield `${BOM}${toCsv([[...SALES_REPORT_COLUMNS]])}\n`;
  const buckets = bucketsOf(range);
  const bucket = bucketSql(range.period);
  const typeOrder = new Map<DeliveryType, number>(DELIVERY_TYPES.map((t, i) => [t, i]));
  for (let i = 0; i < buckets.length; i += WINDOW) {
    const window = buckets.slice(i, i + WINDOW);
    const byKey = new Map(window.map((b) => [b.key, b]));
    const rows = await db
      .select({ key: bucket, deliveryType: shipments.deliveryType, province: shipments.senderProvinceCode, ...figures })
      .from(shipments)
      .where(reportCondition(actor, query, window[0]!.periodStart, window[window.length - 1]!.periodEnd))
      .groupBy(bucket, shipments.deliveryType, shipments.senderProvinceCode);
    if (rows.length === 0) continue;
    const records = rows
      .map((r) => ({ ...r, provinceName: provinceName(r.province), f: toFigures(r) }))
      .sort(
        (a, b) => a.key.localeCompare(b.key) || typeOrder.get(a.deliveryType)! - typeOrder.get(b.deliveryType)! || a.provinceName.localeCompare(b.provinceName),
      )
      .map((r) => {
        const b = byKey.get(r.key)!;
        return [
          b.periodStart,
          b.periodEnd,
          DELIVERY_TYPE_LABELS[r.deliveryType],
          r.provinceName,
          String(r.f.bookings),
          String(r.f.cancelled),
          String(r.f.delivered),
          pesos(r.f.revenueInCents),
        ].map(neutraliseCell);
      });
    yield `${toCsv(records)}\n`;
  }
}

/** The download as a stream. The range is checked before the first byte, so a bad one is an ordinary 400. */
export function salesReportCsv(db: Db, actor: Actor, query: ReportQuery, now = new Date()): Readable {
  assertMayReport(actor);
  const range = reportRange(query, now);
  return Readable.from(csvChunks(db, actor, query, range), { objectMode: false });
}

/** The attachment's name: the one asked for (made safe, "_all.csv" added), else sales_report_all.csv. */
export function reportFilename(requested: string | undefined): string {
  const name = exportFilename(requested || 'sales_report');
  return name === DEFAULT_EXPORT_FILENAME ? 'sales_report_all.csv' : name;
}
