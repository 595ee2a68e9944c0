import { Readable } from 'node:stream';
import { and, desc, sql, type SQL } from 'drizzle-orm';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { DELIVERY_TYPE_LABELS, PAYER_LABELS } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { shipments } from '../../db/schema/index.js';
import { findProvince } from '../../platform/psgc/index.js';
import { manilaDateTime } from './manila-time.js';
import { codAmountOf, type ShipmentRow } from './shipments.repository.js';

export const EXPORT_BATCH_SIZE = 2000;
export const DEFAULT_EXPORT_FILENAME = 'shipments_all.csv';

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
];

/** "1234.50" from cents, exactly (integer arithmetic, no float rounding). */
export function pesos(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * CSV injection (OWASP): a spreadsheet runs a cell that starts with = + - @ (or a tab / carriage return)
 * as a formula. Such cells get a leading apostrophe, which spreadsheets show as plain text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const provinceName = (code: string) => findProvince(code)?.name ?? code;

/** Only the columns the file shows: mapping fewer columns per row is most of an export's time. */
const exportColumns = {
  id: shipments.id,
  trackingNumber: shipments.trackingNumber,
  createdAt: shipments.createdAt,
  status: shipments.status,
  deliveryStatus: shipments.deliveryStatus,
  deliveryType: shipments.deliveryType,
  senderName: shipments.senderName,
  senderCityLabel: shipments.senderCityLabel,
  senderProvinceCode: shipments.senderProvinceCode,
  receiverName: shipments.receiverName,
  receiverCityLabel: shipments.receiverCityLabel,
  receiverProvinceCode: shipments.receiverProvinceCode,
  paidBy: shipments.paidBy,
  paymentMethod: shipments.paymentMethod,
  paymentStatus: shipments.paymentStatus,
  totalInCents: shipments.totalInCents,
  pickupDate: shipments.pickupDate,
};
export type ExportRow = Pick<ShipmentRow, keyof typeof exportColumns>;

function toRecord(row: ExportRow): string[] {
  return [
    row.trackingNumber,
    manilaDateTime(row.createdAt),
    row.status,
    row.deliveryStatus,
    DELIVERY_TYPE_LABELS[row.deliveryType],
    row.senderName,
    row.senderCityLabel,
    provinceName(row.senderProvinceCode),
    row.receiverName,
    row.receiverCityLabel,
    provinceName(row.receiverProvinceCode),
    PAYER_LABELS[row.paidBy],
    row.paymentStatus,
    pesos(row.totalInCents),
    pesos(codAmountOf(row)),
    row.pickupDate ?? '',
  ];
}

/**
 * Every matching shipment, newest first, fetched in keyset batches of (created_at, id): memory stays at one
 * batch whatever the size, and rows booked during the download neither repeat nor shift the pages.
 * The cursor is the timestamp as Postgres text: a JS Date would cut microseconds and skip rows.
 */
export async function* shipmentBatches(db: Db, where: SQL, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<ExportRow[]> {
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    // The extra `created_at <=` lets the planner range-scan the created_at index instead of sorting every batch.
    const after: SQL | undefined = cursor
      ? sql`${shipments.createdAt} <= ${cursor.at}::timestamptz
          and (${shipments.createdAt}, ${shipments.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows: { row: ExportRow; at: string }[] = await db
      .select({ row: exportColumns, at: sql<string>`${shipments.createdAt}::text` })
      .from(shipments)
      .where(and(where, after))
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((r) => r.row);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.at, id: last.row.id };
  }
}

const csvOptions = { columns: COLUMNS, cast: { string: neutraliseCell } };

/** The CSV text, one chunk per batch (header and byte-order mark first), so the socket gets few large writes. */
async function* csvChunks(db: Db, where: SQL, batchSize: number): AsyncGenerator<string> {
  // A byte-order mark makes Excel read names like "Peñaflor" as UTF-8.
  yield stringifySync([], { ...csvOptions, header: true, bom: true });
  for await (const batch of shipmentBatches(db, where, batchSize)) {
    yield stringifySync(batch.map(toRecord), csvOptions);
  }
}

/**
 * The CSV as a stream: batches are read from the database only as fast as the client takes them
 * (Readable.from pulls the generator on demand), so memory holds one batch whatever the export's size.
 */
export function shipmentsCsvStream(db: Db, where: SQL, batchSize = EXPORT_BATCH_SIZE): Readable {
  return Readable.from(csvChunks(db, where, batchSize), { objectMode: false });
}

/** A safe attachment name: letters, digits, dot, dash, underscore; the table title gets "_all.csv". */
export function exportFilename(requested: string | undefined): string {
  const base = (requested ?? '')
    .trim()
    .replace(/^.*[\\/]/, '')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/^[.-]+/, '')
    .slice(0, 100);
  if (!/[A-Za-z0-9]/.test(base.replace(/\.csv$/i, ''))) return DEFAULT_EXPORT_FILENAME;
  return /\.csv$/i.test(base) ? base : `${base}_all.csv`;
}
