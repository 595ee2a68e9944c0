import { and, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  invoiceNumberLabel,
  NO_VOID_REASON,
  type CreateInvoiceBody,
  type InvoiceDto,
  type InvoiceListQuery,
  type UpdateInvoiceBody,
} from '@hatid/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { billings, businesses, documentCounters, invoices } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { escapeLike, toPage } from '../../db/paging.js';
import { assertMayReadBillings, assertMayWorkInvoices, billingScope } from './billings.access.js';
import { liveInvoiceOf, lockBilling } from './billings.repository.js';
import { searchedInvoiceNumber } from './billings.service.js';
import { invoiceCustomer, selectInvoices, toInvoiceDto } from './invoices.repository.js';

/**
 * Invoices (DECISIONS "Billings and invoices"): the numbered document issued from a receivable billing.
 * Numbers come from one gapless series and are never reused; an invoice is voided, never deleted.
 * Staff and admins issue, change and void them; whoever may read the billing reads its invoices.
 */
const CATEGORY = 'billings';
const SERIES = 'invoice';

/**
 * The next number of the series, taken inside the caller's transaction: the upsert's row lock queues
 * concurrent issuers, and a rollback gives the number back, so the series has no gaps.
 */
export async function nextDocumentNumber(tx: Tx, series: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: documentCounters.series, set: { lastNumber: sql`${documentCounters.lastNumber} + 1`, updatedAt: new Date() } })
    .returning({ lastNumber: documentCounters.lastNumber });
  return Number(row!.lastNumber);
}

async function invoiceDto(db: DbOrTx, id: string, scope?: SQL): Promise<InvoiceDto> {
  const [row] = await selectInvoices(db, and(eq(invoices.id, id), scope)).limit(1);
  if (!row) throw notFound('Invoice');
  return toInvoiceDto(row);
}

/** POST /invoices: the next number for a receivable billing that has no live invoice. */
export async function createInvoice(db: DbOrTx, actor: Actor, input: CreateInvoiceBody, ip?: string): Promise<InvoiceDto> {
  assertMayWorkInvoices(actor, 'create');
  const id = await db.transaction(async (tx) => {
    const billing = await lockBilling(tx, input.billingId, 'billingId');
    if (billing.status === 'cancelled') throw fieldError('billingId', 'A cancelled billing gets no invoice', 'RULE_BROKEN');
    if (billing.billingType !== 'receivable') throw fieldError('billingId', 'An invoice is issued for a receivable billing only', 'RULE_BROKEN');
    const live = await liveInvoiceOf(tx, billing.id);
    if (live) {
      const message = `Invoice ${invoiceNumberLabel(live.number)} is already live for this billing: void it to issue a new one`;
      throw new AppError('CONFLICT', message, [{ field: 'billingId', message }]);
    }
    const number = await nextDocumentNumber(tx, SERIES);
    const [row] = await tx
      .insert(invoices)
      .values({
        number,
        billingId: billing.id,
        customerId: billing.customerId,
        dueDate: billing.dueDate,
        totalInCents: billing.totalInCents,
        notes: input.notes || null,
        issuedById: actor.id,
      })
      .returning();
    await recordActivity(tx, {
      actor,
      action: 'CREATED',
      entity: 'Invoice',
      entityId: row!.id,
      category: CATEGORY,
      summary: `Invoice ${invoiceNumberLabel(number)} of ${formatMoney(billing.totalInCents)} issued`,
      after: { number, billingId: billing.id, customerId: billing.customerId, totalInCents: billing.totalInCents, dueDate: billing.dueDate },
      status: 'live',
      ip: ip ?? null,
    });
    return row!.id;
  });
  return invoiceDto(db, id);
}

/** GET /invoices: newest number first; search by number (123 or INV-000123) or the client's or customer's name. */
export async function listInvoices(db: DbOrTx, actor: Actor, query: InvoiceListQuery) {
  assertMayReadBillings(actor);
  const search = query.search?.trim();
  const number = search ? searchedInvoiceNumber(search) : null;
  const where = and(
    billingScope(actor),
    query.billingId ? eq(invoices.billingId, query.billingId) : undefined,
    query.customerId ? eq(invoices.customerId, query.customerId) : undefined,
    query.state === 'live' ? isNull(invoices.voidedAt) : query.state === 'voided' ? isNotNull(invoices.voidedAt) : undefined,
    search
      ? or(
          number === null ? undefined : eq(invoices.number, number),
          ilike(sql`${invoiceCustomer.firstName} || ' ' || coalesce(${invoiceCustomer.lastName}, '')`, `%${escapeLike(search)}%`),
          ilike(businesses.name, `%${escapeLike(search)}%`),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectInvoices(db, where)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(invoices)
      .innerJoin(billings, eq(billings.id, invoices.billingId))
      .leftJoin(invoiceCustomer, eq(invoiceCustomer.id, invoices.customerId))
      .leftJoin(businesses, eq(businesses.id, billings.businessId))
      .where(where),
  ]);
  return toPage(rows.map(toInvoiceDto), query, totals?.n ?? 0);
}

/** GET /invoices/{id}: 404 outside the caller's billings. */
export async function getInvoice(db: DbOrTx, actor: Actor, id: string): Promise<InvoiceDto> {
  assertMayReadBillings(actor);
  return invoiceDto(db, id, billingScope(actor));
}

async function lockInvoice(tx: Tx, id: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw notFound('Invoice');
  return row;
}

/** PATCH /invoices/{id}: notes and due date; the number and total never change, a voided invoice not at all. */
export async function updateInvoice(db: DbOrTx, actor: Actor, id: string, input: UpdateInvoiceBody, ip?: string): Promise<InvoiceDto> {
  assertMayWorkInvoices(actor, 'update');
  await db.transaction(async (tx) => {
    const before = await lockInvoice(tx, id);
    if (before.voidedAt) throw new AppError('CONFLICT', `Invoice ${invoiceNumberLabel(before.number)} is voided and cannot change`);
    const change: { notes?: string | null; dueDate?: string | null } = {};
    if (input.notes !== undefined) change.notes = input.notes || null;
    if (input.dueDate !== undefined) change.dueDate = input.dueDate;
    await tx
      .update(invoices)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(invoices.id, id));
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Invoice',
      entityId: id,
      category: CATEGORY,
      summary: `Invoice ${invoiceNumberLabel(before.number)} changed: ${Object.keys(change).join(', ')}`,
      before: Object.fromEntries(Object.keys(change).map((k) => [k, before[k as keyof typeof change]])),
      after: change,
      status: 'live',
      ip: ip ?? null,
    });
  });
  return invoiceDto(db, id);
}

/** DELETE /invoices/{id}: voids it with the reason; it stays on record and its number is never issued again. */
export async function voidInvoice(db: DbOrTx, actor: Actor, id: string, given: string | undefined, ip?: string): Promise<InvoiceDto> {
  assertMayWorkInvoices(actor, 'delete');
  const reason = given ?? NO_VOID_REASON;
  await db.transaction(async (tx) => {
    const before = await lockInvoice(tx, id);
    if (before.voidedAt) throw new AppError('CONFLICT', `Invoice ${invoiceNumberLabel(before.number)} is already voided`);
    await tx.update(invoices).set({ voidedAt: new Date(), voidReason: reason, updatedAt: new Date() }).where(eq(invoices.id, id));
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Invoice',
      entityId: id,
      category: CATEGORY,
      summary: `Invoice ${invoiceNumberLabel(before.number)} voided: ${reason}`,
      before: { voidedAt: null },
      after: { voidReason: reason },
      status: 'voided',
      ip: ip ?? null,
    });
  });
  return invoiceDto(db, id);
}
