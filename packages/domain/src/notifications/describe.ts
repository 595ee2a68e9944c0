import { formatMoney } from '../format/index.js';
import type { Language } from '../i18n/index.js';
import { NOTIFICATION_TEXTS } from '../texts/notifications.js';
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

type TextKey = keyof (typeof NOTIFICATION_TEXTS.messages)['en'];
const isKey = (key: string): key is TextKey => Object.hasOwn(NOTIFICATION_TEXTS.messages.en, key);

/**
 * A stored reason in the reader's language: a listed reason (the spec's English value) is translated, also when a
 * cancellation note follows it in brackets ("Changed my mind (moved the date)"); words a person typed stay theirs.
 */
function reasonText(language: Language, reason: string): string {
  const listed = /^(.*?)( \(.*\))?$/s.exec(reason);
  const key = `reason.${listed?.[1] ?? reason}`;
  return isKey(key) ? `${NOTIFICATION_TEXTS.messages[language][key]}${listed?.[2] ?? ''}` : reason;
}

/**
 * Title, message and page of a notification, from its kind and metadata only (the row stores no text, so
 * wording can change without a migration, and each reader reads it in their own language). Metadata keys:
 * trackingNumber (shipment kinds, and payments for a shipment), reason (delivery_failed, cancelled), amountInCents
 * (payment_received, wallet_topped_up), ticketId and status (ticket_updated; a reply adds reply 'support' |
 * 'customer', subject and authorName). Missing keys give a shorter sentence, never "undefined".
 */
export function describeNotification(input: { type: NotificationType | string; metadata?: Metadata }, language: Language = 'en'): NotificationText {
  const { type, metadata } = input;
  // Keys are picked at run time here (by kind, leg, reason), so the placeholders are checked by the catalogue test
  // (every message rendered in both languages) rather than by the compiler.
  const say = (key: TextKey, params?: Record<string, string | number>) =>
    (NOTIFICATION_TEXTS.t as (l: Language, k: TextKey, p?: Record<string, string | number>) => string)(language, key, params);
  const tn = str(metadata, 'trackingNumber');
  const parcel = tn ? say('shipment.parcel', { trackingNumber: tn }) : say('shipment.parcel_unnamed');
  const what = tn ? say('shipment.object', { trackingNumber: tn }) : say('shipment.your_shipment');
  const storedReason = str(metadata, 'reason');
  const reason = storedReason ? reasonText(language, storedReason) : undefined;
  const amount = cents(metadata, 'amountInCents');
  const money = amount === undefined ? undefined : formatMoney(amount, language);
  const shipmentLink = tn ? `/packages/${encodeURIComponent(tn)}` : '/packages';
  const onShipment = (kind: 'shipment_booked' | 'picked_up' | 'out_for_delivery' | 'delivered') => ({
    title: say(`${kind}.title`),
    message: say(`${kind}.message`, { parcel }),
    link: shipmentLink,
  });

  switch (type) {
    case 'shipment_booked':
    case 'picked_up':
    case 'out_for_delivery':
    case 'delivered':
      return onShipment(type);
    case 'courier_on_the_way':
      return { title: say('courier_on_the_way.title'), message: say('courier_on_the_way.message', { what }), link: shipmentLink };
    case 'delivery_failed':
      return {
        title: say('delivery_failed.title'),
        message: reason ? say('delivery_failed.message', { what, reason }) : say('delivery_failed.message_plain', { what }),
        link: shipmentLink,
      };
    case 'cancelled':
      return {
        title: say('cancelled.title'),
        message: reason ? say('cancelled.message', { parcel, reason }) : say('cancelled.message_plain', { parcel }),
        link: shipmentLink,
      };
    case 'payment_received': {
      const message =
        money && tn
          ? say('payment_received.message', { amount: money, trackingNumber: tn })
          : money
            ? say('payment_received.message_amount', { amount: money })
            : tn
              ? say('payment_received.message_parcel', { trackingNumber: tn })
              : say('payment_received.message_plain');
      return { title: say('payment_received.title'), message, link: tn ? shipmentLink : '/wallet' };
    }
    case 'wallet_topped_up':
      return {
        title: say('wallet_topped_up.title'),
        message: money ? say('wallet_topped_up.message', { amount: money }) : say('wallet_topped_up.message_plain'),
        link: '/wallet',
      };
    case 'ticket_updated': {
      // A reply in the thread (issue 29 item 8): by support, told to the customer; by the customer, told to support.
      const reply = str(metadata, 'reply');
      const subject = str(metadata, 'subject');
      if (reply === 'support') {
        return {
          title: say('ticket_reply_support.title'),
          message: subject ? say('ticket_reply_support.message', { subject }) : say('ticket_reply_support.message_plain'),
          link: '/talk-to-us',
        };
      }
      if (reply === 'customer') {
        const author = str(metadata, 'authorName');
        const message = author
          ? subject
            ? say('ticket_reply_customer.message', { author, subject })
            : say('ticket_reply_customer.message_unsubjected', { author })
          : subject
            ? say('ticket_reply_customer.message_anonymous', { subject })
            : say('ticket_reply_customer.message_plain');
        return { title: say('ticket_reply_customer.title'), message, link: '/tickets' };
      }
      const statusKey = `ticket_status.${str(metadata, 'status')?.toLowerCase()}`;
      return {
        title: say('ticket_updated.title'),
        message: isKey(statusKey) ? say('ticket_updated.message', { status: say(statusKey) }) : say('ticket_updated.message_plain'),
        link: '/talk-to-us',
      };
    }
    case 'rider_assigned': {
      const leg = str(metadata, 'leg') === 'delivery' ? 'delivery' : 'pickup';
      return {
        title: say(`rider_assigned.title_${leg}`),
        message: say(`rider_assigned.message_${leg}`, { what: tn ?? say('rider_assigned.a_shipment') }),
        link: tn ? `/rider/shipments/${encodeURIComponent(tn)}` : '/rider',
      };
    }
    case 'api_key_revoked': {
      const name = str(metadata, 'keyName');
      const prefix = str(metadata, 'prefix');
      const key = name
        ? prefix
          ? say('api_key_revoked.key_named', { name, prefix })
          : say('api_key_revoked.key_name_only', { name })
        : prefix
          ? ` ${prefix}`
          : '';
      const revoked = str(metadata, 'reason');
      const maker = str(metadata, 'makerName');
      const whyKey = `api_key_revoked.${revoked}${maker ? '' : '_unnamed'}`;
      const message =
        revoked && revoked !== 'manual' && isKey(whyKey)
          ? say('api_key_revoked.message_why', { key, why: say(whyKey, maker ? { maker } : {}) })
          : say('api_key_revoked.message', { key });
      return { title: say('api_key_revoked.title'), message, link: '/api-keys' };
    }
    case 'webhook_disabled': {
      const url = str(metadata, 'url');
      return {
        title: say('webhook_disabled.title'),
        message: url ? say('webhook_disabled.message', { url }) : say('webhook_disabled.message_plain'),
        link: '/webhooks',
      };
    }
    default:
      // A kind this build does not know (a newer server): still show something, and link where it can.
      return { title: say('unknown.title'), message: say('unknown.message'), link: tn ? shipmentLink : null };
  }
}
