import argon2 from 'argon2';
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AccountType, RoleName } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { invitations, registrationTickets, users } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { hashToken } from '../auth/tokens.js';
import { claimLoginAttempt, forgetLoginFailures, normaliseEmail } from './login-failures.js';
import {
  assignRoles,
  findUserByAgentCode,
  findUserByEmail,
  loadUserWithRoles,
  type UserWithRoles,
} from './users.repository.js';

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

/** Spends the ticket that verifyOtp gave the number and creates a customer account for it. */
export async function registerCustomer(db: Db, input: RegisterCustomerInput): Promise<UserWithRoles> {
  const email = input.email?.toLowerCase();
  const usedAgentCode = input.agentCode?.toUpperCase();
  if (usedAgentCode && !(await isAgentCodeValid(db, usedAgentCode))) {
    throw fieldError('agentCode', 'This agent code does not exist', 'RULE_BROKEN');
  }
  if (email && (await findUserByEmail(db, email))) {
    throw fieldError('email', 'This email is already used by another account', 'CONFLICT');
  }
  const userId = await db.transaction(async (tx) => {
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
      throw fieldError(
        'registrationToken',
        'Your verification has expired. Please verify your mobile number again.',
        'UNAUTHENTICATED',
      );
    }
    const existing = await tx.select({ id: users.id }).from(users).where(eq(users.mobileNumber, ticket.mobileNumber));
    if (existing.length > 0) throw fieldError('mobileNumber', 'This mobile number already has an account', 'CONFLICT');
    const [created] = await tx
      .insert(users)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        mobileNumber: ticket.mobileNumber,
        email: email ?? null,
        accountType: input.accountType,
        businessName: input.accountType === 'business' ? (input.businessName ?? null) : null,
        agentCode: newAgentCode(),
        usedAgentCode: usedAgentCode ?? null,
        lastLoginAt: new Date(),
      })
      .returning({ id: users.id });
    await assignRoles(tx, created!.id, ['customer']);
    return created!.id;
  });
  return (await loadUserWithRoles(db, userId))!;
}

// Verifying against a fixed hash when the account is unknown keeps the answer time the same (no user probing).
const DUMMY_HASH = argon2.hash('not-a-real-password-just-timing');

/**
 * Email and password sign-in. Every attempt is first counted against the email (login-failures.ts): after
 * 5 in a row without the right password the email is locked (429) for 30 s, doubling up to 15 min, even for
 * the right password and whatever address it comes from; the right password ends the run.
 */
export async function loginWithEmail(
  db: Db,
  email: string,
  password: string,
  options: { now?: () => Date } = {},
): Promise<UserWithRoles> {
  const key = normaliseEmail(email);
  await claimLoginAttempt(db, key, options.now?.() ?? new Date());
  const user = await findUserByEmail(db, key);
  const hash = user?.passwordHash ?? (await DUMMY_HASH);
  const ok = await argon2.verify(hash, password).catch(() => false);
  if (!user || !user.passwordHash || !ok) {
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

/** An invited staff member sets their name and password; the invitation is spent. */
export async function acceptInvitation(db: Db, input: AcceptInvitationInput): Promise<UserWithRoles> {
  const passwordHash = await argon2.hash(input.password);
  const userId = await db.transaction(async (tx) => {
    const [invite] = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(
        and(
          eq(invitations.tokenHash, hashToken(input.token)),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .returning({ userId: invitations.userId });
    if (!invite) throw invalidInvitation();
    // Only an account still waiting for its invitation becomes active (a deactivated one stays inactive).
    const [accepted] = await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, passwordHash, status: 'ACTIVE', lastLoginAt: new Date() })
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
}

export async function updateMe(db: Db, userId: string, input: UpdateMeInput): Promise<UserWithRoles> {
  const email = input.email === undefined ? undefined : (input.email?.toLowerCase() ?? null);
  if (email) {
    const other = await findUserByEmail(db, email);
    if (other && other.id !== userId) throw fieldError('email', 'This email is already used by another account', 'CONFLICT');
  }
  const changes = {
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    ...(email !== undefined ? { email } : {}),
  };
  if (Object.keys(changes).length > 0) await db.update(users).set(changes).where(eq(users.id, userId));
  return (await loadUserWithRoles(db, userId))!;
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
        isEmployee: input.roles.some((r) => ['admin', 'super_admin', 'staff', 'ssp', 'rider', 'consolidator'].includes(r)),
        agentCode: input.roles.includes('sales_agent') || input.roles.includes('customer') ? newAgentCode() : null,
      })
      .returning({ id: users.id });
    await assignRoles(tx, created!.id, input.roles);
    return created!.id;
  });
}
