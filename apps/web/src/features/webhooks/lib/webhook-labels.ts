import type { AppAbility, RoleName, WebhookDeliveryStatus, WebhookEndpointDto, WebhookEndpointStatus } from '@hatid/domain';

export const WEBHOOK_STATUS_LABELS: Record<WebhookEndpointStatus, string> = { active: 'Active', disabled: 'Switched off' };
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' };

/** Why an endpoint is off, in a few words. */
export function disabledWhy(endpoint: Pick<WebhookEndpointDto, 'status' | 'disabledReason'>): string | null {
  if (endpoint.status !== 'disabled') return null;
  return endpoint.disabledReason === 'failing' ? 'Every attempt failed for 24 hours' : 'Switched off by hand';
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
