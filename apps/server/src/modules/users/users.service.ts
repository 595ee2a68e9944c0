import argon2 from 'argon2';
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AccountType, Language, RoleName } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { invitations, registrationTickets, users } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { hashToken } from '../../core/tokens.js';
import { deliverEmailProof, endLiveProofs, issueEmailProof, pendingEmailOf, type IssuedProof, type ProofMailer } from './email-proof.service.js';
import { openBusinessOf } from './business-sign-up.js';
import { recordActivity } from '../../platform/activity-log.js';
import { claimLoginAttempt, forgetLoginFailures, normaliseEmail } from './login-failures.js';
import { assignRoles, findUserByAgentCode, findUserByEmail, loadUserWithRoles } from './users.repository.js';
import type { UserWithRoles } from '../../core/actor.js';

const AGENT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I: codes are read aloud

export function newAgentCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += AGENT_CODE_ALPHABET[randomInt(AGENT_CODE_ALPHABET.length)];
  return code;
}

export async function isAgentCodeValid(db: Db, agentCode: string): Promise<boolean> {
  const owner = await findUserByAgentCode(db, agentCode);
  return owner !== null && owner.status === 'ACTIVE';
}

export interface RegisterCustomerInput {
  registrationToken: string;
  firstName: string;
  lastName: string;
  accountType: AccountType;
  businessName?: string;
  email?: string;
  agentCode?: string;
}

export interface RegisteredCustomer {
  user: UserWithRoles;
  /** The link for the email typed at registration: the email becomes the account's once it is opened. */
  proof: IssuedProof | null;
}

/**
 * Spends the ticket that verifyOtp gave the number and creates a customer account for it. The number is
 * proven (OTP); an email typed here is not: it waits for its link (email-proof.service.ts), which the
 * route sends once the account exists.
 */
export async function registerCustomer(db: Db, input: RegisterCustomerInput): Promise<RegisteredCustomer> {
  const email = input.email?.toLowerCase();
  const usedAgentCode = input.agentCode?.toUpperCase();
  if (usedAgentCode && !(await isAgentCodeValid(db, usedAgentCode))) {
    throw fieldError('agentCode', 'This agent code does not exist', 'RULE_BROKEN');
  }
  if (email && (await findUserByEmail(db, email))) {
    throw fieldError('email', 'This email is already used by another account', 'CONFLICT');
  }
  const { userId, proof } = await db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(registrationTickets)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(registrationTickets.tokenHash, hashToken(input.registrationToken)),
          isNull(registrationTickets.consumedAt),
          gt(registrationTickets.expiresAt, new Date()),
        ),
      )
      .returning({ mobileNumber: registrationTickets.mobileNumber });
    if (!ticket) {
      throw fieldError('registrationToken', 'Your verification has expired. Please verify your mobile number again.', 'UNAUTHENTICATED');
    }
    const existing = await tx.select({ id: users.id }).from(users).where(eq(users.mobileNumber, ticket.mobileNumber));
    if (existing.length > 0) throw fieldError('mobileNumber', 'This mobile number already has an account', 'CONFLICT');
    const [created] = await tx
      .insert(users)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        mobileNumber: ticket.mobileNumber,
        accountType: input.accountType,
        businessName: input.accountType === 'business' ? (input.businessName ?? null) : null,
        agentCode: newAgentCode(),
        usedAgentCode: usedAgentCode ?? null,
        lastLoginAt: new Date(),
      })
      .returning({ id: users.id });
    await assignRoles(tx, created!.id, ['customer']);
    // Signing up as a business opens the business, with them as its owner and admin: staff find it under
    // Clients and can bill it (docs/decisions.md, issue 29 item 2).
    if (input.accountType === 'business' && input.businessName?.trim()) {
      const business = await openBusinessOf(tx, { id: created!.id, businessName: input.businessName, mobileNumber: ticket.mobileNumber });
      await recordActivity(tx, {
        actor: { id: created!.id, user: { firstName: input.firstName, lastName: input.lastName } },
        action: 'CREATED',
        entity: 'Business',
        entityId: business.id,
        category: 'businesses',
        summary: `Business ${business.name} created at sign-up`,
        after: { name: business.name, mobileNumber: business.mobileNumber, ownerId: created!.id, members: [{ userId: created!.id, role: 'business_admin' }] },
      });
    }
    return { userId: created!.id, proof: email ? await issueEmailProof(tx, created!.id, email, 'email') : null };
  });
  return { user: (await loadUserWithRoles(db, userId))!, proof };
}

// Verifying against a fixed hash when the account is unknown keeps the answer time the same (no user probing).
const DUMMY_HASH = argon2.hash('not-a-real-password-just-timing');

/**
 * Email and password sign-in. Every attempt is first counted against the email (login-failures.ts): after
 * 5 in a row without the right password the email is locked (429) for 30 s, doubling up to 15 min, even for
 * the right password and whatever address it comes from; the right password ends the run.
 */
export async function loginWithEmail(db: Db, email: string, password: string, options: { now?: () => Date } = {}): Promise<UserWithRoles> {
  const key = normaliseEmail(email);
  await claimLoginAttempt(db, key, options.now?.() ?? new Date());
  const user = await findUserByEmail(db, key);
  const hash = user?.passwordHash ?? (await DUMMY_HASH);
  const ok = await argon2.verify(hash, password).catch(() => false);
  if (!user?.passwordHash || !ok) {
    throw new AppError('UNAUTHENTICATED', 'Email or password is incorrect');
  }
  await forgetLoginFailures(db, key);
  if (user.status !== 'ACTIVE') throw new AppError('FORBIDDEN', 'This account is not active. Please contact support.');
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return (await loadUserWithRoles(db, user.id))!;
}

export interface AcceptInvitationInput {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
}

const invalidInvitation = () => fieldError('token', 'This invitation link is invalid or has expired', 'UNAUTHENTICATED');

/**
 * An invited staff member sets their name and password; the invitation is spent. The invitation went to the
 * account's email, so opening it proves the email (social sign-in may then join this account by it).
 */
export async function acceptInvitation(db: Db, input: AcceptInvitationInput): Promise<UserWithRoles> {
  const passwordHash = await argon2.hash(input.password);
  const userId = await db.transaction(async (tx) => {
    const [invite] = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invitations.tokenHash, hashToken(input.token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
      .returning({ userId: invitations.userId });
    if (!invite) throw invalidInvitation();
    // Only an account still waiting for its invitation becomes active (a deactivated one stays inactive).
    const [accepted] = await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, passwordHash, status: 'ACTIVE', emailVerifiedAt: new Date(), lastLoginAt: new Date() })
      .where(and(eq(users.id, invite.userId), eq(users.status, 'INVITED')))
      .returning({ id: users.id });
    if (!accepted) throw invalidInvitation();
    return invite.userId;
  });
  return (await loadUserWithRoles(db, userId))!;
}

export interface UpdateMeInput {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  language?: Language;
}

export interface UpdatedMe {
  user: UserWithRoles;
  pendingEmail: string | null;
}

/**
 * PUT /users/update/me. Names change at once. A new email does not: it waits for the link sent to it
 * (email-proof.service.ts) and the answer names it as `pendingEmail`; the account's email (sign-in,
 * receipts, and the one social sign-in matches) stays as it was until the link is opened. Sending the
 * same email as now changes nothing (the profile form sends every field). Removing the email is at once,
 * unless the account signs in only with it.
 */
export async function updateMe(db: Db, userId: string, input: UpdateMeInput, mailer: ProofMailer): Promise<UpdatedMe> {
  const email = input.email === undefined ? undefined : (input.email?.toLowerCase() ?? null);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    const changes: Partial<typeof users.$inferInsert> = {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      // The language the person reads, for the web app, SMS, push and email (DECISIONS.md "Languages").
      ...(input.language !== undefined ? { language: input.language } : {}),
    };
    let proof: IssuedProof | null = null;
    if (email === null && row.email !== null) {
      if (!row.mobileNumber) throw fieldError('email', 'You sign in with this email, so it cannot be removed', 'RULE_BROKEN');
      Object.assign(changes, { email: null, emailVerifiedAt: null });
      await endLiveProofs(tx, userId);
    } else if (email && email !== row.email) {
      const other = await findUserByEmail(tx, email);
      if (other) throw fieldError('email', 'This email is already used by another account', 'CONFLICT');
      proof = await issueEmailProof(tx, userId, email, 'email');
    }
    if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, userId));
    const user = (await loadUserWithRoles(tx, userId))!;
    if (proof) await deliverEmailProof(mailer, userId, user.firstName, proof, 'email');
    return { user, pendingEmail: await pendingEmailOf(tx, user) };
  });
}

export interface CreateStaffInput {
  email: string;
  firstName: string;
  lastName: string;
  roles: RoleName[];
  password?: string;
  mobileNumber?: string;
}

/** Used by the seed and (later) by admins inviting staff: a user with a password or an invitation. */
export async function createUserWithRoles(db: Db, input: CreateStaffInput): Promise<string> {
  const passwordHash = input.password ? await argon2.hash(input.password) : null;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        firstName: input.firstName,
        lastName: input.lastName,
        mobileNumber: input.mobileNumber ?? null,
        passwordHash,
        status: passwordHash ? 'ACTIVE' : 'INVITED',
        // The seed's and the operator's own accounts; an invited one proves its email by accepting.
        emailVerifiedAt: passwordHash ? new Date() : null,
        isEmployee: input.roles.some((r) => ['admin', 'super_admin', 'staff', 'ssp', 'rider', 'consolidator'].includes(r)),
        agentCode: input.roles.includes('sales_agent') || input.roles.includes('customer') ? newAgentCode() : null,
      })
      .returning({ id: users.id });
    await assignRoles(tx, created!.id, input.roles);
    return created!.id;
  });
}
