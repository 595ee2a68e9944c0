import { eq } from 'drizzle-orm';
import type { Ewallet, PaymentRequestDto } from '@hatid/domain';
import type { Db, Tx } from '../../db/client.js';
import { paymentRequests } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { assertPaymentOptionOn } from '../flags/flags.service.js';
import { lockShipment } from '../shipments/shipments.repository.js';
import { findVisibleShipment } from '../shipments/status.service.js';
import { amountPaidInCents } from '../transactions/shipment-payments.js';
import { returnUrl, type PaymentsContext } from './context.js';
import { toPaymentRequestDto } from './payment-requests.repository.js';

/**
 * E-wallet checkout of a shipment (POST /payments/requests/ewallet/checkout): the sender pays what is still
 * unpaid with GCash or Maya without going through the wallet. The confirmed payment becomes one of the
 * shipment's transactions (webhook.service.ts), and its payment status follows. The return page gets
 * wallet-success / failure so the shipment page can say how it went.
 */
export async function startShipmentCheckout(
  ctx: PaymentsContext,
  tx: Tx,
  actor: Actor,
  input: { shipmentId: string; ewallet: Ewallet; returnPath?: string },
): Promise<PaymentRequestDto> {
  await assertPaymentOptionOn(tx, ctx.env, 'ewallet', 'ewallet');
  const visible = await findVisibleShipment(tx as unknown as Db, actor, input.shipmentId);
  if (visible.ownerId !== actor.id && visible.bookedById !== actor.id) {
    throw new AppError('FORBIDDEN', 'Only the sender pays this shipment online');
  }
  const shipment = (await lockShipment(tx, visible.id))!;
  if (shipment.status === 'Cancelled') throw fieldError('shipmentId', 'This shipment is cancelled: there is nothing to pay', 'RULE_BROKEN');
  const unpaid = shipment.totalInCents - (await amountPaidInCents(tx, shipment.id));
  if (unpaid <= 0) throw fieldError('shipmentId', 'This shipment is already paid in full', 'RULE_BROKEN');
  const [row] = await tx
    .insert(paymentRequests)
    .values({
      purpose: 'shipment_payment',
      channel: 'ewallet',
      provider: ctx.provider.name,
      amountInCents: unpaid,
      userId: actor.id,
      createdById: actor.id,
      shipmentId: shipment.id,
      methodDetails: { ewallet: input.ewallet },
    })
    .returning();
  const page = input.returnPath ?? `/packages/${shipment.trackingNumber}`;
  const successReturnUrl = returnUrl(ctx, page, { 'wallet-success': 'true', method: 'ewallet', amount: unpaid });
  const failureReturnUrl = returnUrl(ctx, page, { failure: 'true', method: 'ewallet', amount: unpaid });
  const charged = await ctx.provider.charge({
    referenceId: row!.id,
    amountInCents: unpaid,
    channel: 'ewallet',
    ewallet: input.ewallet,
    description: `Hatid shipment ${shipment.trackingNumber}`,
    successReturnUrl,
    failureReturnUrl,
    idempotencyKey: row!.id,
  });
  const [startedRow] = await tx
    .update(paymentRequests)
    .set({
      providerRequestId: charged.providerRequestId,
      status: charged.status,
      checkoutUrl: charged.checkoutUrl,
      methodDetails: { ewallet: input.ewallet, successReturnUrl, failureReturnUrl, trackingNumber: shipment.trackingNumber },
      updatedAt: new Date(),
    })
    .where(eq(paymentRequests.id, row!.id))
    .returning();
  return toPaymentRequestDto(startedRow!);
}
