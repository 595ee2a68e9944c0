import { and, eq } from 'drizzle-orm';
import type { SocialLoginError } from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { socialIdentities, users } from '../../db/schema/index.js';
import type { OAuthIdentity } from '../../platform/oauth/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { assignRoles, findUserByEmail, loadUserWithRoles, type UserRow } from './users.repository.js';
import type { UserWithRoles } from '../../core/actor.js';
import { newAgentCode } from './users.service.js';

/** A social sign-in that must not open an account; the callback sends the person to /login?error=<reason>. */
export class SocialLoginRefused extends Error {
  constructor(readonly reason: SocialLoginError) {
    super(`Social sign-in refused: ${reason}`);
  }
}

export interface SocialSignIn {
  user: UserWithRoles;
  /** How the identity met the account: already linked, linked now by its proven email, or a new customer. */
  outcome: 'linked' | 'linked_by_email' | 'created';
}

/**
 * Who a provider's identity signs in as (docs/decisions.md "Social sign-in"):
 * 1. the account already linked to (provider, subject);
 * 2. else the account with the same email, when the provider verified that email and the account's owner
 *    proved it too (users.email_verified_at: a link sent to it, an invitation, or an earlier provider): the
 *    identity is linked to it. An account whose email nobody proved (typed by staff, or from before proofs)
 *    is not joined: anyone can type an email, so it says nothing about who owns the account ('email_unconfirmed');
 * 3. else a new customer account (name from the provider, the email, proven by the provider), linked.
 * Only ACTIVE accounts are opened. The sandbox never opens an account holding any role but customer: its
 * identities are whatever a tester typed.
 */
export async function signInWithIdentity(db: Db, identity: OAuthIdentity): Promise<SocialSignIn> {
  try {
    return await db.transaction((tx) => resolveIdentity(tx, identity));
  } catch (error) {
    // Two callbacks for the same new person at once: one created the account or link; the other now finds it.
    if (!isUniqueViolation(error)) throw error;
    return db.transaction((tx) => resolveIdentity(tx, identity));
  }
}

async function resolveIdentity(tx: DbOrTx, identity: OAuthIdentity): Promise<SocialSignIn> {
  const [linked] = await tx
    .select({ user: users, linkId: socialIdentities.id })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject)))
    .limit(1);
  if (linked) {
    const user = await openable(tx, linked.user, identity);
    await tx.update(socialIdentities).set({ lastUsedAt: new Date() }).where(eq(socialIdentities.id, linked.linkId));
    return { user: await touchLogin(tx, user.id), outcome: 'linked' };
  }

  if (!identity.email || !identity.emailVerified) throw new SocialLoginRefused('email_unverified');
  const sameEmail = await findUserByEmail(tx, identity.email);
  if (sameEmail) {
    const user = await openable(tx, sameEmail, identity);
    if (!sameEmail.emailVerifiedAt) throw new SocialLoginRefused('email_unconfirmed');
    await link(tx, user.id, identity);
    return { user: await touchLogin(tx, user.id), outcome: 'linked_by_email' };
  }

  const { firstName, lastName } = namesOf(identity);
  const [created] = await tx
    .insert(users)
    .values({
      firstName,
      lastName,
      email: identity.email,
      // The provider vouched for the email (checked above).
      emailVerifiedAt: new Date(),
      accountType: 'individual',
      agentCode: newAgentCode(),
      lastLoginAt: new Date(),
    })
    .returning({ id: users.id });
  await assignRoles(tx, created!.id, ['customer']);
  await link(tx, created!.id, identity);
  return { user: (await loadUserWithRoles(tx, created!.id))!, outcome: 'created' };
}

/**
 * The profile's "Connect Google": a signed-in person adds a provider identity to their own account (the
 * route has checked that the session finishing the flow is the one that started it). The identity must not
 * open another account already ('identity_in_use'); connecting it again is fine. When the provider vouches
 * for the very email the account has, that email counts as proven from now on.
 */
export async function connectIdentity(db: Db, userId: string, identity: OAuthIdentity): Promise<void> {
  try {
    await db.transaction((tx) => connect(tx, userId, identity));
  } catch (error) {
    // The same identity connected twice at once, or signed in with meanwhile: the second sees the first's row.
    if (!isUniqueViolation(error)) throw error;
    await db.transaction((tx) => connect(tx, userId, identity));
  }
}

async function connect(tx: DbOrTx, userId: string, identity: OAuthIdentity): Promise<void> {
  const [existing] = await tx
    .select({ userId: socialIdentities.userId, id: socialIdentities.id })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject)))
    .limit(1);
  if (existing && existing.userId !== userId) throw new SocialLoginRefused('identity_in_use');
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new SocialLoginRefused('connect_session');
  await openable(tx, row, identity);
  if (existing) {
    await tx.update(socialIdentities).set({ lastUsedAt: new Date() }).where(eq(socialIdentities.id, existing.id));
  } else {
    await link(tx, userId, identity);
  }
  if (identity.email && identity.emailVerified && !row.emailVerifiedAt && row.email === identity.email.toLowerCase()) {
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  }
}

async function openable(tx: DbOrTx, row: UserRow, identity: OAuthIdentity): Promise<UserWithRoles> {
  if (row.status === 'INVITED') throw new SocialLoginRefused('invited');
  if (row.status !== 'ACTIVE') throw new SocialLoginRefused('inactive');
  const user = (await loadUserWithRoles(tx, row.id))!;
  if (identity.provider === 'sandbox' && user.roles.some((role) => role.name !== 'customer')) throw new SocialLoginRefused('sandbox_staff');
  return user;
}

async function link(tx: DbOrTx, userId: string, identity: OAuthIdentity): Promise<void> {
  await tx.insert(socialIdentities).values({
    userId,
    provider: identity.provider,
    subject: identity.subject,
    email: identity.email,
    lastUsedAt: new Date(),
  });
}

async function touchLogin(tx: DbOrTx, userId: string): Promise<UserWithRoles> {
  await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  return (await loadUserWithRoles(tx, userId))!;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: a provider's names lose their control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The provider's given and family names, else its full name split at the last space, else the email's name. */
export function namesOf(identity: Pick<OAuthIdentity, 'givenName' | 'familyName' | 'name' | 'email'>): { firstName: string; lastName: string } {
  const clean = (value: string | null | undefined) => (value ?? '').replace(CONTROL_CHARACTERS, '').replace(/\s+/g, ' ').trim().slice(0, 100);
  const given = clean(identity.givenName);
  const family = clean(identity.familyName);
  if (given) return { firstName: given, lastName: family };
  const full = clean(identity.name);
  if (full) {
    const cut = full.lastIndexOf(' ');
    return cut > 0 ? { firstName: full.slice(0, cut), lastName: full.slice(cut + 1) } : { firstName: full, lastName: family };
  }
  return { firstName: clean(identity.email?.split('@')[0]) || 'Hatid customer', lastName: family };
}
