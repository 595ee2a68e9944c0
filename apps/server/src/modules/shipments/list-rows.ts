import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { driverDate, executeNamed, rowsOf } from '../../db/rendered.js';
import { shipments, type ListedPackage } from '../../db/schema/index.js';
import type { ShipmentRow } from './shipments.repository.js';

/**
 * The statements behind a page of the shipments lists, written once as text.
 *
 * Why not drizzle's query builder here: a page is the back office's most frequent question, and building
 * the 45-column select (plus the join and the subqueries) through the builder, then mapping every row back
 * column by column, cost about a fifth of the server's CPU per page in a profile at 1,000,000 shipments.
 * Only the WHERE (scope ∩ view ∩ filters) still comes from the builder: it changes with every question.
 */

/** The shipment fields a list row shows (toShipmentDto), nothing else: no pricing details, keys or audit. */
const LISTED_KEYS = [
  'id',
  'trackingNumber',
  'status',
  'deliveryStatus',
  'deliveryType',
  'shipmentType',
  'source',
  'paymentMethod',
  'paidBy',
  'paymentStatus',
  'senderName',
  'senderMobileNumber',
  'senderEmail',
  'senderProvinceCode',
  'senderCityCode',
  'senderBarangayCode',
  'senderStreetName',
  'senderCityLabel',
  'receiverName',
  'receiverMobileNumber',
  'receiverEmail',
  'receiverProvinceCode',
  'receiverCityCode',
  'receiverBarangayCode',
  'receiverStreetName',
  'receiverCityLabel',
  'declaredValueInCents',
  'promoCode',
  'packagesTotalInCents',
  'surchargeInCents',
  'subtotalInCents',
  'insuranceFeeInCents',
  'retrievalFeeInCents',
  'dangerousGoodsFeeInCents',
  'fuelChargeFeeInCents',
  'othersFeeInCents',
  'sizeAdjustmentFeeInCents',
  'discountInCents',
  'totalInCents',
  'outboundFeeInCents',
  'cancellationReason',
  'cancellationNote',
  'pickupDate',
  'pickupRiderId',
  'dropOffRiderId',
  'ownerId',
  'bookedById',
  'notes',
  'deliveredAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof ShipmentRow)[];

export type ListedShipmentRow = Pick<ShipmentRow, (typeof LISTED_KEYS)[number]>;

const TIMESTAMPS = new Set<string>(['deliveredAt', 'createdAt', 'updatedAt']);
const columns = getTableColumns(shipments);

/** `"shipments"."tracking_number" as "trackingNumber", ...`: rows come back keyed as ShipmentRow is. */
const LISTED_COLUMNS = LISTED_KEYS.map((key) => {
  const name = `"shipments"."${columns[key].name}"`;
  // A date column reads as text on both drivers (node-postgres would make it a Date at local midnight).
  return `${key === 'pickupDate' ? `${name}::text` : name} as "${key}"`;
}).join(', ');

/**
 * The package lines come from the shipment's own row (package_lines, migration 0020): reading them from
 * shipment_packages cost two more pages per row (its index, its table), most of them outside memory at 1,000,000
 * shipments, where a page's rows are scattered.
 */
const SELECT_LISTED = sql.raw(`select ${LISTED_COLUMNS}, "shipments"."package_lines" as "packages"`);

export interface ListedRow {
  shipment: ListedShipmentRow;
  packages: ListedPackage[];
  /** Small lists only: how many matched, counted up to the cap (see pageStatement). */
  cappedTotal: number | null;
}

type RawRow = Record<string, unknown> & { packages: ListedPackage[] | string; cappedTotal?: number | null };

// Drivers differ: node-postgres parses json columns, some return the text; timestamps arrive as Date or text.
const parseJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toListedRow(raw: RawRow): ListedRow {
  // The row itself is the shipment (toShipmentDto reads the listed keys only): no copy of its fifty fields.
  for (const key of TIMESTAMPS) raw[key] = driverDate(raw[key] as Date | string | null);
  const { packages, cappedTotal } = raw;
  return {
    shipment: raw as unknown as ListedShipmentRow,
    packages: parseJson(packages),
    cappedTotal: cappedTotal === undefined || cappedTotal === null ? null : Number(cappedTotal),
  };
}

export interface PageQuery {
  where: SQL;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** The estimate says at most this many match: find them once, and count them in the same statement. */
  smallUpTo: number | null;
  /**
   * Walk only: disjoint conditions whose union is `where`, each with an index of its own in booking-time
   * order (the two halves of "sender's or recipient's province"). The page merges their ordered walks, so a
   * deep page reads about offset + limit entries of each index instead of filtering the whole time order.
   */
  halves?: readonly [SQL, SQL] | null;
  /**
   * Small only: a resolved search's matches (ids and booking times, lists.service.ts resolveSearch), which
   * `where` (the other filters) narrows. Each match is checked by its list key, booking time and id, one probe
   * each: the list indexes hold the columns filters read, so no table row is read for a match that fails.
   */
  matches?: SQL | null;
}

/**
 * One more row than asked (so hasNextPage is exact), newest first unless asked otherwise. The page's ids are
 * chosen first, then their rows: a deep page skips index entries only (the list indexes of migrations 0008
 * and 0009), never table rows.
 *   - small: the matches are found once, at most smallUpTo + 1 of them in whatever order is cheapest, and
 *     both the page and the exact count (`cappedTotal`) come from them;
 *   - otherwise the page walks the booking-time order and `cappedTotal` is null (the estimate stands).
 */
export function pageStatement({ where, direction, limit, offset, smallUpTo, halves, matches }: PageQuery): SQL {
  const dir = sql.raw(direction === 'asc' ? 'asc' : 'desc');
  if (smallUpTo !== null) {
    // LATERAL ... LIMIT 1 is never turned into a join: the matches drive, whatever the planner guesses of them.
    const found = matches
      ? sql`select m.id, m.created_at from ${matches} m cross join lateral (select 1 from "shipments"
          where "shipments"."created_at" = m.created_at and "shipments"."id" = m.id and ${where} limit 1) passes`
      : sql`select "shipments"."id", "shipments"."created_at" from "shipments" where ${where}`;
    return sql`with matching as (${found} limit ${smallUpTo + 1})
      ${SELECT_LISTED}, (select count(*)::int from matching) as "cappedTotal"
      from "shipments" inner join (select id, created_at from matching order by created_at ${dir}, id ${dir} limit ${limit + 1} offset ${offset}) page_ids
        on page_ids.id = "shipments"."id"
      order by page_ids.created_at ${dir}, page_ids.id ${dir}`;
  }
  if (halves) {
    const half = (condition: SQL) => sql`(select "shipments"."id", "shipments"."created_at" from "shipments" where ${condition}
      order by "shipments"."created_at" ${dir}, "shipments"."id" ${dir} limit ${offset + limit + 1})`;
    return sql`${SELECT_LISTED}
      from "shipments" inner join (select id, created_at from (${half(halves[0])} union all ${half(halves[1])}) merged
        order by created_at ${dir}, id ${dir} limit ${limit + 1} offset ${offset}) page_ids
        on page_ids.id = "shipments"."id"
      order by page_ids.created_at ${dir}, page_ids.id ${dir}`;
  }
  return sql`${SELECT_LISTED}
    from "shipments" inner join (select "shipments"."id", "shipments"."created_at" from "shipments" where ${where}
      order by "shipments"."created_at" ${dir}, "shipments"."id" ${dir} limit ${limit + 1} offset ${offset}) page_ids
      on page_ids.id = "shipments"."id"
    order by page_ids.created_at ${dir}, page_ids.id ${dir}`;
}

export async function selectPage(db: Db, query: PageQuery): Promise<ListedRow[]> {
  return rowsOf<RawRow>(await db.execute(pageStatement(query))).map(toListedRow);
}

/** These shipments' list rows, in the order of `ids` (a page already chosen, see name-search.ts). */
export async function selectByIds(db: Db, ids: readonly string[]): Promise<ListedRow[]> {
  if (ids.length === 0) return [];
  // One array parameter; the ids are uuids the database itself answered.
  const statement = sql`${SELECT_LISTED}, null as "cappedTotal"
    from "shipments" inner join unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as page_ids(id, n) on page_ids.id = "shipments"."id"
    order by page_ids.n`;
  return rowsOf<RawRow>(await executeNamed(db, 'shipment_list_rows_by_ids', statement)).map(toListedRow);
}

/**
 * One page of a resolved search's matches (`matches`: ids and booking times, see resolveSearch) in booking-time
 * order, then id: the matches are ordered where they are found, and only the page's rows are read.
 */
export async function selectMatchesPage(db: Db, matches: SQL, by: string, direction: 'asc' | 'desc', offset: number, count: number): Promise<ListedRow[]> {
  const dir = sql.raw(direction === 'asc' ? 'asc' : 'desc');
  const statement = sql`${SELECT_LISTED}, null as "cappedTotal"
    from "shipments" inner join (select m.id, m.created_at from ${matches} m order by m.created_at ${dir}, m.id ${dir} offset ${offset} limit ${count}) page_ids
      on page_ids.id = "shipments"."id"
    order by page_ids.created_at ${dir}, page_ids.id ${dir}`;
  // One text per kind of search and direction: a named statement each.
  return rowsOf<RawRow>(await executeNamed(db, `shipment_list_matches_${by}_${direction}`, statement)).map(toListedRow);
}
