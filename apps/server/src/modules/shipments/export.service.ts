import { Readable, Transform, pipeline } from 'node:stream';
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { BOM, neutraliseCell, pesos, toCsv } from '../../core/csv.js';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { BILLED_TO_ACCOUNT_LABEL, DELIVERY_TYPE_LABELS, PAYER_LABELS, payerLabel } from '@hatid/domain';
import type { Database, Db } from '../../db/client.js';
import { rowsOf } from '../../db/rendered.js';
import { shipments } from '../../db/schema/index.js';
import { findProvince, listProvinces } from '../../platform/psgc/index.js';
import { codAmountOf, type ShipmentRow } from './shipments.repository.js';

export const EXPORT_BATCH_SIZE = 5000;

const COLUMNS = [
  'Tracking number',
  'Created (Asia/Manila)',
  'Status',
  'Delivery status',
  'Delivery type',
  'Sender name',
  'Sender city',
  'Sender province',
  'Receiver name',
  'Receiver city',
  'Receiver province',
  'Payer',
  'Payment status',
  'Total (PHP)',
  'COD amount (PHP)',
  'Pickup date',
] as const;
type Column = (typeof COLUMNS)[number];

const provinceName = (code: string) => findProvince(code)?.name ?? code;

/**
 * One export row as text, formatted by PostgreSQL: no Date objects or drizzle mapping per row, which were
 * most of the export's time and garbage. `at` is the keyset cursor (created_at as Postgres text: a JS Date
 * would cut microseconds and skip rows); `created` is the Manila wall-clock time the file shows.
 */
export interface ExportRow {
  id: string;
  at: string;
  tracking_number: string;
  created: string;
  status: ShipmentRow['status'];
  delivery_status: ShipmentRow['deliveryStatus'];
  delivery_type: ShipmentRow['deliveryType'];
  sender_name: string;
  sender_city_label: string;
  sender_province_code: string;
  receiver_name: string;
  receiver_city_label: string;
  receiver_province_code: string;
  paid_by: ShipmentRow['paidBy'];
  payment_method: ShipmentRow['paymentMethod'];
  payment_status: ShipmentRow['paymentStatus'];
  total_in_cents: number;
  pickup_date: string | null;
}

/** The Manila wall-clock time the file shows, "YYYY-MM-DD HH24:MI" (both export paths). */
const manilaCreated = sql`to_char(${shipments.createdAt} at time zone 'Asia/Manila', 'YYYY-MM-DD HH24:MI')`;

const exportColumns = sql`${shipments.id} as id, ${shipments.createdAt}::text as at, ${shipments.trackingNumber} as tracking_number,
  ${manilaCreated} as created,
  ${shipments.status} as status, ${shipments.deliveryStatus} as delivery_status, ${shipments.deliveryType} as delivery_type,
  ${shipments.senderName} as sender_name, ${shipments.senderCityLabel} as sender_city_label,
  ${shipments.senderProvinceCode} as sender_province_code, ${shipments.receiverName} as receiver_name,
  ${shipments.receiverCityLabel} as receiver_city_label, ${shipments.receiverProvinceCode} as receiver_province_code,
  ${shipments.paidBy} as paid_by, ${shipments.paymentMethod} as payment_method, ${shipments.paymentStatus} as payment_status,
  ${shipments.totalInCents} as total_in_cents, ${shipments.pickupDate}::text as pickup_date`;

function toRecord(row: ExportRow): string[] {
  return [
    row.tracking_number,
    row.created,
    row.status,
    row.delivery_status,
    DELIVERY_TYPE_LABELS[row.delivery_type],
    row.sender_name,
    row.sender_city_label,
    provinceName(row.sender_province_code),
    row.receiver_name,
    row.receiver_city_label,
    provinceName(row.receiver_province_code),
    payerLabel({ paidBy: row.paid_by, paymentMethod: row.payment_method }),
    row.payment_status,
    pesos(row.total_in_cents),
    pesos(codAmountOf({ paidBy: row.paid_by, paymentMethod: row.payment_method, totalInCents: row.total_in_cents, status: row.status })),
    row.pickup_date ?? '',
  ];
}

/**
 * Every matching shipment, newest first, fetched in keyset batches of (created_at, id): memory stays at one
 * batch whatever the size, and rows booked during the download neither repeat nor shift the pages.
 */
export async function* shipmentBatches(db: Db, where: SQL, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<ExportRow[]> {
  const fetchAfter = async (cursor: { at: string; id: string } | null): Promise<ExportRow[]> => {
    // The extra `created_at <=` lets the planner range-scan the created_at index instead of sorting every batch.
    const after: SQL | undefined = cursor
      ? sql`${shipments.createdAt} <= ${cursor.at}::timestamptz
          and (${shipments.createdAt}, ${shipments.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const result: unknown = await db.execute(sql`select ${exportColumns} from ${shipments} where ${and(where, after)}
      order by ${shipments.createdAt} desc, ${shipments.id} desc limit ${batchSize}`);
    return rowsOf<ExportRow>(result);
  };
  let next = fetchAfter(null);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    // The database reads the next batch while this one is turned into CSV: at most two batches in memory.
    if (rows.length === batchSize) next = fetchAfter({ at: last.at, id: last.id });
    yield rows;
    if (rows.length < batchSize) return;
  }
}

/** The CSV text, one chunk per batch (header and byte-order mark first), so the socket gets few large writes. */
async function* csvChunks(db: Db, where: SQL, batchSize: number): AsyncGenerator<string> {
  yield `${BOM}${toCsv([[...COLUMNS]])}\n`;
  for await (const batch of shipmentBatches(db, where, batchSize)) {
    yield `${toCsv(batch.map((row) => toRecord(row).map(neutraliseCell)))}\n`;
  }
}

/**
 * The CSV as a stream whose memory stays small whatever the export's size. On PostgreSQL the server writes
 * the CSV itself (COPY, see copyCsvStream): node only passes bytes on. PGlite has no streaming COPY TO
 * STDOUT, so there the rows come in keyset batches (read only as fast as the client takes them:
 * Readable.from pulls the generator on demand) and are written as CSV here. Both give the same bytes.
 */
export function shipmentsCsvStream(database: Database, where: SQL, batchSize = EXPORT_BATCH_SIZE): Readable {
  if (database.kind === 'pg' && database.pool) return copyCsvStream(database.pool, where);
  return Readable.from(csvChunks(database.db, where, batchSize), { objectMode: false });
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL: COPY (...) TO STDOUT WITH (FORMAT csv, HEADER)
//
// The cells are formatted in SQL exactly as toRecord + neutraliseCell + papaparse write them:
// - a cell neutraliseCell would prefix (starts with = + - @ tab CR) gets the apostrophe here;
// - an empty cell is NULL: COPY writes NULL as nothing (papaparse's ''), but '' as "";
// - COPY quotes a cell holding a comma, quote, CR or LF, doubling quotes, as papaparse does. (papaparse
//   also quotes a cell that starts or ends with a space or holds U+FEFF, which COPY leaves bare: a reader
//   gets the same value either way, and such cells do not occur: names are trimmed by nameSchema, city
//   labels and province names come from the PSGC list, tracking numbers have a checked format.)
// Labels and province names come from the same constants as toRecord's, in ONE jsonb parameter.
// ---------------------------------------------------------------------------------------------------------

/** A text cell as neutraliseCell leaves it; '' becomes NULL. (ascii('') is 0, ascii(NULL) is NULL.) */
const textCell = (value: SQL) => sql`case when ascii(${value}) in (61, 43, 45, 64, 9, 13) then '''' || ${value} else nullif(${value}, '') end`;

/**
 * pesos(): integer cents times 0.01 is a numeric of scale 2, exact ("230.00", "-0.05"); neutraliseCell
 * prefixes a negative amount ("'-0.05"), the one way a number starts with one of its characters.
 */
const pesosCell = (cents: SQL) => sql`case when ${cents} < 0 then '''' else '' end || (${cents} * 0.01)::text`;

/**
 * The lookup maps toRecord uses, as one JSON parameter. The labels are constants that neutraliseCell leaves
 * alone (none starts with = + - @), applied here anyway, so SQL only neutralises what comes from rows.
 */
let lookupsJson: string | undefined;
function exportLookups(): string {
  const neutralised = (entries: [string, string][]) => Object.fromEntries(entries.map(([k, v]) => [k, neutraliseCell(v)]));
  lookupsJson ??= JSON.stringify({
    deliveryType: neutralised(Object.entries(DELIVERY_TYPE_LABELS)),
    payer: neutralised(Object.entries(PAYER_LABELS)),
    province: neutralised(listProvinces().map((p) => [p.code, p.name])),
  });
  return lookupsJson;
}

/** The lookups, parsed once per statement (a one-row subquery over a constant, which the planner folds). */
const lookupSource = (json: string) =>
  sql`(select m -> 'deliveryType' as delivery_type, m -> 'payer' as payer, m -> 'province' as province
    from (select ${json}::jsonb as m) parsed) lookup`;

const provinceCell = (code: SQL) => sql`coalesce(lookup.province ->> ${code}, ${textCell(code)})`;

/**
 * Each column's cell. Enum values (statuses), the Manila time and the ISO pickup date are never empty and
 * never start with = + - @, so they need neither treatment.
 */
const SQL_CELLS: Record<Column, SQL> = {
  'Tracking number': textCell(sql`${shipments.trackingNumber}`),
  'Created (Asia/Manila)': manilaCreated,
  Status: sql`${shipments.status}::text`,
  'Delivery status': sql`${shipments.deliveryStatus}::text`,
  'Delivery type': sql`lookup.delivery_type ->> ${shipments.deliveryType}::text`,
  'Sender name': textCell(sql`${shipments.senderName}`),
  'Sender city': textCell(sql`${shipments.senderCityLabel}`),
  'Sender province': provinceCell(sql`${shipments.senderProvinceCode}`),
  'Receiver name': textCell(sql`${shipments.receiverName}`),
  'Receiver city': textCell(sql`${shipments.receiverCityLabel}`),
  'Receiver province': provinceCell(sql`${shipments.receiverProvinceCode}`),
  // payerLabel: a booking on account reads "Billed to account" whoever was chosen to pay.
  Payer: sql`case when ${shipments.paymentMethod} = 'invoice' then ${BILLED_TO_ACCOUNT_LABEL}::text else lookup.payer ->> ${shipments.paidBy}::text end`,
  'Payment status': sql`${shipments.paymentStatus}::text`,
  'Total (PHP)': pesosCell(sql`${shipments.totalInCents}`),
  // codAmountOf: the rider collects the total when the recipient pays cash and the shipment is not cancelled.
  'COD amount (PHP)': pesosCell(sql`case when ${shipments.paidBy} = 'recipient' and ${shipments.paymentMethod} = 'cash'
    and ${shipments.status} <> 'Cancelled' then ${shipments.totalInCents} else 0 end`),
  'Pickup date': sql`${shipments.pickupDate}::text`,
};

const EXPORT_TABLE = sql.identifier('shipments_export');
const dialect = new PgDialect();

/**
 * COPY takes no bind parameters, and the WHERE clause (scope and filters) has some: so the matching rows,
 * already formatted, go first into a temporary table (a CREATE TABLE AS takes parameters like its query
 * would), numbered newest first; COPY then reads that table, which needs none.
 */
function exportStatements(where: SQL): { create: { sql: string; params: unknown[] }; copy: string } {
  const cells = COLUMNS.map((column) => sql`${SQL_CELLS[column]} as ${sql.identifier(column)}`);
  const create = dialect.sqlToQuery(sql`create temporary table ${EXPORT_TABLE} on commit drop as
    select ${sql.join(cells, sql`, `)}, row_number() over (order by ${shipments.createdAt} desc, ${shipments.id} desc) as ord
    from ${shipments} cross join ${lookupSource(exportLookups())} where ${where}`);
  const copy = dialect.sqlToQuery(sql`copy (select ${sql.join(
    COLUMNS.map((column) => sql.identifier(column)),
    sql`, `,
  )}
    from ${EXPORT_TABLE} order by ord) to stdout with (format csv, header)`);
  if (copy.params.length > 0) throw new Error('export: COPY cannot take parameters');
  return { create, copy: copy.sql };
}

/** The byte-order mark in front of the first bytes COPY sends (the header line). */
function withByteOrderMark(): Transform {
  let first = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!first) return callback(null, chunk);
      first = false;
      callback(null, Buffer.concat([Buffer.from(BOM), chunk]));
    },
  });
}

/**
 * The export written by PostgreSQL, on one pooled client and in one transaction: the temporary table, then
 * COPY piped to the response. The client goes back to the pool when COPY has ended and the transaction is
 * committed; on an error or a client that goes away mid-download it is rolled back, or, with COPY still
 * sending, the connection is closed (the server then aborts the transaction): no client is ever left out.
 * No byte is sent before COPY starts, so an error until then is an ordinary error response.
 */
function copyCsvStream(pool: pg.Pool, where: SQL): Readable {
  const out = withByteOrderMark();
  const { create, copy } = exportStatements(where);
  const start = async () => {
    const client = await pool.connect();
    // A connection lost while checked out emits 'error' on the client; the pool only listens while idle.
    const onClientError = () => {};
    client.on('error', onClientError);
    let released = false;
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      client.removeListener('error', onClientError);
      // With an error, the pool closes the connection instead of reusing it (a COPY still running included).
      client.release(err);
    };
    const rollback = (err: Error) => {
      client.query('rollback').then(
        () => release(),
        (rollbackError: Error) => release(rollbackError),
      );
      out.destroy(err);
    };
    if (out.destroyed) return release(); // the client went away while the pool was busy
    try {
      await client.query('begin');
      await client.query(create.sql, create.params);
    } catch (err) {
      return rollback(err as Error);
    }
    if (out.destroyed) return rollback(new Error('export: the client went away'));
    const rows = client.query(copyTo(copy));
    // pipeline reports its errors below; this keeps one that pg delivers after the stream closed from crashing.
    rows.on('error', () => {});
    pipeline(rows, out, (err) => {
      if (err) return release(err);
      client.query('commit').then(
        () => release(),
        (commitError: Error) => release(commitError),
      );
    });
  };
  start().catch((err: Error) => out.destroy(err));
  return out;
}
