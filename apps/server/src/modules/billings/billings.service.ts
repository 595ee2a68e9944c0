import { and, count, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  BILLING_MOVES,
  BILLING_STATUS_LABELS,
  COLLECTION_STATUSES,
  formatMoney,
  invoiceNumberLabel,
  type BillingBulkResult,
  type BillingDetailDto,
  type BillingListQuery,
  type BillingPage,
  type CollectionStatus,
  type CreateBillingBody as CreateInput,
  type UpdateBillingBody as UpdateInput,
} from '@hatid/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { billingPayments, billings, billingShipments, businesses, invoices, shipments } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { escapeLike, toPage } from '../../db/paging.js';
import { addDays } from '../../core/manila-time.js';
import { assertMayReadBillings, assertMayWorkBillings, billingScope } from './billings.access.js';
import {
  billingCustomer,
  billingDetail,
  countBillingsByStatus,
  liveInvoiceOf,
  lockBilling,
  selectBillings,
  toBillingDto,
  type BillingRow,
} from './billings.repository.js';
import { lockPartyOf, resolveParty } from './billing-parties.js';
import { fillBilling, gatherShipments, NO_SHIPMENTS } from './billing-shipments.js';

/**
 * Billings (DECISIONS "Billings and invoices"; docs/decisions.md "Billings and invoices"): a period's
 * statement for one client. Staff and admins prepare, move and settle them; ssp and the billed business's
 * admins read them (billings.access.ts).
 */
export const CATEGORY = 'billings';

/** A short, stable name of a billing for messages and file names: its live invoice number, else its id's start. */
export const billingLabel = (billing: { id: string }, invoiceNumber?: number | null) =>
  invoiceNumber ? invoiceNumberLabel(invoiceNumber) : billing.id.slice(0, 8).toUpperCase();

/** POST /billings: gathers the period's shipments for the client and totals them. */
export async function createBilling(db: DbOrTx, actor: Actor, input: CreateInput, ip?: string): Promise<BillingDetailDto> {
  assertMayWorkBillings(actor, 'create');
  const id = await db.transaction(async (tx) => {
    const party = await resolveParty(tx, input);
    const lines = await gatherShipments(tx, party, input.periodStart, input.periodEnd);
    if (lines.length === 0) throw fieldError('periodEnd', NO_SHIPMENTS, 'RULE_BROKEN');
    const totalInCents = lines.reduce((sum, l) => sum + l.amountInCents, 0);
    const dueDate = input.dueDate ?? addDays(input.periodEnd, party.termsInDays);
    const [row] = await tx
      .insert(billings)
      .values({
        billingType: input.billingType,
        customerId: party.customerId,
        businessId: party.businessId,
        billerId: actor.id,
        location: party.location,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        dueDate,
        totalInCents,
        notes: input.notes || null,
      })
      .returning();
    await tx.insert(billingShipments).values(lines.map((l) => ({ billingId: row!.id, ...l })));
    await recordActivity(tx, {
      actor,
      action: 'CREATED',
      entity: 'Billing',
      entityId: row!.id,
      category: CATEGORY,
      summary: `${input.billingType === 'receivable' ? 'Billing' : 'Payable'} of ${formatMoney(totalInCents)} for ${party.name}, ${input.periodStart} to ${input.periodEnd} (${lines.length} shipment${lines.length === 1 ? '' : 's'})`,
      after: {
        billingType: input.billingType,
        customerId: party.customerId,
        businessId: party.businessId,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        dueDate,
        totalInCents,
        shipments: lines.length,
        status: 'pending',
      },
      ip: ip ?? null,
    });
    return row!.id;
  });
  return billingDetail(db, id);
}

/** "123", "INV-000123", "inv123": an invoice number, if the search is one. */
export function searchedInvoiceNumber(search: string): number | null {
  const match = /^(?:inv-?)?0*(\d{1,12})$/i.exec(search.trim());
  const n = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function listWhere(db: DbOrTx, actor: Actor, query: BillingListQuery): SQL | undefined {
  const search = query.search?.trim();
  const number = search ? searchedInvoiceNumber(search) : null;
  return and(
    billingScope(actor),
    query.billingType ? eq(billings.billingType, query.billingType) : undefined,
    query.billerId ? eq(billings.billerId, query.billerId) : undefined,
    query.customerId ? eq(billings.customerId, query.customerId) : undefined,
    query.location ? eq(billings.location, query.location) : undefined,
    search
      ? or(
          ilike(sql`${billingCustomer.firstName} || ' ' || coalesce(${billingCustomer.lastName}, '')`, `%${escapeLike(search)}%`),
          ilike(businesses.name, `%${escapeLike(search)}%`),
          exists(
            db
              .select({ one: sql`1` })
              .from(billingShipments)
              .innerJoin(shipments, eq(shipments.id, billingShipments.shipmentId))
              .where(and(eq(billingShipments.billingId, billings.id), sql`${shipments.trackingNumber} like ${`${escapeLike(search.toUpperCase())}%`}`)),
          ),
          number === null
            ? undefined
            : exists(
                db
                  .select({ one: sql`1` })
                  .from(invoices)
                  .where(and(eq(invoices.billingId, billings.id), eq(invoices.number, number))),
              ),
        )
      : undefined,
  );
}

/** GET /billings: newest first, with counts per status for the tabs. */
export async function listBillings(db: DbOrTx, actor: Actor, query: BillingListQuery): Promise<BillingPage> {
  assertMayReadBillings(actor);
  const where = listWhere(db, actor, query);
  const [rows, byStatus] = await Promise.all([
    selectBillings(db, and(where, query.status ? eq(billings.status, query.status) : undefined))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countBillingsByStatus(db, where),
  ]);
  const counts = Object.fromEntries(COLLECTION_STATUSES.map((s) => [s, byStatus.find((c) => c.status === s)?.n ?? 0])) as Record<CollectionStatus, number>;
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { ...toPage(rows.map(toBillingDto), query, total), counts };
}

/** GET /billings/{id}: 404 outside the caller's billings. */
export async function getBilling(db: DbOrTx, actor: Actor, id: string): Promise<BillingDetailDto> {
  assertMayReadBillings(actor);
  return billingDetail(db, id, billingScope(actor));
}

/** Why a billing may not move to `status`, or null. Cancelling needs no payments and no live invoice. */
async function refusalToMove(tx: Tx, before: BillingRow, status: CollectionStatus): Promise<AppError | null> {
  const label = (s: CollectionStatus) => BILLING_STATUS_LABELS[s].toLowerCase();
  if (before.status === status) return new AppError('CONFLICT', `This billing is already ${label(status)}`);
  const allowed = BILLING_MOVES[before.status];
  if (!allowed.includes(status)) {
    return new AppError(
      'CONFLICT',
      allowed.length === 0
        ? `A ${label(before.status)} billing cannot change`
        : `A ${label(before.status)} billing can only be marked ${allowed.map(label).join(' or ')}`,
    );
  }
  if (status === 'cancelled') {
    if (before.amountPaidInCents > 0) return fieldError('status', 'A billing with recorded payments cannot be cancelled', 'RULE_BROKEN');
    const invoice = await liveInvoiceOf(tx, before.id);
    if (invoice) return fieldError('status', `Void invoice ${invoiceNumberLabel(invoice.number)} before cancelling this billing`, 'RULE_BROKEN');
  }
  return null;
}

/** One status move inside the caller's transaction, the row locked. */
async function moveBilling(tx: Tx, actor: Actor, id: string, status: CollectionStatus, ip: string | undefined): Promise<void> {
  const before = await lockBilling(tx, id);
  const refusal = await refusalToMove(tx, before, status);
  if (refusal) throw refusal;
  await tx.update(billings).set({ status, updatedAt: new Date() }).where(eq(billings.id, id));
  await recordActivity(tx, {
    actor,
    action: 'UPDATED',
    entity: 'Billing',
    entityId: id,
    category: CATEGORY,
    summary: `${formatMoney(before.totalInCents)} billing marked ${BILLING_STATUS_LABELS[status].toLowerCase()}`,
    before: { status: before.status },
    after: { status },
    ip: ip ?? null,
  });
}

/** PATCH /billings/bulk-status: each billing in its own transaction; one refused does not stop the others. */
export async function bulkBillingStatus(db: DbOrTx, actor: Actor, input: { ids: string[]; status: CollectionStatus }, ip?: string): Promise<BillingBulkResult> {
  assertMayWorkBillings(actor, 'update');
  const result: BillingBulkResult = { updated: [], failed: [] };
  for (const id of new Set(input.ids)) {
    try {
      await db.transaction((tx) => moveBilling(tx, actor, id, input.status, ip));
      result.updated.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.failed.push({ id, message: error.message });
    }
  }
  return result;
}

/** PATCH /billings/{id}: notes, due date, status, and a new period (gathered again while nothing is paid nor invoiced). */
export async function updateBilling(db: DbOrTx, actor: Actor, id: string, input: UpdateInput, ip?: string): Promise<BillingDetailDto> {
  assertMayWorkBillings(actor, 'update');
  await db.transaction(async (tx) => {
    const before = await lockBilling(tx, id);
    const change: Partial<BillingRow> = {};
    const was: Record<string, unknown> = {};
    const periodStart = input.periodStart ?? before.periodStart;
    const periodEnd = input.periodEnd ?? before.periodEnd;
    if (periodStart !== before.periodStart || periodEnd !== before.periodEnd) {
      if (periodStart > periodEnd) throw fieldError('periodEnd', 'The end of the period must not be before its start');
      if (before.status === 'cancelled' || before.status === 'completed') {
        throw fieldError('periodStart', `A ${BILLING_STATUS_LABELS[before.status].toLowerCase()} billing keeps its period`, 'RULE_BROKEN');
      }
      const [paid] = await tx.select({ n: count() }).from(billingPayments).where(eq(billingPayments.billingId, id));
      if (before.amountPaidInCents > 0 || (paid?.n ?? 0) > 0)
        throw fieldError('periodStart', 'The period cannot change once a payment is recorded', 'RULE_BROKEN');
      const invoice = await liveInvoiceOf(tx, id);
      if (invoice)
        throw fieldError('periodStart', `The period cannot change while invoice ${invoiceNumberLabel(invoice.number)} is live: void it first`, 'RULE_BROKEN');
      await lockPartyOf(tx, before);
      const filled = await fillBilling(
        tx,
        id,
        { billingType: before.billingType as 'receivable' | 'payable', businessId: before.businessId, customerId: before.customerId },
        periodStart,
        periodEnd,
      );
      Object.assign(change, { periodStart, periodEnd, totalInCents: filled.totalInCents, paymentStatus: 'Pending' });
      Object.assign(was, { periodStart: before.periodStart, periodEnd: before.periodEnd, totalInCents: before.totalInCents });
    }
    if (input.dueDate !== undefined && input.dueDate !== before.dueDate) {
      change.dueDate = input.dueDate;
      was.dueDate = before.dueDate;
    }
    if (input.notes !== undefined && (input.notes || null) !== before.notes) {
      change.notes = input.notes || null;
      was.notes = before.notes;
    }
    if (Object.keys(change).length > 0) {
      await tx
        .update(billings)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(billings.id, id));
      await recordActivity(tx, {
        actor,
        action: 'UPDATED',
        entity: 'Billing',
        entityId: id,
        category: CATEGORY,
        summary: `Billing changed: ${Object.keys(change)
          .filter((k) => k !== 'paymentStatus')
          .join(', ')}`,
        before: was,
        after: change as Record<string, unknown>,
        status: before.status,
        ip: ip ?? null,
      });
    }
    // A status the billing already has is no change (a form sends every field); any other goes through the moves.
    if (input.status && input.status !== before.status) await moveBilling(tx, actor, id, input.status, ip);
  });
  return billingDetail(db, id);
}

/**
 * DELETE /billings/{id}: only a billing nothing was paid on and no invoice was ever issued from (invoice
 * numbers are never lost, so an invoiced billing stays on record: cancel it instead). Its lines and
 * attachments go with it, which frees its shipments.
 */
export async function deleteBilling(db: DbOrTx, actor: Actor, id: string, ip?: string): Promise<void> {
  assertMayWorkBillings(actor, 'delete');
  await db.transaction(async (tx) => {
    const before = await lockBilling(tx, id);
    const [paid] = await tx.select({ n: count() }).from(billingPayments).where(eq(billingPayments.billingId, id));
    if (before.amountPaidInCents > 0 || (paid?.n ?? 0) > 0) throw new AppError('CONFLICT', 'This billing has recorded payments: it cannot be deleted');
    const issued = await tx.select({ number: invoices.number, voidedAt: invoices.voidedAt }).from(invoices).where(eq(invoices.billingId, id));
    const live = issued.find((i) => i.voidedAt === null);
    if (live) throw new AppError('CONFLICT', `Invoice ${invoiceNumberLabel(live.number)} was issued from this billing: void it and cancel the billing instead`);
    if (issued.length > 0) throw new AppError('CONFLICT', 'Invoices were issued from this billing, so it stays on record: cancel it instead');
    await tx.delete(billings).where(eq(billings.id, id));
    await recordActivity(tx, {
      actor,
      action: 'DELETED',
      entity: 'Billing',
      entityId: id,
      category: CATEGORY,
      summary: `Billing of ${formatMoney(before.totalInCents)} for ${before.periodStart} to ${before.periodEnd} deleted`,
      before: {
        billingType: before.billingType,
        customerId: before.customerId,
        businessId: before.businessId,
        periodStart: before.periodStart,
        periodEnd: before.periodEnd,
        totalInCents: before.totalInCents,
        status: before.status,
      },
      status: null,
      ip: ip ?? null,
    });
  });
}
