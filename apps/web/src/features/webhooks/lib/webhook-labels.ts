import type { AppAbility, RoleName, WebhookDeliveryStatus, WebhookEndpointDto, WebhookEndpointStatus, WebhookEventType } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

// An endpoint's status, a delivery's and the events, in the reader's language (issue 32); the stored values
// (and the event codes an integration reads) stay as they are. Say one with `i18n._(WEBHOOK_STATUS_LABELS[status])`.
export const WEBHOOK_STATUS_LABELS: Record<WebhookEndpointStatus, MessageDescriptor> = { active: msg`Active`, disabled: msg`Switched off` };
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'webhook delivery' }),
  succeeded: msg`Delivered`,
  failed: msg`Failed`,
};
/** The domain's WEBHOOK_EVENT_LABELS, as a person reads them. */
export const WEBHOOK_EVENT_NAMES: Record<WebhookEventType, MessageDescriptor> = {
  'shipment.booked': msg`Booked`,
  'shipment.status_changed': msg`Each delivery status change`,
  'shipment.delivered': msg`Delivered`,
  'shipment.delivery_failed': msg`Failed delivery`,
  'shipment.returned': msg`Returned to the sender`,
  'shipment.cancelled': msg`Cancelled`,
  'payment.received': msg`Payment received`,
};

/** Why an endpoint is off, in a few words. */
export function disabledWhy(endpoint: Pick<WebhookEndpointDto, 'status' | 'disabledReason'>): string | null {
  if (endpoint.status !== 'disabled') return null;
  return endpoint.disabledReason === 'failing' ? t`Every attempt failed for 24 hours` : t`Switched off by hand`;
}

/** Business admins and admins change endpoints; staff look (`view Webhook` without `manage`). */
export const managesWebhooks = (ability: AppAbility) => ability.can('update', 'Webhook');

/** Staff and admins see every business's endpoints, so the list names the business and an admin picks it when adding. */
export const seesEveryBusiness = (roles: readonly RoleName[]) => roles.some((r) => r === 'admin' || r === 'super_admin' || r === 'staff');
export const choosesBusiness = (roles: readonly RoleName[]) => !roles.includes('business_admin') && roles.some((r) => r === 'admin' || r === 'super_admin');

/** What an endpoint is called in titles and messages: its description, else its URL's host and path. */
export function endpointName(endpoint: Pick<WebhookEndpointDto, 'url' | 'description'>): string {
  if (endpoint.description) return endpoint.description;
  try {
    const u = new URL(endpoint.url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return endpoint.url;
  }
}
