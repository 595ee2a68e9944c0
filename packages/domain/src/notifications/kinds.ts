/** Notification kinds of DECISIONS "Notifications"; the database CHECK and the API enum read this list. */
export const NOTIFICATION_TYPES = [
  'shipment_booked',
  'courier_on_the_way',
  'picked_up',
  'out_for_delivery',
  'delivered',
  'delivery_failed',
  'cancelled',
  'payment_received',
  'wallet_topped_up',
  'ticket_updated',
  // A dispatcher assigned a shipment's pickup or delivery to the rider (issue 11): links to the rider app.
  'rider_assigned',
  // A business's API key was revoked because its maker left, was deactivated or lost the admin role: told to
  // the business's other admins; links to the API keys screen.
  'api_key_revoked',
  // A business's webhook endpoint failed for 24 hours and was switched off (issue 33): told to the business's
  // admins; links to the webhooks screen.
  'webhook_disabled',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Kinds that are about one shipment; they link to /packages/{trackingNumber}. */
export const SHIPMENT_NOTIFICATION_TYPES = [
  'shipment_booked',
  'courier_on_the_way',
  'picked_up',
  'out_for_delivery',
  'delivered',
  'delivery_failed',
  'cancelled',
] as const satisfies readonly NotificationType[];

/** Kinds of device token: a Web Push subscription (VAPID) or a native app token. */
export const DEVICE_TOKEN_KINDS = ['web_push', 'fcm', 'apns'] as const;
export type DeviceTokenKind = (typeof DEVICE_TOKEN_KINDS)[number];
