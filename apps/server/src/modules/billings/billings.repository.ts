import { aliasedTable, and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { invoiceNumberLabel, type BillingDetailDto, type BillingDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { billingAttachments, billingPayments, billings, billingShipments, businesses, invoices, shipments, uploads, users } from '../../db/schema/index.js';
import { fieldError, notFound } from '../../errors.js';
import { findProvince } from '../../platform/psgc/index.js';
import { personName } from '../../core/names.js';
import { selectInvoices, toInvoiceDto } from './invoices.repository.js';

export type BillingRow = typeof billings.$inferSelect;

export const billingCustomer = aliasedTable(users, 'billing_customer');
const biller = aliasedTable(users, 'billing_biller');

/** The live invoice's number of a billing (null when none is live). */
export const liveInvoiceNumber = sql<
  number | null
>`(select ${invoices.number} from ${invoices} where ${invoices.billingId} = ${billings.id} and ${invoices.voidedAt} is null)`.mapWith((v: unknown) =>
  v === null ? null : Number(v),
);
const shipmentCount = sql<number>`(select count(*) from ${billingShipments} where ${billingShipments.billingId} = ${billings.id})`.mapWith(Number);

export function selectBillings(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      billing: billings,
      customerFirst: billingCustomer.firstName,
      customerLast: billingCustomer.lastName,
      businessName: businesses.name,
      billerFirst: biller.firstName,
      billerLast: biller.lastName,
      invoiceNumber: liveInvoiceNumber,
      shipmentCount,
    })
    .from(billings)
    .leftJoin(billingCustomer, eq(billingCustomer.id, billings.customerId))
    .leftJoin(businesses, eq(businesses.id, billings.businessId))
    .leftJoin(biller, eq(biller.id, billings.billerId))
    .where(where)
    .orderBy(desc(billings.createdAt), desc(billings.id));
}

/** How many billings match, per status (the same joins as the list, so a search by name counts alike). */
export function countBillingsByStatus(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ status: billings.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(billings)
    .leftJoin(billingCustomer, eq(billingCustomer.id, billings.customerId))
    .leftJoin(businesses, eq(businesses.id, billings.businessId))
    .where(where)
    .groupBy(billings.status);
}
type JoinedRow = Awaited<ReturnType<typeof selectBillings>>[number];

export function toBillingDto(r: JoinedRow): BillingDto {
  const b = r.billing;
  return {
    id: b.id,
    billingType: b.billingType as BillingDto['billingType'],
    customerId: b.customerId,
    customerName: personName(r.customerFirst, r.customerLast) ?? '',
    businessId: b.businessId,
    businessName: r.businessName ?? null,
    billerId: b.billerId,
    billerName: personName(r.billerFirst, r.billerLast),
    location: b.location,
    locationName: b.location ? (findProvince(b.location)?.name ?? b.location) : null,
    periodStart: b.periodStart,
    periodEnd: b.periodEnd,
    dueDate: b.dueDate,
    status: b.status,
    paymentStatus: b.paymentStatus,
    totalInCents: b.totalInCents,
    amountPaidInCents: b.amountPaidInCents,
    balanceInCents: Math.max(b.totalInCents - b.amountPaidInCents, 0),
    shipmentCount: r.shipmentCount,
    invoiceNumber: r.invoiceNumber === null ? null : invoiceNumberLabel(r.invoiceNumber),
    notes: b.notes,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

/** A billing's shipments, oldest booking first. */
export function billingShipmentLines(db: DbOrTx, billingId: string) {
  return db
    .select({
      shipmentId: shipments.id,
      trackingNumber: shipments.trackingNumber,
      bookedAt: shipments.createdAt,
      receiverName: shipments.receiverName,
      deliveryStatus: shipments.deliveryStatus,
      amountInCents: billingShipments.amountInCents,
    })
    .from(billingShipments)
    .innerJoin(shipments, eq(shipments.id, billingShipments.shipmentId))
    .where(eq(billingShipments.billingId, billingId))
    .orderBy(asc(shipments.createdAt), asc(shipments.trackingNumber));
}

/** One billing with its shipments, payments, attachments and invoices; 404 outside `scope`. */
export async function billingDetail(db: DbOrTx, id: string, scope?: SQL): Promise<BillingDetailDto> {
  const [row] = await selectBillings(db, and(eq(billings.id, id), scope)).limit(1);
  if (!row) throw notFound('Billing');
  const recorder = aliasedTable(users, 'payment_recorder');
  const attacher = aliasedTable(users, 'attachment_uploader');
  const [lines, payments, attachments, invoiceRows] = await Promise.all([
    billingShipmentLines(db, id),
    db
      .select({ payment: billingPayments, first: recorder.firstName, last: recorder.lastName })
      .from(billingPayments)
      .leftJoin(recorder, eq(recorder.id, billingPayments.recordedById))
      .where(and(eq(billingPayments.billingId, id), isNull(billingPayments.voidedAt)))
      .orderBy(asc(billingPayments.paidAt), asc(billingPayments.createdAt)),
    db
      .select({ attachment: billingAttachments, url: uploads.fileUrl, first: attacher.firstName, last: attacher.lastName })
      .from(billingAttachments)
      .innerJoin(uploads, eq(uploads.id, billingAttachments.uploadId))
      .leftJoin(attacher, eq(attacher.id, billingAttachments.uploadedById))
      .where(eq(billingAttachments.billingId, id))
      .orderBy(asc(billingAttachments.createdAt), asc(billingAttachments.id)),
    selectInvoices(db, eq(invoices.billingId, id)),
  ]);
  return {
    ...toBillingDto(row),
    shipments: lines.map((l) => ({ ...l, bookedAt: l.bookedAt.toISOString() })),
    payments: payments.map(({ payment: p, first, last }) => ({
      id: p.id,
      method: p.method,
      amountInCents: p.amountInCents,
      paidAt: p.paidAt.toISOString(),
      referenceNumber: p.referenceNumber,
      remarks: p.remarks,
      recordedByName: personName(first, last),
    })),
    attachments: attachments.map(({ attachment: a, url, first, last }) => ({
      id: a.id,
      uploadId: a.uploadId,
      name: a.name,
      url,
      uploadedByName: personName(first, last),
      createdAt: a.createdAt.toISOString(),
    })),
    invoices: invoiceRows.map(toInvoiceDto),
  };
}

/**
 * The billing row locked for a change: 404 when the path names a missing one; a body's reference to one
 * (`field`) is a 422 on that field.
 */
export async function lockBilling(db: DbOrTx, id: string, field?: string): Promise<BillingRow> {
  const [row] = await db.select().from(billings).where(eq(billings.id, id)).for('update').limit(1);
  if (!row) throw field ? fieldError(field, 'Billing not found', 'RULE_BROKEN') : notFound('Billing');
  return row;
}

/** The live invoice of a billing, if any. */
export async function liveInvoiceOf(db: DbOrTx, billingId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.billingId, billingId), isNull(invoices.voidedAt)))
    .limit(1);
  return row ?? null;
}

/** Ids of the billings among `ids` that `scope` lets the caller see. */
export async function visibleBillingIds(db: DbOrTx, ids: string[], scope: SQL | undefined): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: billings.id })
    .from(billings)
    .where(and(inArray(billings.id, ids), scope));
  return new Set(rows.map((r) => r.id));
}
