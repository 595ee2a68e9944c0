import type { FastifyInstance } from 'fastify';
import { appEvent, channels } from '../../platform/events/index.js';
import type { NotifyInput } from '../notifications/index.js';
import { announceWalletChanged } from '../wallet/index.js';
import type { WebhookOutcome } from './webhook.service.js';

/**
 * The notification a credited payment leaves, written in the webhook's own transaction (with its done mark), so a
 * crash after the commit cannot lose it; its real-time hint goes out with the announcement below.
 */
export function webhookNotification(result: WebhookOutcome): NotifyInput | null {
  if (result.outcome !== 'credited' || !('request' in result)) return null;
  const { request } = result;
  if (request.purpose === 'wallet_top_up') return { userIds: [request.userId], type: 'wallet_topped_up', metadata: { amountInCents: request.amountInCents } };
  if (request.purpose === 'shipment_payment' && result.trackingNumber) {
    return { userIds: [request.userId], type: 'payment_received', metadata: { amountInCents: request.amountInCents, trackingNumber: result.trackingNumber } };
  }
  return null;
}

/**
 * What the people concerned hear after a webhook committed: the payer's open pages refetch (a QR payment
 * announces QR_PAYMENT_COMPLETED, so the page showing the code moves on without a reload), and a credited
 * payment leaves a notification. Hints only: ids, amounts and statuses.
 */
export async function announceWebhook(app: FastifyInstance, result: WebhookOutcome): Promise<void> {
  if (result.outcome === 'linked' || result.outcome === 'link_failed') {
    await announceWalletChanged(app, result.userId, { paymentMethodId: result.paymentMethodId, link: result.outcome });
    return;
  }
  if (!('request' in result)) return;
  const { request } = result;
  const hint = { paymentRequestId: request.id, status: request.status, amountInCents: request.amountInCents, outcome: result.outcome };
  if (request.channel === 'qr') {
    await app.events.publish(appEvent('QR_PAYMENT_COMPLETED', [channels.user(request.userId)], hint));
  }
  if (request.purpose === 'wallet_top_up') {
    await announceWalletChanged(app, request.userId, hint);
    return;
  }
  if (request.purpose === 'shipment_payment' && result.outcome === 'credited' && result.trackingNumber) {
    const tn = result.trackingNumber;
    await app.events.publish(
      appEvent('PAYMENT_UPDATED', [channels.user(request.userId), channels.shipment(tn), channels.admin], {
        ...hint,
        shipmentId: request.shipmentId,
        trackingNumber: tn,
      }),
    );
  } else if (request.purpose === 'shipment_payment') {
    await app.events.publish(appEvent('PAYMENT_UPDATED', [channels.user(request.userId), channels.admin], { ...hint, shipmentId: request.shipmentId }));
  }
}
