import { z } from 'zod';
import { mobileNumberSchema, nameSchema } from '../validation/index.js';
import { addressDto, addressInput } from './addresses.js';
import { pageQuery } from './common.js';

/**
 * Businesses (the console's /clients screen and the customer's own business): api-catalogue "Boxes and
 * businesses", docs/decisions.md "Businesses and clients".
 */

/** The two roles a person holds in a business (users.business_id says which business). */
export const BUSINESS_MEMBER_ROLES = ['business_admin', 'business_member'] as const;
export type BusinessMemberRole = (typeof BUSINESS_MEMBER_ROLES)[number];

export const BUSINESS_LIMITS = {
  maxAddresses: 50,
  maxPaymentTermsInDays: 365,
  /** ₱100,000,000. */
  maxCreditLimitInCents: 10_000_000_000,
  /** Members added or removed by one PATCH. */
  maxMemberChanges: 50,
} as const;

export const BUSINESS_MESSAGES = {
  name: 'Enter the business name',
  tin: 'Enter the TIN as 000-000-000 or 000-000-000-000 (branch code)',
  member: "Give the member's user id or mobile number, or invite a new person",
  ownerOnce: 'Pick an existing person or invite a new one, not both',
  nothingToChange: 'Send at least one field to change',
} as const;

export const businessNameSchema = z.string().trim().min(1, BUSINESS_MESSAGES.name).max(150, 'At most 150 characters');

/** BIR taxpayer identification number: 9 digits, optionally a 3- or 5-digit branch code; kept as 000-000-000-000. */
export const tinSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^(\d{9}|\d{12}|\d{14})$/.test(v), BUSINESS_MESSAGES.tin)
  .transform((v) => [v.slice(0, 3), v.slice(3, 6), v.slice(6, 9), v.slice(9)].filter(Boolean).join('-'));

const emailSchema = z
  .email('Enter a valid email address')
  .max(254)
  .transform((v) => v.toLowerCase());

/** Invoice-account settings (the "set invoice account" modal); staff and admins only. */
export const invoiceAccountInput = z.object({
  invoiceBillingEnabled: z.boolean().optional(),
  paymentTermsInDays: z
    .number()
    .int('Enter whole days')
    .min(0, 'Value must be at least 0')
    .max(BUSINESS_LIMITS.maxPaymentTermsInDays, `Value must not exceed ${BUSINESS_LIMITS.maxPaymentTermsInDays}`)
    .optional(),
  creditLimitInCents: z
    .number()
    .int('Enter the limit in whole centavos')
    .min(0, 'Value must be at least 0')
    .max(BUSINESS_LIMITS.maxCreditLimitInCents, `Value must not exceed ${BUSINESS_LIMITS.maxCreditLimitInCents}`)
    .optional(),
});
export type InvoiceAccountInput = z.input<typeof invoiceAccountInput>;

/**
 * Someone without an account whom client staff sign up for a business (its owner or a member): a customer
 * account on this mobile number, which they open with a one-time code; the email becomes theirs once they
 * open the link sent to it (docs/decisions.md, issue 29 item 2).
 */
export const newPersonInput = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  mobileNumber: mobileNumberSchema,
  email: emailSchema.optional(),
});
export type NewPersonInput = z.input<typeof newPersonInput>;

/**
 * A person to add to a business (or whose role changes): by user id (staff), mobile number (business
 * admins), or a new person signed up for it (`newPerson`, client staff).
 */
export const businessMemberInput = z
  .object({
    userId: z.uuid('Choose a person from the list').optional(),
    mobileNumber: mobileNumberSchema.optional(),
    newPerson: newPersonInput.optional(),
    role: z.enum(BUSINESS_MEMBER_ROLES).default('business_member'),
  })
  .refine((m) => (m.userId ? 1 : 0) + (m.mobileNumber ? 1 : 0) + (m.newPerson ? 1 : 0) === 1, { path: ['mobileNumber'], message: BUSINESS_MESSAGES.member });
export type BusinessMemberInput = z.input<typeof businessMemberInput>;

/**
 * POST /businesses. A customer creates their own business and becomes its admin; staff, ssp and admins
 * create one for a client (`ownerId`: a customer-side account that becomes its admin, or `newOwner`, someone
 * signed up for it) and may set the
 * account manager and the invoice account. `address` becomes its default address.
 */
export const createBusinessBody = z
  .object({
    name: businessNameSchema,
    email: emailSchema.nullish(),
    mobileNumber: mobileNumberSchema.nullish(),
    tin: tinSchema.nullish(),
    address: addressInput.optional(),
    ownerId: z.uuid('Choose a person from the list').optional(),
    /** Client staff: an owner without an account yet, signed up with the business (see newPersonInput). */
    newOwner: newPersonInput.optional(),
    accountManagerId: z.uuid('Choose a person from the list').nullish(),
    invoiceAccount: invoiceAccountInput.optional(),
  })
  .refine((b) => !(b.ownerId && b.newOwner), { path: ['newOwner'], message: BUSINESS_MESSAGES.ownerOnce });
export type CreateBusinessInput = z.input<typeof createBusinessBody>;
export type CreateBusinessBody = z.output<typeof createBusinessBody>;

/**
 * PATCH /businesses/{id}: any subset; null clears. Profile fields: the business's admins, its owner and
 * client staff; `isActive`, `accountManagerId` and `invoiceAccount`: staff and admins; members: its admins
 * and client staff.
 */
export const updateBusinessBody = z
  .object({
    name: businessNameSchema.optional(),
    email: emailSchema.nullish(),
    mobileNumber: mobileNumberSchema.nullish(),
    tin: tinSchema.nullish(),
    isActive: z.boolean().optional(),
    accountManagerId: z.uuid('Choose a person from the list').nullish(),
    invoiceAccount: invoiceAccountInput.optional(),
    addMembers: z.array(businessMemberInput).max(BUSINESS_LIMITS.maxMemberChanges).optional(),
    removeMemberIds: z.array(z.uuid('Choose a member from the list')).max(BUSINESS_LIMITS.maxMemberChanges).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: BUSINESS_MESSAGES.nothingToChange });
export type UpdateBusinessInput = z.input<typeof updateBusinessBody>;
export type UpdateBusinessBody = z.output<typeof updateBusinessBody>;

export const businessListQuery = pageQuery.extend({
  /** Part of the name or email (any case), a TIN, or a mobile number. */
  search: z.string().trim().max(100).optional(),
});
export type BusinessListQuery = z.infer<typeof businessListQuery>;

export const businessIdParams = z.object({ id: z.uuid('Business not found') });

/** GET /businesses/address: the addresses of `businessId`, or of the caller's own business. */
export const businessAddressQuery = z.object({ businessId: z.uuid('Business not found').optional() });

/** POST /businesses/address: a saved-address form, for `businessId` or the caller's own business. */
export const createBusinessAddressBody = addressInput.extend({ businessId: z.uuid('Business not found').optional() });
export type CreateBusinessAddressInput = z.input<typeof createBusinessAddressBody>;
export type CreateBusinessAddressBody = z.output<typeof createBusinessAddressBody>;

export const personRefDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
});
export type PersonRefDto = z.infer<typeof personRefDto>;

export const businessAddressDto = addressDto.extend({ businessId: z.string() });
export type BusinessAddressDto = z.infer<typeof businessAddressDto>;

export const businessMemberDto = personRefDto.extend({
  role: z.enum(BUSINESS_MEMBER_ROLES),
  status: z.string(),
  isOwner: z.boolean(),
});
export type BusinessMemberDto = z.infer<typeof businessMemberDto>;

export const invoiceAccountDto = z.object({
  invoiceBillingEnabled: z.boolean(),
  paymentTermsInDays: z.number().int(),
  creditLimitInCents: z.number().int(),
});
export type InvoiceAccountDto = z.infer<typeof invoiceAccountDto>;

/** A row of GET /businesses. */
export const businessDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  tin: z.string().nullable(),
  isActive: z.boolean(),
  owner: personRefDto.nullable(),
  accountManager: personRefDto.nullable(),
  invoiceAccount: invoiceAccountDto,
  memberCount: z.number().int(),
  defaultAddress: businessAddressDto.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BusinessDto = z.infer<typeof businessDto>;

/** GET /businesses/{id} (and the answers of create and change): with its members and addresses. */
export const businessDetailDto = businessDto.extend({
  members: z.array(businessMemberDto),
  addresses: z.array(businessAddressDto),
});
export type BusinessDetailDto = z.infer<typeof businessDetailDto>;
