import { ACCOUNT_TYPES, type Language, ROLE_NAMES, USER_STATUSES } from '@hatid/domain';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgEnum, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { businesses } from './businesses.js';

export const roleName = pgEnum('role_name', ROLE_NAMES);
export const accountType = pgEnum('account_type', ACCOUNT_TYPES);
export const userStatus = pgEnum('user_status', USER_STATUSES);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: roleName('name').notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164 (+639…); unique among accounts that have one. */
    mobileNumber: text('mobile_number'),
    /** Stored lower-cased. */
    email: text('email'),
    /**
     * When the owner proved `email` (a link sent to it, an accepted invitation, or a provider that vouched
     * for it at social sign-in); null = not proven (typed by staff, or older than proofs). Migration 0026.
     */
    emailVerifiedAt: at('email_verified_at'),
    passwordHash: text('password_hash'),
    accountType: accountType('account_type').notNull().default('individual'),
    businessName: text('business_name'),
    businessId: uuid('business_id').references((): AnyPgColumn => businesses.id, { onDelete: 'set null' }),
    agentCode: text('agent_code'),
    usedAgentCode: text('used_agent_code'),
    status: userStatus('status').notNull().default('ACTIVE'),
    isEmployee: boolean('is_employee').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(false),
    /** Rider service area: PSGC city/municipality codes. */
    serviceAreaCodes: text('service_area_codes').array().notNull().default(sql`'{}'::text[]`),
    /** Who invited or created the account in the back office (a service partner sees these); null = signed up. */
    createdById: uuid('created_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    lastLoginAt: at('last_login_at'),
    /**
     * The language the person reads (DECISIONS.md "Languages": `preferredLanguage`): the web app, SMS, push and
     * email use it. null = never chosen: the web app sets it from the language the person signed up in; texts
     * fall back to English. Migration 0039.
     */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_mobile_number_uq').on(t.mobileNumber),
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_agent_code_uq').on(t.agentCode),
    index('users_used_agent_code_idx').on(t.usedAgentCode),
    // Members of a business (business lists count them, scope checks look them up).
    index('users_business_idx').on(t.businessId),
    index('users_created_by_idx').on(t.createdById),
    // Riders serving a city (GET /users/riders/{cityMunicipalityCode}; migration 0012).
    index('users_service_area_idx').using('gin', t.serviceAreaCodes),
    // The users list: newest first within a status tab, and search by any part of name, email or number
    // (users-admin.repository.ts userSearchText, which must stay the same expression as here).
    index('users_status_created_idx').on(t.status, t.createdAt),
    index('users_created_idx').on(t.createdAt),
    index('users_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.mobileNumber}, '')) gin_trgm_ops`,
    ),
    check('users_can_sign_in', sql`${t.mobileNumber} IS NOT NULL OR ${t.email} IS NOT NULL`),
    check('users_language', sql`${t.language} IN ('en', 'fil')`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Server-side sessions; the cookie holds only a random id, stored here as its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time codes sent by SMS: hashed, single use, 5 minutes, at most 5 tries, each for one purpose
 * (modules/auth/otp.service.ts OTP_PURPOSES) and checked only for it.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    mobileNumber: text('mobile_number').notNull(),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose', { enum: ['customer_sign_in', 'rider_sign_in', 'store_connection'] }).notNull(),
    /** What the code acts on, named in its SMS and required at the check: for store connection the shop domain. */
    subject: text('subject'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    requestIp: text('request_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_codes_mobile_created_idx').on(t.mobileNumber, t.createdAt),
    index('otp_codes_mobile_purpose_created_idx').on(t.mobileNumber, t.purpose, t.createdAt),
    index('otp_codes_ip_created_idx').on(t.requestIp, t.createdAt),
    check('otp_attempts_bounded', sql`${t.attempts} >= 0 AND ${t.attempts} <= 5`),
    check('otp_codes_purpose', sql`${t.purpose} IN ('customer_sign_in', 'rider_sign_in', 'store_connection')`),
  ],
);

/** Proof that a number passed OTP but has no account yet; spent by registerCustomer. */
export const registrationTickets = pgTable('registration_tickets', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  mobileNumber: text('mobile_number').notNull(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  createdAt: createdAt(),
});

/** Staff invitations: the invited person sets their password with registerWithEmail. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    invitedById: uuid('invited_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_user_idx').on(t.userId), index('invitations_invited_by_idx').on(t.invitedById)],
);

/**
 * Links sent to prove an email (modules/users/email-proof.service.ts): an account's new email waits here until
 * its owner opens the link; only the token's SHA-256 is kept. Single use, 24 hours. Migration 0026.
 */
export const emailProofs = pgTable(
  'email_proofs',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased, like users.email. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_proofs_token_hash_uq').on(t.tokenHash), index('email_proofs_user_created_idx').on(t.userId, t.createdAt)],
);
