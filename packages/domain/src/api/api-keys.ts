import { z } from 'zod';
import { mobileNumberSchema } from '../validation/index.js';
import { pageQuery } from './common.js';
import { otpSchema } from './users.js';

/**
 * API keys (api-catalogue "API keys"; DECISIONS "API keys and external sources"): a business books and reads
 * its shipments from its own systems. A key is shown once, stored hashed, and can be revoked. It acts as the
 * business admin who made it, on the shipment calls its scopes allow and no others.
 */
export const API_KEY_SCOPES = ['shipments:read', 'shipments:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'shipments:read': 'Read shipments, tracking and waybills',
  'shipments:write': 'Book and cancel shipments',
};
/** What bookings made with a key are marked (shipments.source): a business's own system, or its Shopify shop. */
export const API_KEY_SOURCES = ['external', 'shopify'] as const;
export type ApiKeySource = (typeof API_KEY_SOURCES)[number];
export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];
/**
 * Why a key is revoked: by hand (DELETE /api-keys/{id}), or because its maker left the business, was
 * deactivated or is no longer its business admin (keys belong to the business; docs/decisions.md
 * "API keys after their maker leaves").
 */
export const API_KEY_REVOKED_REASONS = ['manual', 'maker_left_business', 'maker_deactivated', 'maker_not_business_admin'] as const;
export type ApiKeyRevokedReason = (typeof API_KEY_REVOKED_REASONS)[number];
/** The reason as the key list and the notification say it, naming the maker. */
export function apiKeyRevokedReasonText(reason: ApiKeyRevokedReason | string, makerName: string): string {
  switch (reason) {
    case 'maker_left_business':
      return `${makerName}, who made it, left the business`;
    case 'maker_deactivated':
      return `${makerName}, who made it, was deactivated`;
    case 'maker_not_business_admin':
      return `${makerName}, who made it, is no longer a business admin`;
    default:
      return 'Revoked by hand';
  }
}

const name = z.string('Name the key').trim().min(2, 'Name the key (at least 2 characters)').max(60, 'At most 60 characters');
const scopes = z
  .array(z.enum(API_KEY_SCOPES, 'Choose shipments:read or shipments:write'))
  .min(1, 'Choose at least one scope')
  .transform((s) => [...new Set(s)].sort());
/** A future instant, or null for a key that does not expire. */
const expiresAt = z.iso
  .datetime({ offset: true, message: 'Use a date and time with its offset' })
  .refine((v) => Date.parse(v) > Date.now(), 'Choose a time in the future')
  .nullable();

export const createApiKeyBody = z.object({
  name,
  scopes: scopes.default(['shipments:read', 'shipments:write']),
  expiresAt: expiresAt.optional(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyBody>;
export type CreateApiKeyBody = z.output<typeof createApiKeyBody>;

export const updateApiKeyBody = z
  .object({ name: name.optional(), scopes: scopes.optional(), expiresAt: expiresAt.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Change the name, scopes or expiry' });
export type UpdateApiKeyInput = z.input<typeof updateApiKeyBody>;
export type UpdateApiKeyBody = z.output<typeof updateApiKeyBody>;

export const apiKeyListQuery = pageQuery.extend({
  /** Part of the key's name, or its prefix. */
  search: z.string().trim().max(60).optional(),
  status: z.enum(API_KEY_STATUSES, 'Choose active, expired or revoked').optional(),
});
export type ApiKeyListQuery = z.infer<typeof apiKeyListQuery>;

export const apiKeyIdParams = z.object({ id: z.uuid('API key not found') });

export const apiKeyDto = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (not secret): how people tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  source: z.enum(API_KEY_SOURCES),
  status: z.enum(API_KEY_STATUSES),
  userId: z.string(),
  userName: z.string(),
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Why it is revoked (null while it is not). */
  revokedReason: z.enum(API_KEY_REVOKED_REASONS).nullable(),
  /** Who revoked it, or whose change to its maker did; null when nobody did (found at its next use). */
  revokedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;

/** POST /api-keys answers the key itself, this once. */
export const createdApiKeyDto = apiKeyDto.extend({ key: z.string() });
export type CreatedApiKeyDto = z.infer<typeof createdApiKeyDto>;

/** A Shopify shop's own address, `<shop>.myshopify.com` (any case and spaces around are accepted). */
export const shopDomainSchema = z
  .string('Enter the shop address')
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$/, 'Enter the shop address, like my-shop.myshopify.com');

/**
 * The Shopify connection (GET /sms/otp/shopify, POST /sms/otp/shopify/verification): the shop's app asks for
 * a code to the shop owner's mobile number (a Hatid business admin's), and on the right code gets a key that
 * books for that business with source `shopify`. Step 1 may name the shop (`shopDomain`, optional as in the
 * catalogue): the SMS then names it and the code connects only that shop.
 */
export const shopifyOtpQuery = z.object({ mobileNumber: mobileNumberSchema, shopDomain: shopDomainSchema.optional() });
export const shopifyVerificationBody = z.object({
  mobileNumber: mobileNumberSchema,
  otp: otpSchema,
  shopDomain: shopDomainSchema,
});
export type ShopifyVerificationInput = z.input<typeof shopifyVerificationBody>;
