import { z } from 'zod';
import { LANGUAGES } from '../i18n/index.js';
import { mobileNumberSchema, nameSchema } from '../validation/index.js';

/** Request and response shapes of the sign-in and account calls, shared by server routes and web forms. */

export const ROLE_NAMES = [
  'admin',
  'business_admin',
  'business_member',
  'consolidator',
  'customer',
  'rider',
  'sales_agent',
  'service_partner',
  'ssp',
  'staff',
  'super_admin',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const ACCOUNT_TYPES = ['individual', 'business'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'INVITED'] as const;

export const OTP_LENGTH = 6;

export const sendOtpBody = z.object({ mobileNumber: mobileNumberSchema });

/** POST /sms/forwardToSmsService: staff text a customer (about a shipment) through the SMS gateway. */
export const forwardSmsBody = z.object({
  mobileNumber: mobileNumberSchema,
  message: z.string('Write the message').trim().min(1, 'Write the message').max(480, 'Keep the message to 480 characters (3 SMS)'),
  /** The shipment the message is about, for the activity log. */
  trackingNumber: z.string().trim().min(1).max(40).optional(),
});
export const forwardSmsResult = z.object({ sent: z.literal(true), to: z.string(), segments: z.number().int() });
export const sendOtpResult = z.object({ expiresInSeconds: z.number(), resendAfterSeconds: z.number() });

export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code we sent you');
export const verifyOtpBody = z.object({ mobileNumber: mobileNumberSchema, otp: otpSchema });

export const agentCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, 'Agent codes are 4 to 16 letters or digits');
/** An agent code in a path: GET /users/agent-code/validity/{agentCode} and /users/agent-code/user/{agentCode}. */
export const agentCodeParams = z.object({ agentCode: agentCodeSchema });

export const registerCustomerBody = z
  .object({
    registrationToken: z.string().min(1),
    firstName: nameSchema,
    lastName: nameSchema,
    accountType: z.enum(ACCOUNT_TYPES),
    businessName: z.string().trim().max(200).optional(),
    email: z.email('Enter a valid email address').optional(),
    agentCode: agentCodeSchema.optional(),
  })
  .refine((b) => b.accountType !== 'business' || (b.businessName ?? '').length > 0, {
    path: ['businessName'],
    message: 'Business name is required for a business account',
  });

export const passwordSchema = z.string().min(10, 'Password must be at least 10 characters').max(200, 'Password must be at most 200 characters');

export const loginWithEmailBody = z.object({
  email: z.email('Enter a valid email address'),
  password: z.string().min(1).max(200),
});

export const registerWithEmailBody = z.object({
  token: z.string().min(1),
  firstName: nameSchema,
  lastName: nameSchema,
  password: passwordSchema,
});

export const updateMeBody = z.object({
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
  email: z.email('Enter a valid email address').nullable().optional(),
  /** The language the person reads: the web app's switch sends it. */
  language: z.enum(LANGUAGES, 'Choose English or Filipino').optional(),
});

export const roleDto = z.object({ id: z.number(), name: z.enum(ROLE_NAMES) });

export const userDto = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  mobileNumber: z.string().nullable(),
  /** The account's email (sign-in, receipts); a new one asked for in the profile waits in `pendingEmail`. */
  email: z.string().nullable(),
  /** Whether the owner proved `email` (a link sent to it, an invitation, or Google vouching for it). */
  emailVerified: z.boolean(),
  accountType: z.enum(ACCOUNT_TYPES),
  businessName: z.string().nullable(),
  /** The business the person belongs to (GET /businesses/{id} reads it, e.g. whether it books on account). */
  businessId: z.string().nullable(),
  agentCode: z.string().nullable(),
  usedAgentCode: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  isEmployee: z.boolean(),
  roles: z.array(roleDto),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

/**
 * The signed-in person's own account (GET /users/me, PUT /users/update/me): the user plus the new email
 * waiting for its link to be opened (null when none). The account's email changes once the link is opened.
 */
/**
 * The signed-in person, with their language (null until chosen: the web app then sets the one they are reading in).
 * `language` is DECISIONS.md's `preferredLanguage`; the web app, SMS, push and email follow it.
 */
export const meDto = userDto.extend({ pendingEmail: z.string().nullable(), language: z.enum(LANGUAGES).nullable() });
export type MeDto = z.infer<typeof meDto>;

/** POST /users/email-verification: the token from the link sent to the email (works signed out). */
export const emailVerificationBody = z.object({
  token: z.string('Open the link from the email again').min(1, 'Open the link from the email again').max(200, 'This link is not valid'),
});
export const emailVerificationResult = z.object({ email: z.string() });

/** POST /users/email-verification/resend: where the new link went. */
export const emailVerificationResendResult = z.object({ sentTo: z.string() });

/** How many links to prove an email one account may be sent in an hour (profile changes and resends). */
export const EMAIL_PROOF_LINKS_PER_HOUR = 5;
/** How long such a link works. */
export const EMAIL_PROOF_TTL_HOURS = 24;

/** verifyOtp either signs a known number in, or hands back a token to finish registration with. */
export const verifyOtpResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), user: userDto }),
  z.object({ status: z.literal('registration_required'), registrationToken: z.string() }),
]);
export type VerifyOtpResult = z.infer<typeof verifyOtpResult>;

export const agentCodeValidity = z.object({ agentCode: z.string(), valid: z.boolean() });
