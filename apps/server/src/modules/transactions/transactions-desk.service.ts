import { aliasedTable, and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  AmountPaidDto,
  PaymentMethod,
  ShipmentCollectionDto,
  TransactionExportQuery,
  TransactionListQuery,
  TransactionRecordDto,
  TransactionRowDto,
  TransactionShipmentDto,
} from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rendered.js';
import { collectionShipments, collections, shipments, transactions, uploads, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { withinFilterDates } from '../../core/manila-time.js';
import { shipmentScope } from '../shipments/index.js';
import { findVisibleShipment } from '../shipments/index.js';
import { toTransactionDto } from './add-payment.service.js';
import { paymentStatusFor, type TransactionRow } from '../shipments/index.js';
import { escapeLike, toPage } from '../../db/paging.js';
import { personName } from '../../core/names.js';

/**
 * The transactions desk (/transactions): the payments recorded for shipments, newest first, with the
 * spec's filters, and the shipments without a valid payment (the tab toggle). Who may look: whoever views
 * transactions (staff, ssp, admins; riders only record cash).
 */
export function assertMayViewTransactions(actor: Actor): void {
  if (!actor.ability.can('view', 'Transaction')) throw new AppError('FORBIDDEN', 'You are not allowed to view transactions');
}

const receivedBy = aliasedTable(users, 'received_by');
const voidedBy = aliasedTable(users, 'voided_by');

const shipmentColumns = {
  id: shipments.id,
  trackingNumber: shipments.trackingNumber,
  status: shipments.status,
  deliveryStatus: shipments.deliveryStatus,
  senderName: shipments.senderName,
  receiverName: shipments.receiverName,
  paidBy: shipments.paidBy,
  paymentMethod: shipments.paymentMethod,
  paymentStatus: shipments.paymentStatus,
  totalInCents: shipments.totalInCents,
  createdAt: shipments.createdAt,
};
type ShipmentSummaryRow = { [K in keyof typeof shipmentColumns]: (typeof shipmentColumns)[K]['_']['data'] };

const toShipmentSummary = (row: ShipmentSummaryRow): TransactionShipmentDto => ({ ...row, createdAt: row.createdAt.toISOString() });

export interface RecordJoins {
  transaction: TransactionRow;
  receivedFirst: string | null;
  receivedLast: string | null;
  voidedFirst: string | null;
  voidedLast: string | null;
  proofUrl: string | null;
}

export function toRecordDto(row: RecordJoins): TransactionRecordDto {
  const t = row.transaction;
  return {
    ...toTransactionDto(t, personName(row.receivedFirst, row.receivedLast)),
    proofUploadId: t.proofUploadId,
    proofUrl: t.proofUploadId ? row.proofUrl : null,
    meta: t.meta as TransactionRecordDto['meta'],
    voidedById: t.voidedById,
    voidedByName: personName(row.voidedFirst, row.voidedLast),
  };
}

const recordColumns = {
  transaction: transactions,
  receivedFirst: receivedBy.firstName,
  receivedLast: receivedBy.lastName,
  voidedFirst: voidedBy.firstName,
  voidedLast: voidedBy.lastName,
  proofUrl: uploads.fileUrl,
};

type Filters = Pick<TransactionListQuery, 'search' | 'paymentType' | 'transactionStatus' | 'startDate' | 'endDate'>;

/** The Manila days or the instants asked for, on `column`. */
function dayRange(column: typeof transactions.receivedAt | typeof shipments.createdAt, filters: Filters): (SQL | undefined)[] {
  return [withinFilterDates(column, filters.startDate, filters.endDate)];
}

/** The start of a tracking number (any case). Tracking numbers are upper case, so the prefix index serves it. */
const trackingPrefix = (search: string) => sql`${shipments.trackingNumber} like ${`${escapeLike(search.toUpperCase())}%`}`;

function transactionsWhere(actor: Actor, filters: Filters): SQL | undefined {
  const search = filters.search?.trim();
  return and(
    shipmentScope(actor),
    filters.paymentType ? eq(transactions.method, filters.paymentType) : undefined,
    filters.transactionStatus === 'valid' ? isNull(transactions.voidedAt) : undefined,
    filters.transactionStatus === 'voided' ? isNotNull(transactions.voidedAt) : undefined,
    ...dayRange(transactions.receivedAt, filters),
    search ? or(trackingPrefix(search), ilike(transactions.referenceNumber, escapeLike(search))) : undefined,
  );
}

/**
 * Shipments still to be paid for, among those the actor sees: live (not cancelled, not deleted), a price above
 * zero, no valid payment. Shipments booked on account (invoice) are not: their business pays them through its
 * billing, not here (docs/decisions.md "Booking on account").
 */
function unpaidShipmentsWhere(actor: Actor, filters: Filters): SQL | undefined {
  const search = filters.search?.trim();
  return and(
    shipmentScope(actor),
    sql`${shipments.status} <> 'Cancelled'`,
    sql`${shipments.paymentMethod} <> 'invoice'`,
    sql`${shipments.totalInCents} > 0`,
    sql`not exists (select 1 from ${transactions} where ${transactions.shipmentId} = ${shipments.id} and ${transactions.voidedAt} is null)`,
    ...dayRange(shipments.createdAt, filters),
    search ? trackingPrefix(search) : undefined,
  );
}

type Page<T> = ReturnType<typeof toPage<T>>;

function transactionRowsQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ ...recordColumns, shipment: shipmentColumns })
    .from(transactions)
    .innerJoin(shipments, eq(shipments.id, transactions.shipmentId))
    .leftJoin(receivedBy, eq(receivedBy.id, transactions.receivedById))
    .leftJoin(voidedBy, eq(voidedBy.id, transactions.voidedById))
    .leftJoin(uploads, eq(uploads.id, transactions.proofUploadId))
    .where(where)
    .orderBy(desc(transactions.receivedAt), desc(transactions.id));
}

function unpaidShipmentsQuery(db: DbOrTx, where: SQL | undefined) {
  return db.select(shipmentColumns).from(shipments).where(where).orderBy(desc(shipments.createdAt), desc(shipments.id));
}

/**
 * The desk's rows for one filter, in its order (time, id): `rows` reads a slice, `count` the whole set. The
 * list and the export both read through it, so they always show the same rows the same way.
 */
function deskRows(db: DbOrTx, actor: Actor, query: TransactionExportQuery | TransactionListQuery) {
  if (query.filter === 'no_transactions') {
    const where = unpaidShipmentsWhere(actor, query);
    return {
      rows: async (limit: number, offset: number): Promise<TransactionRowDto[]> =>
        (await unpaidShipmentsQuery(db, where).limit(limit).offset(offset)).map((s) => ({ transaction: null, shipment: toShipmentSummary(s) })),
      count: async () => (await db.select({ n: count() }).from(shipments).where(where))[0]?.n ?? 0,
    };
  }
  const where = transactionsWhere(actor, query);
  return {
    rows: async (limit: number, offset: number): Promise<TransactionRowDto[]> =>
      (await transactionRowsQuery(db, where).limit(limit).offset(offset)).map((r) => ({
        transaction: toRecordDto(r),
        shipment: toShipmentSummary(r.shipment),
      })),
    count: async () =>
      (await db.select({ n: count() }).from(transactions).innerJoin(shipments, eq(shipments.id, transactions.shipmentId)).where(where))[0]?.n ?? 0,
  };
}

/** GET /transaction: one page of the desk. */
export async function listTransactions(db: DbOrTx, actor: Actor, query: TransactionListQuery): Promise<Page<TransactionRowDto>> {
  assertMayViewTransactions(actor);
  const desk = deskRows(db, actor, query);
  const [rows, total] = await Promise.all([desk.rows(query.limit, (query.page - 1) * query.limit), desk.count()]);
  return toPage(rows, query, total);
}

export const EXPORT_BATCH = 1000;

/**
 * Every row of the filtered desk, in the list's order, a batch at a time (the CSV export): memory stays at
 * one batch whatever the size. Batches are taken by offset over a stable order (time, id); a payment
 * recorded during the download may shift a row into the next batch, never out of the file.
 */
export async function* transactionRowBatches(db: DbOrTx, actor: Actor, query: TransactionExportQuery): AsyncGenerator<TransactionRowDto[]> {
  assertMayViewTransactions(actor);
  const desk = deskRows(db, actor, query);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const batch = await desk.rows(EXPORT_BATCH, offset);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH) return;
  }
}

/** One payment with its names and proof (the desk's view, and the answer of every change). */
export async function findRecord(db: DbOrTx, id: string): Promise<TransactionRecordDto | null> {
  const [row] = await db
    .select(recordColumns)
    .from(transactions)
    .leftJoin(receivedBy, eq(receivedBy.id, transactions.receivedById))
    .leftJoin(voidedBy, eq(voidedBy.id, transactions.voidedById))
    .leftJoin(uploads, eq(uploads.id, transactions.proofUploadId))
    .where(eq(transactions.id, id))
    .limit(1);
  return row ? toRecordDto(row) : null;
}

/** GET /transaction/amount-paid/{shipmentId}: by shipment id or tracking number. */
export async function amountPaidOf(db: DbOrTx, actor: Actor, idOrTrackingNumber: string): Promise<AmountPaidDto> {
  assertMayViewTransactions(actor);
  const shipment = await findVisibleShipment(db, actor, idOrTrackingNumber);
  const [sums] = await db
    .select({
      paid: sql<string>`coalesce(sum(${transactions.amountInCents}) filter (where ${transactions.voidedAt} is null), 0)`,
      valid: sql<number>`(count(*) filter (where ${transactions.voidedAt} is null))::int`,
      voided: sql<number>`(count(*) filter (where ${transactions.voidedAt} is not null))::int`,
    })
    .from(transactions)
    .where(eq(transactions.shipmentId, shipment.id));
  const paid = Number(sums?.paid ?? 0);
  return {
    shipmentId: shipment.id,
    trackingNumber: shipment.trackingNumber,
    totalInCents: shipment.totalInCents,
    amountPaidInCents: paid,
    balanceInCents: Math.max(shipment.totalInCents - paid, 0),
    paymentStatus: paymentStatusFor(paid, shipment.totalInCents),
    payments: Number(sums?.valid ?? 0),
    voidedPayments: Number(sums?.voided ?? 0),
  };
}

/**
 * GET /transaction/collection/{shipmentId}: the shipment's cash (DECISIONS "Collections"): who received
 * it, and how much of it is in a completed hand-over, in one still open, or nowhere yet (outstanding).
 */
export async function collectionOf(db: DbOrTx, actor: Actor, idOrTrackingNumber: string): Promise<ShipmentCollectionDto> {
  assertMayViewTransactions(actor);
  const shipment = await findVisibleShipment(db, actor, idOrTrackingNumber);
  const cash = await db
    .select({
      userId: transactions.receivedById,
      first: receivedBy.firstName,
      last: receivedBy.lastName,
      amountInCents: transactions.amountInCents,
      receivedAt: transactions.receivedAt,
    })
    .from(transactions)
    .leftJoin(receivedBy, eq(receivedBy.id, transactions.receivedById))
    .where(and(eq(transactions.shipmentId, shipment.id), eq(transactions.method, 'cash'), isNull(transactions.voidedAt)))
    .orderBy(asc(transactions.receivedAt));
  const collectedFrom = aliasedTable(users, 'collected_from');
  const handOvers = await db
    .select({
      id: collections.id,
      status: collections.status,
      amountInCents: collectionShipments.amountInCents,
      first: collectedFrom.firstName,
      last: collectedFrom.lastName,
      createdAt: collections.createdAt,
      completedAt: collections.completedAt,
    })
    .from(collectionShipments)
    .innerJoin(collections, eq(collections.id, collectionShipments.collectionId))
    .leftJoin(collectedFrom, eq(collectedFrom.id, collections.collectedFromId))
    .where(eq(collectionShipments.shipmentId, shipment.id))
    .orderBy(asc(collections.createdAt));
  const collected = cash.reduce((sum, c) => sum + c.amountInCents, 0);
  const sumOf = (statuses: readonly string[]) => handOvers.filter((h) => statuses.includes(h.status)).reduce((sum, h) => sum + h.amountInCents, 0);
  const remitted = sumOf(['completed']);
  const inHandOver = sumOf(['pending', 'on_going']);
  return {
    shipmentId: shipment.id,
    trackingNumber: shipment.trackingNumber,
    paidBy: shipment.paidBy,
    cashCollectedInCents: collected,
    collectedBy: cash.map((c) => ({
      userId: c.userId,
      name: personName(c.first, c.last),
      amountInCents: c.amountInCents,
      receivedAt: c.receivedAt.toISOString(),
    })),
    remittedInCents: remitted,
    inHandOverInCents: inHandOver,
    outstandingInCents: Math.max(collected - remitted - inHandOver, 0),
    collections: handOvers.map((h) => ({
      id: h.id,
      status: h.status,
      amountInCents: h.amountInCents,
      collectedFromName: personName(h.first, h.last),
      createdAt: h.createdAt.toISOString(),
      completedAt: h.completedAt?.toISOString() ?? null,
    })),
  };
}

/** GET /transaction/unique-payment-types: the methods payments were recorded with (the desk's filter). */
export async function uniquePaymentTypes(db: DbOrTx, actor: Actor): Promise<PaymentMethod[]> {
  assertMayViewTransactions(actor);
  // One index probe per method (transactions_method_created_idx) instead of a scan of every payment.
  const rows = await db.execute(sql`select m.method from unnest(enum_range(null::payment_method)) as m(method)
    where exists (select 1 from ${transactions} where ${transactions.method} = m.method) order by m.method::text`);
  return rowsOf<{ method: PaymentMethod }>(rows).map((r) => r.method);
}
