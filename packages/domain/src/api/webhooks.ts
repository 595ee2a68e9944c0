import { z } from 'zod';
import { pageQuery } from './common.js';

/**
 * Business webhooks (DECISIONS "Business webhooks"; docs/webhooks.md; docs/decisions.md "Issue 33: webhooks").
 * A business admin registers endpoints and picks events; each event is POSTed as `{ id, type, createdAt, data }`
 * with `Hatid-Signature: t=<unix>,v1=<hex>`, v1 = HMAC-SHA256(secret, `${t}.${rawBody}`).
 */
export const WEBHOOK_EVENT_TYPES = [
  'shipment.booked',
  'shipment.status_changed',
  'shipment.delivered',
  'shipment.delivery_failed',
  'shipment.returned',
  'shipment.cancelled',
  'payment.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'shipment.booked': 'Booked',
  'shipment.status_changed': 'Each delivery status change',
  'shipment.delivered': 'Delivered',
  'shipment.delivery_failed': 'Failed delivery',
  'shipment.returned': 'Returned to the sender',
  'shipment.cancelled': 'Cancelled',
  'payment.received': 'Payment received',
};

export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];
/** Why an endpoint is off: by hand, or it kept failing for 24 hours. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const url = z
  .string('Enter the endpoint URL')
  .trim()
  .max(2000, 'At most 2000 characters')
  .refine((v) => {
    try {
      const parsed = new URL(v);
      return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password && Boolean(parsed.hostname);
    } catch {
      return false;
    }
  }, 'Enter an http:// or https:// URL without a user name or password');
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, `Choose among ${WEBHOOK_EVENT_TYPES.join(', ')}`))
  .min(1, 'Choose at least one event')
  .transform((s) => WEBHOOK_EVENT_TYPES.filter((t) => s.includes(t)));
const description = z.string().trim().max(200, 'At most 200 characters');

export const createWebhookEndpointBody = z.object({
  url,
  events,
  description: description.optional(),
  /** Staff and admins name the business; a business admin's is their own. */
  businessId: z.uuid('Choose the business').optional(),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointBody>;
export type CreateWebhookEndpointBody = z.output<typeof createWebhookEndpointBody>;

export const updateWebhookEndpointBody = z
  .object({
    url: url.optional(),
    events: events.optional(),
    description: description.optional(),
    /** false switches it off; true on again (a switched-off endpoint's waiting deliveries then go out). */
    enabled: z.boolean('Say true or false').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Change the URL, events, description or whether it is on' });
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointBody>;
export type UpdateWebhookEndpointBody = z.output<typeof updateWebhookEndpointBody>;

export const webhookEndpointListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES, 'Choose active or disabled').optional(),
});
export type WebhookEndpointListQuery = z.infer<typeof webhookEndpointListQuery>;

export const webhookEndpointIdParams = z.object({ id: z.uuid('Webhook endpoint not found') });
export const webhookDeliveryParams = z.object({ id: z.uuid('Webhook endpoint not found'), deliveryId: z.uuid('Delivery not found') });

export const webhookEndpointDto = z.object({
  id: z.string(),
  businessId: z.string(),
  businessName: z.string().nullable(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: z.string().nullable(),
  /** Since when every attempt has failed (null while the last attempt succeeded). */
  failingSince: z.string().nullable(),
  /** The secret's first characters (not secret): tells a rotated secret from the old one. */
  secretHint: z.string(),
  pendingDeliveries: z.number(),
  failedDeliveries: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointDto>;

/** Creating an endpoint and rotating its secret answer the secret, this once. */
export const webhookEndpointWithSecretDto = webhookEndpointDto.extend({ secret: z.string() });
export type WebhookEndpointWithSecretDto = z.infer<typeof webhookEndpointWithSecretDto>;

export const webhookDeliveryListQuery = pageQuery.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, 'Choose pending, succeeded or failed').optional(),
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuery>;

export const webhookAttemptDto = z.object({
  at: z.string(),
  /** The receiver's HTTP status, or null when no answer came (refused, timeout, blocked address). */
  statusCode: z.number().nullable(),
  latencyMs: z.number(),
  error: z.string().nullable(),
  /** The answer's first bytes (up to 4 KB). */
  responseExcerpt: z.string().nullable(),
});
export type WebhookAttemptDto = z.infer<typeof webhookAttemptDto>;

export const webhookDeliveryDto = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  trackingNumber: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  attemptLog: z.array(webhookAttemptDto),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>;

export const webhookReplayDto = z.object({ replayed: z.number() });
export type WebhookReplayDto = z.infer<typeof webhookReplayDto>;
