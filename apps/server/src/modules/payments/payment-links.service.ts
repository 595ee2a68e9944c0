import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatMoney, PAYMENT_LINK_DEFAULT_HOURS, type PaymentRequestDto } from '@hatid/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { paymentRequests } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { findVisibleShipment } from '../shipments/index.js';
import { amountPaidInCents } from '../shipments/index.js';
import { lockShipment } from '../shipments/index.js';
import { BILLED_ON_ACCOUNT } from '../shipments/index.js';
import { returnUrl, type PaymentsContext } from './context.js';
import type { ReservedDetails } from './provider-start.js';
import { findById, findByProviderId, isOpen, toPaymentRequestDto, type PaymentRequestRow } from './payment-requests.repository.js';

/**
 * Payment links for a shipment (staff's "generate payment link"): an invoice at the provider for what is
 * still unpaid. One link is active per shipment: a new one expires the one before. Paying it records a
 * transaction for the shipment (webhook.service.ts), from which its payment status follows. The link is
 * reserved in the caller's transaction and made at the provider after it commits (provider-start.ts); so are
 * the provider's invoices of the links it replaces expired (`expireAtProvider`).
 */
export interface LinkReserved {
  paymentRequestId: string;
  /** Provider invoice ids to expire after the commit. */
  expireAtProvider: string[];
}

export async function createPaymentLink(
  ctx: PaymentsContext,
  tx: Tx,
  actor: Actor,
  input: { shipmentId: string; amountInCents?: number; expiresInHours?: number },
  ip?: string,
): Promise<LinkReserved> {
  const visible = await findVisibleShipment(tx as unknown as Db, actor, input.shipmentId);
  const shipment = (await lockShipment(tx, visible.id))!;
  if (shipment.status === 'Cancelled') throw fieldError('shipmentId', 'This shipment is cancelled: there is nothing to pay', 'RULE_BROKEN');
  if (shipment.paymentMethod === 'invoice') throw fieldError('shipmentId', BILLED_ON_ACCOUNT, 'RULE_BROKEN');
  const unpaid = shipment.totalInCents - (await amountPaidInCents(tx, shipment.id));
  if (unpaid <= 0) throw fieldError('shipmentId', 'This shipment is already paid in full', 'RULE_BROKEN');
  const amountInCents = input.amountInCents ?? unpaid;
  if (amountInCents > unpaid) {
    throw fieldError('amountInCents', `At most ${formatMoney(unpaid)} is still unpaid on this shipment`, 'RULE_BROKEN');
  }
  const expireAtProvider: string[] = [];
  for (const earlier of await openLinksOf(tx, shipment.id)) expireAtProvider.push(...(await expireRow(tx, earlier)).atProvider);

  const expiresAt = new Date(Date.now() + (input.expiresInHours ?? PAYMENT_LINK_DEFAULT_HOURS) * 3_600_000);
  const page = `/packages/${shipment.trackingNumber}`;
  const details: ReservedDetails = {
    description: `Hatid shipment ${shipment.trackingNumber}`,
    successReturnUrl: returnUrl(ctx, page, { success: 'true', method: 'payment_link', amount: amountInCents }),
    failureReturnUrl: returnUrl(ctx, page, { failure: 'true', method: 'payment_link', amount: amountInCents }),
    trackingNumber: shipment.trackingNumber,
  };
  const [row] = await tx
    .insert(paymentRequests)
    .values({
      purpose: 'shipment_payment',
      channel: 'payment_link',
      provider: ctx.provider.name,
      amountInCents,
      userId: shipment.ownerId,
      createdById: actor.id,
      shipmentId: shipment.id,
      expiresAt,
      methodDetails: { ...details },
    })
    .returning();
  await recordActivity(tx, {
    actor,
    action: 'CREATED',
    entity: 'PaymentLink',
    entityId: row!.id,
    category: 'payments',
    summary: `Payment link for ${shipment.trackingNumber}: ${formatMoney(amountInCents)}`,
    after: { shipmentId: shipment.id, amountInCents, expiresAt: expiresAt.toISOString() },
    status: 'PENDING',
    ip: ip ?? null,
  });
  return { paymentRequestId: row!.id, expireAtProvider };
}

/** Tells the provider to close invoices already expired on our side; a failure is logged, not fatal (a late payment still counts). */
export async function expireInvoicesAtProvider(ctx: PaymentsContext, invoiceIds: string[], log: { warn(obj: object, msg: string): void }): Promise<void> {
  for (const id of invoiceIds) {
    await ctx.provider.expireInvoice(id).catch((err: unknown) => log.warn({ err, invoiceId: id }, 'The provider did not expire a replaced payment link'));
  }
}

async function openLinksOf(tx: DbOrTx, shipmentId: string): Promise<PaymentRequestRow[]> {
  const rows = await tx
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.shipmentId, shipmentId),
        eq(paymentRequests.channel, 'payment_link'),
        inArray(paymentRequests.status, ['PENDING', 'REQUIRES_ACTION']),
      ),
    )
    .for('update');
  return rows;
}

/** Expires a link on our side; answers the provider invoice to expire after the commit, if it was still open there. */
async function expireRow(tx: DbOrTx, row: PaymentRequestRow): Promise<{ row: PaymentRequestRow; atProvider: string[] }> {
  const [expired] = await tx.update(paymentRequests).set({ status: 'EXPIRED', updatedAt: new Date() }).where(eq(paymentRequests.id, row.id)).returning();
  return { row: expired!, atProvider: row.providerRequestId && isOpen(row) ? [row.providerRequestId] : [] };
}

/** By our id or the provider's invoice id. */
async function findLink(db: DbOrTx, ctx: PaymentsContext, invoiceId: string, lock = false) {
  const row = (await findById(db, invoiceId, lock)) ?? (await findByProviderId(db, ctx.provider.name, invoiceId, lock));
  return row && row.channel === 'payment_link' ? row : null;
}

export async function expirePaymentLink(
  ctx: PaymentsContext,
  tx: Tx,
  actor: Actor,
  invoiceId: string,
  ip?: string,
): Promise<{ link: PaymentRequestDto; expireAtProvider: string[] }> {
  const row = await findLink(tx, ctx, invoiceId, true);
  if (!row) throw notFound('Payment link');
  await findVisibleShipment(tx as unknown as Db, actor, row.shipmentId!);
  if (row.status === 'SUCCEEDED' || row.status === 'COMPLETED') throw new AppError('CONFLICT', 'This payment link is already paid');
  if (row.status !== 'PENDING' && row.status !== 'REQUIRES_ACTION') return { link: toPaymentRequestDto(row), expireAtProvider: [] };
  const expired = await expireRow(tx, row);
  await recordActivity(tx, {
    actor,
    action: 'UPDATED',
    entity: 'PaymentLink',
    entityId: row.id,
    category: 'payments',
    summary: `Payment link expired by hand`,
    before: { status: row.status },
    after: { status: 'EXPIRED' },
    ip: ip ?? null,
  });
  return { link: toPaymentRequestDto(expired.row), expireAtProvider: expired.atProvider };
}

/** One link ("invoice"), seen by whoever sees its shipment. */
export async function getInvoice(ctx: PaymentsContext, actor: Actor, invoiceId: string): Promise<PaymentRequestDto> {
  const row = await findLink(ctx.db, ctx, invoiceId);
  if (!row) throw notFound('Payment link');
  await findVisibleShipment(ctx.db, actor, row.shipmentId!).catch(() => {
    throw notFound('Payment link');
  });
  return toPaymentRequestDto(row);
}

export async function invoicesOfShipment(ctx: PaymentsContext, actor: Actor, shipmentId: string): Promise<PaymentRequestDto[]> {
  const shipment = await findVisibleShipment(ctx.db, actor, shipmentId);
  const rows = await ctx.db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.shipmentId, shipment.id), eq(paymentRequests.channel, 'payment_link')))
    .orderBy(desc(paymentRequests.createdAt));
  return rows.map((r) => toPaymentRequestDto(r));
}

/** The shipment's link that can still be paid, or null. */
export async function activeLinkOfShipment(ctx: PaymentsContext, actor: Actor, shipmentId: string): Promise<PaymentRequestDto | null> {
  const links = await invoicesOfShipment(ctx, actor, shipmentId);
  return links.find((l) => l.status === 'PENDING' || l.status === 'REQUIRES_ACTION') ?? null;
}
