import { formatMoney } from '../format/index.js';
import { apiKeyRevokedReasonText } from '../api/api-keys.js';
import type { NotificationType } from './kinds.js';

export interface NotificationText {
  title: string;
  message: string;
  /** The web app's page for it; null when there is none to open. */
  link: string | null;
}

type Metadata = Record<string, unknown> | null | undefined;

const str = (metadata: Metadata, key: string): string | undefined => {
  const v = metadata?.[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};
const cents = (metadata: Metadata, key: string): number | undefined => {
  const v = metadata?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};

/**
 * Title, message and page of a notification, from its kind and metadata only (the row stores no text, so
 * wording can change without a migration). Metadata keys: trackingNumber (shipment kinds, and payments for a
 * shipment), reason (delivery_failed, cancelled), amountInCents (payment_received, wallet_topped_up),
 * ticketId and status (ticket_updated; a reply adds reply 'support' | 'customer', subject and authorName). Missing keys give a shorter sentence, never "undefined".
 */
export function describeNotification(input: { type: NotificationType | string; metadata?: Metadata }): NotificationText {
  const { type, metadata } = input;
  const tn = str(metadata, 'trackingNumber');
  const parcel = tn ? `Your shipment ${tn}` : 'Your shipment';
  const reason = str(metadata, 'reason');
  const amount = cents(metadata, 'amountInCents');
  const money = amount === undefined ? undefined : formatMoney(amount);
  const shipmentLink = tn ? `/packages/${encodeURIComponent(tn)}` : '/packages';

  switch (type) {
    case 'shipment_booked':
      return { title: 'Shipment booked', message: `${parcel} is booked. We will let you know when a courier is on the way.`, link: shipmentLink };
    case 'courier_on_the_way':
      return { title: 'Courier on the way', message: `A courier is on the way to pick up ${tn ?? 'your shipment'}.`, link: shipmentLink };
    case 'picked_up':
      return { title: 'Package picked up', message: `${parcel} has been picked up and is on its way.`, link: shipmentLink };
    case 'out_for_delivery':
      return { title: 'Out for delivery', message: `${parcel} is out for delivery.`, link: shipmentLink };
    case 'delivered':
      return { title: 'Delivered', message: `${parcel} has been delivered.`, link: shipmentLink };
    case 'delivery_failed':
      return {
        title: 'Delivery failed',
        message: `We could not deliver ${tn ?? 'your shipment'}${reason ? `: ${reason}` : ''}. We will reach out to arrange another attempt.`,
        link: shipmentLink,
      };
    case 'cancelled':
      return { title: 'Shipment cancelled', message: `${parcel} has been cancelled${reason ? ` (${reason})` : ''}.`, link: shipmentLink };
    case 'payment_received':
      return {
        title: 'Payment received',
        message: `We received your payment${money ? ` of ${money}` : ''}${tn ? ` for ${tn}` : ''}. Thank you!`,
        link: tn ? shipmentLink : '/wallet',
      };
    case 'wallet_topped_up':
      return { title: 'Wallet topped up', message: `${money ?? 'Your top-up'} was added to your wallet.`, link: '/wallet' };
    case 'ticket_updated': {
      // A reply in the thread (issue 29 item 8): by support, told to the customer; by the customer, told to support.
      const reply = str(metadata, 'reply');
      const subject = str(metadata, 'subject');
      const about = subject ? ` "${subject}"` : '';
      if (reply === 'support') {
        return { title: 'New reply to your ticket', message: `Our support team replied to your ticket${about}.`, link: '/talk-to-us' };
      }
      if (reply === 'customer') {
        const author = str(metadata, 'authorName') ?? 'The customer';
        return { title: 'Customer replied', message: `${author} replied to the ticket${about}.`, link: '/tickets' };
      }
      const status = str(metadata, 'status');
      return {
        title: 'Ticket updated',
        message: status ? `Your support ticket is now ${status.replaceAll('_', ' ').toLowerCase()}.` : 'There is an update on your support ticket.',
        link: '/talk-to-us',
      };
    }
    case 'rider_assigned': {
      const leg = str(metadata, 'leg') === 'delivery' ? 'delivery' : 'pickup';
      return {
        title: leg === 'delivery' ? 'New delivery' : 'New pickup',
        message: `${tn ?? 'A shipment'} was assigned to you for ${leg}.`,
        link: tn ? `/rider/shipments/${encodeURIComponent(tn)}` : '/rider',
      };
    }
    case 'api_key_revoked': {
      const key = str(metadata, 'keyName');
      const prefix = str(metadata, 'prefix');
      const named = key ? ` "${key}"${prefix ? ` (${prefix})` : ''}` : prefix ? ` ${prefix}` : '';
      const reason = str(metadata, 'reason');
      const why = reason && reason !== 'manual' ? `: ${apiKeyRevokedReasonText(reason, str(metadata, 'makerName') ?? 'the person')}` : '';
      return { title: 'API key revoked', message: `The API key${named} was revoked${why}. Make a new key for the systems that used it.`, link: '/api-keys' };
    }
    default:
      // A kind this build does not know (a newer server): still show something, and link where it can.
      return { title: 'Notification', message: 'You have a new notification.', link: tn ? shipmentLink : null };
  }
}
