import { subject } from '@casl/ability';
import { z } from 'zod';
import type { AppAbility } from '../abilities/define.js';
import { USER_LIST_STATUSES } from '../catalogue/enums.js';
import { trackingNumberSchema } from '../tracking-number/index.js';
import { nameSchema, textSchema, normalizeMobileNumber, VALIDATION_MESSAGES } from '../validation/index.js';
import { pageOf, pageQuery } from './common.js';
import { ACCOUNT_TYPES, ROLE_NAMES, agentCodeSchema, userDto, type RoleName } from './users.js';

/**
 * The back office's users calls (api-catalogue "Users"; docs/decisions.md "Users in the back office"):
 * lists with the spec's filters and status tabs, one user, invite, edit, activate/deactivate, employee
 * flags, the super admin transfer and contact support. Shared by the server routes and the web screens.
 */

/** How role names read in messages and on screen. */
export const ROLE_NAME_LABELS: Record<RoleName, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  staff: 'Staff',
  ssp: 'SSP',
  business_admin: 'Business admin',
  business_member: 'Business member',
  service_partner: 'Service partner',
  sales_agent: 'Sales agent',
  consolidator: 'Consolidator',
  rider: 'Rider',
  customer: 'Customer',
};

/**
 * The spec's `clientType` (product.md §3 "Account kinds: business, individual"): the kind of account,
 * stored in `users.account_type` (the same value as `accountType`).
 */
export const CLIENT_TYPES = ACCOUNT_TYPES;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** The user list's status tabs (product.md §3, `USER_LIST_STATUSES` of the catalogue); ALL is every status. */
export type UserListStatus = (typeof USER_LIST_STATUSES)[number];

/** Roles a support ticket may be assigned to: whoever may update tickets (§1, §6). */
export const TICKET_ASSIGNEE_ROLES = ['super_admin', 'admin', 'staff', 'ssp'] as const satisfies readonly RoleName[];
/** Staff-side people who may look after a business account (businesses.account_manager_id). */
export const ACCOUNT_MANAGER_ROLES = ['super_admin', 'admin', 'staff'] as const satisfies readonly RoleName[];

/** An invitation link works this long, once. */
export const INVITATION_TTL_DAYS = 7;
/** The web page an invitation link opens: `/register?token=…`. */
export const INVITATION_PATH = '/register';

export const USER_ADMIN_MESSAGES = {
  email: 'Enter a valid email address',
  roleRequired: 'Choose at least one role',
  unknownRole: `Choose roles from: ${ROLE_NAMES.join(', ')}`,
  roleNotAllowed: (role: RoleName) => `You may not give or take away the ${ROLE_NAME_LABELS[role]} role`,
  superAdminByTransfer: 'Super admin rights move only by a transfer',
  ownRoles: 'You cannot change your own roles',
  staffOnly: 'Only staff can change this',
  adminsOnly: "Only an admin can edit an admin's account",
  staffSignIn: 'Only an admin can change how a staff account signs in',
  emailTaken: 'This email is already used by another account',
  ownEmail: 'Change your own email from your profile: it changes once you open the link we send to it',
  mobileTaken: 'This mobile number is already used by another account',
  signInNeeded: 'An account needs an email or a mobile number to sign in with',
  businessName: 'Business name is required for a business account',
  unknownCity: 'Choose a city or municipality from the list',
  nothingToChange: 'Send at least one field to change',
  messageRequired: 'Tell us how we can help',
  emailRequired: 'Enter an email address: we send the invitation to it (only a rider may go without one)',
  riderMobile: 'A rider signs in with a mobile number: enter one',
} as const;

/**
 * Riders sign in with a code sent to their mobile number (the rider app), so a rider's account needs one;
 * an account whose only role is rider needs no email (issue 29, item 19).
 */
export const MOBILE_SIGN_IN_ROLES = ['rider'] as const satisfies readonly RoleName[];
export const needsMobile = (roles: readonly RoleName[]): boolean => roles.some((r) => (MOBILE_SIGN_IN_ROLES as readonly RoleName[]).includes(r));
export const mayGoWithoutEmail = (roles: readonly RoleName[]): boolean =>
  roles.length > 0 && roles.every((r) => (MOBILE_SIGN_IN_ROLES as readonly RoleName[]).includes(r));

const emailSchema = z
  .string({ error: USER_ADMIN_MESSAGES.email })
  .trim()
  .toLowerCase()
  .max(254, USER_ADMIN_MESSAGES.email)
  .pipe(z.email(USER_ADMIN_MESSAGES.email));

const mobileSchema = z
  .string()
  .trim()
  .refine((v) => normalizeMobileNumber(v) !== null, VALIDATION_MESSAGES.mobileNumber)
  .transform((v) => normalizeMobileNumber(v) as string);

const roleNameSchema = z.enum(ROLE_NAMES, USER_ADMIN_MESSAGES.unknownRole);
const rolesSchema = z
  .array(roleNameSchema, USER_ADMIN_MESSAGES.roleRequired)
  .min(1, USER_ADMIN_MESSAGES.roleRequired)
  .max(ROLE_NAMES.length)
  .transform((roles) => [...new Set(roles)]);

/** PSGC city/municipality codes a rider serves. */
const serviceAreaCodesSchema = z
  .array(z.string().regex(/^\d{10}$/, USER_ADMIN_MESSAGES.unknownCity))
  .max(100, 'At most 100 cities or municipalities')
  .transform((codes) => [...new Set(codes)]);

const clientTypeSchema = z.enum(CLIENT_TYPES, `Client type must be one of: ${CLIENT_TYPES.join(', ')}`);
const businessNameSchema = z.string().trim().min(1, USER_ADMIN_MESSAGES.businessName).max(200, 'Business name must be at most 200 characters');

/** One value, repeated keys (`?roleIds=1&roleIds=2`) or a comma list (`?roleIds=1,2`). */
const roleIdsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,4}$/, 'Role ids are whole numbers')
          .transform(Number),
      )
      .max(20, 'At most 20 role ids'),
  )
  .optional()
  .describe('One or more role ids (repeat the key or separate with commas)');

const codeFilter = agentCodeSchema.optional();

/** GET /users and GET /users/by-role/{roleName}: the catalogue's user filters, paging and the status tab. */
export const userListQuery = pageQuery.extend({
  /** Part of the first or last name, the email or the mobile number (0917…, +63917…). */
  search: z.string().trim().max(100, 'Search at most 100 characters').optional(),
  /** Part of the email, any case. */
  email: z.string().trim().max(254).optional(),
  roleIds: roleIdsSchema,
  /** The person's own agent (referral) code. */
  agentCode: codeFilter,
  /** The agent code the person signed up with. */
  usedAgentCode: codeFilter,
  clientType: clientTypeSchema.optional(),
  /** The tab: ALL (default) or one status. */
  status: z.enum(USER_LIST_STATUSES, `Status must be one of: ${USER_LIST_STATUSES.join(', ')}`).default('ALL'),
});
export type UserListQuery = z.output<typeof userListQuery>;

/**
 * GET /users/customers: the catalogue's user filters (roleIds and usedAgentCode too) and the status tab. A query
 * parameter it does not know is refused with a 400 naming it, not dropped (issue 33).
 */
export const customerListQuery = z.strictObject(userListQuery.shape);
export type CustomerListQuery = z.output<typeof customerListQuery>;

/** GET /users/account-managers and /users/assignable-to-tickets (pickers): the catalogue's user filters; unknown ones are refused. */
export const userOptionsQuery = z.strictObject(userListQuery.omit({ status: true }).shape);
export type UserOptionsQuery = z.output<typeof userOptionsQuery>;

export const roleNameParams = z.object({ roleName: roleNameSchema });
export const userIdParams = z.object({ id: z.uuid('User not found') });

/** A user as the back office sees it. */
export const adminUserDto = userDto.extend({
  /** The spec's client type: the account kind (same value as accountType). */
  clientType: clientTypeSchema,
  roleIds: z.array(z.number()),
  businessId: z.string().nullable(),
  serviceAreaCodes: z.array(z.string()),
  /** The same cities and municipalities by name ("Makati City", Metro Manila), for lists and the view. */
  serviceAreas: z.array(z.object({ code: z.string(), name: z.string(), provinceName: z.string() })),
  isOnline: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /** Who invited or created the account in the back office; null when the person signed up. */
  createdById: z.string().nullable(),
  createdByName: z.string().nullable(),
  /**
   * The business whose invoice account this person's "sender pays" bookings are billed to (their business, active,
   * invoice billing on), or null: whoever books for them (staff, a partner) sees what the booking will do.
   */
  invoiceAccountName: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminUserDto = z.infer<typeof adminUserDto>;

export const userStatusCounts = z.object({
  ACTIVE: z.number().int(),
  ALL: z.number().int(),
  INACTIVE: z.number().int(),
  INVITED: z.number().int(),
});
export type UserStatusCounts = z.infer<typeof userStatusCounts>;

/**
 * A page of users plus `counts`: how many match the same search and filters under each status tab (the
 * `status` asked for does not change them).
 */
export const userPage = pageOf(adminUserDto).extend({
  counts: userStatusCounts,
  /** True when the counts are PostgreSQL's estimates (a tab with more than 1,000 users). */
  totalIsEstimate: z.boolean(),
});
export type UserPage = z.infer<typeof userPage>;

/** What a picker needs: ticket assignees, account managers. */
export const userOptionDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.object({ id: z.number(), name: roleNameSchema })),
});
export type UserOptionDto = z.infer<typeof userOptionDto>;
export const userOptionPage = pageOf(userOptionDto);

/** GET /users/agent-code/user/{agentCode}: only the owner's public name ("Carlo N."). */
export const agentCodeOwnerDto = z.object({ agentCode: z.string(), displayName: z.string() });

/**
 * POST /users: invite someone by email with roles; they set their password through the emailed link. A
 * rider-only account may have no email: it is active at once and signs in with a code sent to its mobile.
 */
export const inviteUserBody = z
  .object({
    email: emailSchema.optional(),
    firstName: nameSchema,
    lastName: nameSchema,
    roles: rolesSchema,
    mobileNumber: mobileSchema.optional(),
    clientType: clientTypeSchema.optional(),
    businessName: businessNameSchema.optional(),
    serviceAreaCodes: serviceAreaCodesSchema.optional(),
  })
  .refine((b) => b.clientType !== 'business' || b.businessName, {
    path: ['businessName'],
    message: USER_ADMIN_MESSAGES.businessName,
  });
export type InviteUserInput = z.output<typeof inviteUserBody>;

export const invitationDto = z.object({
  expiresAt: z.string(),
  /** False when the email provider failed: the invitation stands; inviting the same email again re-sends it. */
  emailSent: z.boolean(),
  /** True when the email belonged to someone already invited: a fresh link replaced the old one. */
  resent: z.boolean(),
});
/** `invitation` is null for an account created active (a rider with no email: they sign in by mobile). */
export const inviteUserResult = z.object({ data: adminUserDto, invitation: invitationDto.nullable() });
export type InviteUserResult = z.infer<typeof inviteUserResult>;

/**
 * PUT /users/{id}: any subset. `null` clears email or mobile number (one of them must stay). Roles replace
 * the person's roles; every role added or taken away must be one the editor may give.
 */
export const updateUserBody = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema.nullable(),
    mobileNumber: mobileSchema.nullable(),
    roles: rolesSchema,
    clientType: clientTypeSchema,
    businessName: businessNameSchema.nullable(),
    serviceAreaCodes: serviceAreaCodesSchema,
  })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), USER_ADMIN_MESSAGES.nothingToChange);
export type UpdateUserInput = z.output<typeof updateUserBody>;

export const transferResult = z.object({ data: z.object({ from: adminUserDto, to: adminUserDto }) });

/** POST /users/contactSupport: a signed-in person's message; it becomes a support ticket. */
export const contactSupportBody = z.object({
  subject: z.string().trim().max(150, 'Subject must be at most 150 characters').optional(),
  message: textSchema.min(1, USER_ADMIN_MESSAGES.messageRequired),
  /** A shipment of the person's own the message is about. */
  trackingNumber: trackingNumberSchema.optional(),
});
export type ContactSupportInput = z.output<typeof contactSupportBody>;
export const CONTACT_SUPPORT_SUBJECT = 'Message to support';

export const canViewRole = (ability: AppAbility, role: RoleName): boolean => ability.can('view', subject('Role', { name: role }));
