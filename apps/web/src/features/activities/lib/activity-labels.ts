import type { ActivityCategory, ActivityLogDto } from '@hatid/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The activity log's stored values in the reader's language (issue 32): categories, actions and the kinds of
 * record. The stored values stay the server's English; one this table does not know is shown as stored.
 */
export const ACTIVITY_CATEGORY_NAMES: Record<ActivityCategory, MessageDescriptor> = {
  shipments: msg`Shipments`,
  delivery_status: msg`Delivery status`,
  rider_assignment: msg`Rider assignment`,
  payments: msg`Payments`,
  pricing: msg`Pricing`,
  'promo-codes': msg`Promo codes`,
  tickets: msg`Tickets`,
  reviews: msg`Reviews`,
  businesses: msg`Clients`,
  partners: msg`Partners`,
  hubs: msg`Drop-off hubs`,
  couriers: msg`Couriers`,
  consolidations: msg`Consolidations`,
  'hand-offs': msg`Partner hand-offs`,
  users: msg`Users`,
  riders: msg`Riders`,
  collections: msg`Cash collections`,
  'api-keys': msg`API keys`,
  manual: msg`Notes`,
};

export const ACTION_NAMES: Record<Exclude<ActivityLogDto['action'], 'NOTE'>, MessageDescriptor> = {
  ACTIVATED: msg`Activated`,
  // The action, not a date column's "Created" ("Ginawa noong").
  CREATED: msg({ message: 'Created', context: 'activity action' }),
  DEACTIVATED: msg`Deactivated`,
  DELETED: msg`Deleted`,
  TIME_IN: msg`Timed in`,
  TIME_OUT: msg`Timed out`,
  UPDATED: msg`Updated`,
};

/** The kinds of record the server logs (its entity names), as staff call them. */
const ENTITY_NAMES: Record<string, MessageDescriptor> = {
  ApiKey: msg`API key`,
  Billing: msg`Billing`,
  BillingAttachment: msg`Billing attachment`,
  BillingPayment: msg`Billing payment`,
  Business: msg`Business`,
  BusinessAddress: msg`Business address`,
  Collection: msg`Collection`,
  Consolidation: msg`Consolidation`,
  Courier: msg`Courier`,
  CoveredProvince: msg`Covered province`,
  Flag: msg`Flag`,
  Hub: msg`Hub`,
  Invoice: msg`Invoice`,
  Partner: msg`Partner`,
  PaymentLink: msg`Payment link`,
  PricingConfig: msg`Pricing config`,
  PromoCode: msg`Promo code`,
  Review: msg`Review`,
  Shipment: msg`Shipment`,
  Sms: msg({ context: 'a text message', message: 'SMS' }),
  Ticket: msg`Ticket`,
  Transaction: msg`Transaction`,
  User: msg`User`,
  Wallet: msg`Wallet`,
};

export function categoryName(i18n: I18n, category: string): string {
  const name = ACTIVITY_CATEGORY_NAMES[category as ActivityCategory];
  return name ? i18n._(name) : category;
}

/** "PromoCode" → "Promo code" (in the reader's language); a kind the table does not know is spelled out from its name. */
export function entityName(i18n: I18n, entity: string): string {
  const name = ENTITY_NAMES[entity];
  if (name) return i18n._(name);
  const words = entity.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
}
