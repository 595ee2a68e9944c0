import type { Ewallet } from '@hatid/domain';
import type { Db, Tx } from '../../db/client.js';
import { paymentRequests } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { assertPaymentOptionOn } from '../flags/index.js';
import { lockShipment } from '../shipments/index.js';
import { findVisibleShipment } from '../shipments/index.js';
import { amountPaidInCents } from '../shipments/index.js';
import { returnUrl, type PaymentsContext } from './context.js';
import type { ReservedDetails } from './provider-start.js';

/**
 * E-wallet checkout of a shipment (POST /payments/requests/ewallet/checkout): the sender pays what is still
 * unpaid with GCash or Maya without going through the wallet. The confirmed payment becomes one of the
 * shipment's transactions (webhook.service.ts), and its payment status follows. The return page gets
 * wallet-success / failure so the shipment page can say how it went. Reserved here, in the caller's
 * transaction; the provider is called after it commits (provider-start.ts). Returns our request id.
 */
export async function startShipmentCheckout(
  ctx: PaymentsContext,
  tx: Tx,
  actor: Actor,
  input: { shipmentId: string; ewallet: Ewallet; returnPath?: string },
): Promise<string> {
  await assertPaymentOptionOn(tx, ctx.env, 'ewallet', 'ewallet');
  const visible = await findVisibleShipment(tx as unknown as Db, actor, input.shipmentId);
  if (visible.ownerId !== actor.id && visible.bookedById !== actor.id) {
    throw new AppError('FORBIDDEN', 'Only the sender pays this shipment online');
  }
  const shipment = (await lockShipment(tx, visible.id))!;
  if (shipment.status === 'Cancelled') throw fieldError('shipmentId', 'This shipment is cancelled: there is nothing to pay', 'RULE_BROKEN');
  const unpaid = shipment.totalInCents - (await amountPaidInCents(tx, shipment.id));
  if (unpaid <= 0) throw fieldError('shipmentId', 'This shipment is already paid in full', 'RULE_BROKEN');
  const page = input.returnPath ?? `/packages/${shipment.trackingNumber}`;
  const details: ReservedDetails = {
    description: `Hatid shipment ${shipment.trackingNumber}`,
    successReturnUrl: returnUrl(ctx, page, { 'wallet-success': 'true', method: 'ewallet', amount: unpaid }),
    failureReturnUrl: returnUrl(ctx, page, { failure: 'true', method: 'ewallet', amount: unpaid }),
    ewallet: input.ewallet,
    trackingNumber: shipment.trackingNumber,
  };
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
      methodDetails: { ...details },
    })
    .returning({ id: paymentRequests.id });
  return row!.id;
}
