import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatMoney, PAYMENT_LINK_DEFAULT_HOURS, type PaymentRequestDto } from '@hatid/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { paymentRequests } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { recordActivity } from '../../platform/activity-log.js';
import { findVisibleShipment } from '../shipments/status.service.js';
import { amountPaidInCents } from '../transactions/shipment-payments.js';
import { lockShipment } from '../shipments/shipments.repository.js';
import { returnUrl, type PaymentsContext } from './context.js';
import { findById, findByProviderId, isOpen, toPaymentRequestDto, type PaymentRequestRow } from './payment-requests.repository.js';

/**
 * Payment links for a shipment (staff's "generate payment link"): an invoice at the provider for what is
 * still unpaid. One link is active per shipment: a new one expires the one before. Paying it records a
 * transaction for the shipment (webhook.service.ts), from which its payment status follows.
 */
export async function createPaymentLink(
  ctx: PaymentsContext,
  tx: Tx,
  actor: Actor,
  input: { shipmentId: string; amountInCents?: number; expiresInHours?: number },
  ip?: string,
): Promise<PaymentRequestDto> {
  const visible = await findVisibleShipment(tx as unknown as Db, actor, input.shipmentId);
  const shipment = (await lockShipment(tx, visible.id))!;
  if (shipment.status === 'Cancelled') throw fieldError('shipmentId', 'This shipment is cancelled: there is nothing to pay', 'RULE_BROKEN');
  const unpaid = shipment.totalInCents - (await amountPaidInCents(tx, shipment.id));
  if (unpaid <= 0) throw fieldError('shipmentId', 'This shipment is already paid in full', 'RULE_BROKEN');
  const amountInCents = input.amountInCents ?? unpaid;
  if (amountInCents > unpaid) {
    throw fieldError('amountInCents', `At most ${formatMoney(unpaid)} is still unpaid on this shipment`, 'RULE_BROKEN');
  }
  for (const earlier of await openLinksOf(tx, shipment.id)) await expireRow(ctx, tx, earlier);

  const expiresAt = new Date(Date.now() + (input.expiresInHours ?? PAYMENT_LINK_DEFAULT_HOURS) * 3_600_000);
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
    })
    .returning();
  const page = `/packages/${shipment.trackingNumber}`;
  const successReturnUrl = returnUrl(ctx, page, { success: 'true', method: 'payment_link', amount: amountInCents });
  const failureReturnUrl = returnUrl(ctx, page, { failure: 'true', method: 'payment_link', amount: amountInCents });
  const invoice = await ctx.provider.createInvoice({
    externalId: row!.id,
    amountInCents,
    description: `Hatid shipment ${shipment.trackingNumber}`,
    expiresAt,
    successRedirectUrl: successReturnUrl,
    failureRedirectUrl: failureReturnUrl,
    idempotencyKey: row!.id,
  });
  const [created] = await tx
    .update(paymentRequests)
    .set({
      providerRequestId: invoice.providerRequestId,
      checkoutUrl: invoice.checkoutUrl,
      expiresAt: invoice.expiresAt,
      methodDetails: { successReturnUrl, failureReturnUrl, trackingNumber: shipment.trackingNumber },
      updatedAt: new Date(),
    })
    .where(eq(paymentRequests.id, row!.id))
    .returning();
  await recordActivity(tx, {
    actor,
    action: 'CREATED',
    entity: 'PaymentLink',
    entityId: created!.id,
    category: 'payments',
    summary: `Payment link for ${shipment.trackingNumber}: ${formatMoney(amountInCents)}`,
    after: { shipmentId: shipment.id, amountInCents, expiresAt: created!.expiresAt?.toISOString() },
    status: 'PENDING',
    ip: ip ?? null,
  });
  return toPaymentRequestDto(created!);
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

async function expireRow(ctx: PaymentsContext, tx: DbOrTx, row: PaymentRequestRow): Promise<PaymentRequestRow> {
  if (row.providerRequestId && isOpen(row)) await ctx.provider.expireInvoice(row.providerRequestId);
  const [expired] = await tx
    .update(paymentRequests)
    .set({ status: 'EXPIRED', updatedAt: new Date() })
    .where(eq(paymentRequests.id, row.id))
    .returning();
  return expired!;
}

/** By our id or the provider's invoice id. */
async function findLink(db: DbOrTx, ctx: PaymentsContext, invoiceId: string, lock = false) {
  const row = (await findById(db, invoiceId, lock)) ?? (await findByProviderId(db, ctx.provider.name, invoiceId, lock));
  return row && row.channel === 'payment_link' ? row : null;
}

export async function expirePaymentLink(ctx: PaymentsContext, tx: Tx, actor: Actor, invoiceId: string, ip?: string): Promise<PaymentRequestDto> {
  const row = await findLink(tx, ctx, invoiceId, true);
  if (!row) throw notFound('Payment link');
  await findVisibleShipment(tx as unknown as Db, actor, row.shipmentId!);
  if (row.status === 'SUCCEEDED' || row.status === 'COMPLETED') throw new AppError('CONFLICT', 'This payment link is already paid');
  if (row.status !== 'PENDING' && row.status !== 'REQUIRES_ACTION') return toPaymentRequestDto(row);
  const expired = await expireRow(ctx, tx, row);
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
  return toPaymentRequestDto(expired);
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
