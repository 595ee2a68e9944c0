import { and, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { revokeLapsedApiKeys } from '../api-keys/index.js';
import { publishNotificationsAfterCommit } from '../notifications/index.js';
import {
  ACCOUNT_MANAGER_ROLES,
  EMAIL_TEXTS,
  INVITATION_PATH,
  INVITATION_TTL_DAYS,
  ROLE_NAME_LABELS,
  TICKET_ASSIGNEE_ROLES,
  USER_ADMIN_MESSAGES as M,
  canCreateRole,
  mayGoWithoutEmail,
  needsMobile,
  type AdminUserDto,
  type CustomerListQuery,
  type InviteUserInput,
  type RoleName,
  type UpdateUserInput,
  type UserListQuery,
  type UserOptionsQuery,
  type UserPage,
} from '@hatid/domain';
import type { Db, Tx } from '../../db/client.js';
import { allOf, type KeyedPart } from '../../db/estimate.js';
import { invitations, roles, sessions, userRoles, users } from '../../db/schema/index.js';
import { AppError, fieldError, notFound, type FieldError } from '../../errors.js';
import { type Actor, CUSTOMER_SIDE_ROLES } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import type { EmailProvider } from '../../platform/email/index.js';
import { findCityMunicipality } from '../../platform/psgc/index.js';
import { newToken } from '../../core/tokens.js';
import { readerLanguage } from '../../core/language.js';
import {
  countByStatus,
  findAdminUser,
  selectAdminUsers,
  selectRoleIds,
  selectUserOptions,
  statusCondition,
  userFilterParts,
  userFilterCondition,
} from './users-admin.repository.js';
import { findUserByAgentCode } from './users.repository.js';
import { clientScope, hasRoleIn, listScope, lookupScope, mayListClients, mayListUsers, mayLookUpUsers, seesAllUsers } from './users.scope.js';
import { newAgentCode } from './users.service.js';
import { toPage } from '../../db/paging.js';

type Options = { ip?: string | undefined };

const forbidden = (message: string, details?: FieldError[]) => new AppError('FORBIDDEN', message, details);
const userNotFound = () => notFound('User');

/** Roles that get an agent (referral) code, and roles whose holders are employees by default. */
const AGENT_CODE_ROLES: readonly RoleName[] = ['customer', 'sales_agent'];
const EMPLOYEE_ROLES: readonly RoleName[] = ['admin', 'super_admin', 'staff', 'ssp', 'rider', 'consolidator'];
const ADMIN_ROLES: readonly RoleName[] = ['admin', 'super_admin'];

// ---- Lists ----------------------------------------------------------------------------------------------

/** Which list a call asks for; each is intersected with the actor's scope (users.scope.ts). */
export type UserListKind =
  | { kind: 'all' }
  | { kind: 'role'; role: RoleName }
  | { kind: 'customers' }
  | { kind: 'non_customers' }
  | { kind: 'employees' }
  | { kind: 'clients' };

function kindCondition(kind: UserListKind): SQL | undefined {
  switch (kind.kind) {
    case 'all':
    case 'clients':
      return undefined;
    case 'role':
      return hasRoleIn([kind.role]);
    case 'customers':
      return hasRoleIn(['customer']);
    case 'non_customers':
      return sql`not ${hasRoleIn(['customer'])}`;
    case 'employees':
      return eq(users.isEmployee, true);
  }
}

/** A page of users with the per-status counts of the tabs. 403 for someone who may not list them. */
export async function listUsers(
  db: Db,
  actor: Actor,
  kind: UserListKind,
  query: UserListQuery | (CustomerListQuery & Partial<UserListQuery>),
): Promise<UserPage> {
  let scope: SQL | undefined;
  if (kind.kind === 'clients') {
    if (!mayListClients(actor)) throw forbidden('You are not allowed to list clients');
    scope = clientScope(actor);
  } else {
    if (!mayListUsers(actor)) throw forbidden('You are not allowed to list users');
    scope = listScope(actor);
  }
  // Keyed by who asks (the scope depends on nothing else) and what: the estimates are worked out part by part.
  const parts: KeyedPart[] = [];
  if (scope) parts.push({ key: `scope=${JSON.stringify([kind.kind === 'clients', actor.id, actor.roles, actor.user.agentCode])}`, condition: scope });
  const ofKind = kindCondition(kind);
  if (ofKind) parts.push({ key: `kind=${JSON.stringify(kind)}`, condition: ofKind });
  parts.push(...userFilterParts(query));
  const where = allOf(parts);
  const offset = (query.page - 1) * query.limit;
  const [{ counts, estimated }, rows] = await Promise.all([
    countByStatus(db, where, parts),
    // One row more than asked, so hasNextPage is exact even when the counts are estimates.
    selectAdminUsers(db, and(where, statusCondition(query.status)), { limit: query.limit + 1, offset }),
  ]);
  const hasNextPage = rows.length > query.limit;
  const data = rows.slice(0, query.limit);
  const total = Math.max(counts[query.status], offset + data.length + (hasNextPage ? 1 : 0));
  const totalPages = Math.ceil(total / query.limit);
  return { data, page: query.page, limit: query.limit, total, totalPages, hasNextPage, counts, totalIsEstimate: estimated };
}

/** Active holders of the given roles, by name: the pickers for ticket assignees and account managers. */
async function listOptions(db: Db, names: readonly RoleName[], query: UserOptionsQuery) {
  const where = and(eq(users.status, 'ACTIVE'), hasRoleIn(names), userFilterCondition(query));
  const { rows, total } = await selectUserOptions(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
  return toPage(rows, query, total);
}

/** Whoever may work tickets (their roles may update tickets): for support staff assigning one. */
export async function listTicketAssignees(db: Db, actor: Actor, query: UserOptionsQuery) {
  if (!actor.ability.can('update', 'Ticket')) throw forbidden('You are not allowed to assign tickets');
  return listOptions(db, TICKET_ASSIGNEE_ROLES, query);
}

/** Staff-side people who may look after business accounts: for those who update clients. */
export async function listAccountManagers(db: Db, actor: Actor, query: UserOptionsQuery) {
  if (!actor.ability.can('update', 'Client')) throw forbidden('You are not allowed to choose account managers');
  return listOptions(db, ACCOUNT_MANAGER_ROLES, query);
}

// ---- One user -------------------------------------------------------------------------------------------

export async function getUser(db: Db, actor: Actor, id: string): Promise<AdminUserDto> {
  if (!mayLookUpUsers(actor)) throw forbidden('You are not allowed to view users');
  return (await findAdminUser(db, id, lookupScope(actor))) ?? throwUserNotFound();
}

/** GET /users/agent-code/user/{agentCode}: the owner's public name ("Carlo N."), for an active owner only. */
export async function agentCodeOwner(db: Db, agentCode: string): Promise<{ agentCode: string; displayName: string }> {
  const owner = await findUserByAgentCode(db, agentCode);
  if (owner?.status !== 'ACTIVE') throw fieldError('agentCode', 'No one has this agent code', 'NOT_FOUND');
  const initial = owner.lastName.trim().charAt(0);
  return { agentCode: owner.agentCode!, displayName: `${owner.firstName}${initial ? ` ${initial.toUpperCase()}.` : ''}` };
}

function throwUserNotFound(): never {
  throw userNotFound();
}

// ---- Rules shared by invite and edit --------------------------------------------------------------------

/**
 * Every role given or taken away must be one the actor may create (`create_role` on it, product.md §6:
 * partners rider/consolidator/sales agent/customer, ssp customer, admins any). Super admin never moves this
 * way: only a transfer moves it, so there is always exactly one.
 */
function assertMayChangeRoles(actor: Actor, changed: RoleName[]): void {
  if (changed.includes('super_admin')) throw fieldError('roles', M.superAdminByTransfer, 'RULE_BROKEN');
  const refused = changed.filter((role) => !canCreateRole(actor.ability, role));
  if (refused.length > 0) {
    throw forbidden(
      M.roleNotAllowed(refused[0]!),
      refused.map((role) => ({ field: 'roles', message: M.roleNotAllowed(role) })),
    );
  }
}

function assertKnownCities(codes: string[] | undefined): void {
  if (!codes) return;
  const details = codes.flatMap((code, i) => (findCityMunicipality(code) ? [] : [{ field: `serviceAreaCodes.${i}`, message: M.unknownCity }]));
  if (details.length > 0) throw new AppError('RULE_BROKEN', M.unknownCity, details);
}

async function assertFree(db: Db | Tx, field: 'email' | 'mobileNumber', value: string | null | undefined, exceptId?: string) {
  if (!value) return;
  const column = field === 'email' ? users.email : users.mobileNumber;
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(column, value), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (other) throw fieldError(field, field === 'email' ? M.emailTaken : M.mobileTaken, 'CONFLICT');
}

/** What the activity log keeps of an account: enough to read a change, no secrets. */
function summaryOf(user: AdminUserDto): Record<string, unknown> {
  return {
    name: user.name,
    email: user.email,
    mobileNumber: user.mobileNumber,
    roles: user.roles.map((r) => r.name),
    status: user.status,
    clientType: user.clientType,
    businessName: user.businessName,
    isEmployee: user.isEmployee,
    serviceAreaCodes: user.serviceAreaCodes,
  };
}

/** Only the keys whose values differ, before and after. */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

function logUser(
  tx: Tx,
  actor: Actor,
  action: 'CREATED' | 'UPDATED' | 'ACTIVATED' | 'DEACTIVATED',
  userId: string,
  summary: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  options: Options,
) {
  return recordActivity(tx, { actor, action, entity: 'User', entityId: userId, category: 'users', summary, before, after, ip: options.ip ?? null });
}

async function loadInTx(tx: Tx, id: string): Promise<AdminUserDto> {
  return (await findAdminUser(tx, id)) ?? throwUserNotFound();
}

/** The account's row, locked until the transaction ends (changes to one account are made one at a time). */
async function lockUser(tx: Tx, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? throwUserNotFound();
}

async function replaceRoles(tx: Tx, userId: string, add: RoleName[], remove: RoleName[]): Promise<void> {
  const ids = await selectRoleIds(tx, [...add, ...remove]);
  if (remove.length > 0) {
    await tx.delete(userRoles).where(
      and(
        eq(userRoles.userId, userId),
        inArray(
          userRoles.roleId,
          remove.map((r) => ids.get(r)!),
        ),
      ),
    );
  }
  if (add.length > 0) {
    await tx
      .insert(userRoles)
      .values(add.map((r) => ({ userId, roleId: ids.get(r)! })))
      .onConflictDoNothing();
  }
}

// ---- Invite ---------------------------------------------------------------------------------------------

export interface Invitation {
  user: AdminUserDto;
  /** The raw token for the link; only its hash is stored. */
  token: string;
  expiresAt: Date;
  resent: boolean;
}

/** What POST /users made: an invitation, or (a rider with no email) an account active at once. */
export type Invited = Invitation | { user: AdminUserDto; token: null; expiresAt: null; resent: false };

/**
 * Riders sign in with a code to their mobile number (the rider app), so a rider needs one; only a
 * rider-only account may go without an email. 422 on the field, nothing made.
 */
function assertSignInFor(roles: RoleName[], email: string | null | undefined, mobileNumber: string | null | undefined): void {
  if (needsMobile(roles) && !mobileNumber) throw fieldError('mobileNumber', M.riderMobile, 'RULE_BROKEN');
  if (!email && !mayGoWithoutEmail(roles)) throw fieldError('email', M.emailRequired, 'RULE_BROKEN');
}

/**
 * POST /users: an INVITED account with the given roles and a single-use invitation (7 days); the person
 * sets their password with registerWithEmail. Inviting an email that is already invited (and in the
 * inviter's scope) replaces the link with a fresh one; any other existing email is a 409.
 */
export async function inviteUser(db: Db, actor: Actor, input: InviteUserInput, options: Options = {}): Promise<Invited> {
  if (!actor.ability.can('create', 'User')) throw forbidden('You are not allowed to invite users');
  assertMayChangeRoles(actor, input.roles);
  assertKnownCities(input.serviceAreaCodes);
  assertSignInFor(input.roles, input.email, input.mobileNumber);
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);

  return db.transaction(async (tx): Promise<Invited> => {
    const [existing] = input.email ? await tx.select().from(users).where(eq(users.email, input.email)).limit(1) : [];
    if (existing) {
      const mayResend = existing.status === 'INVITED' && (await findAdminUser(tx, existing.id, lookupScope(actor)));
      if (!mayResend) throw fieldError('email', M.emailTaken, 'CONFLICT');
      await tx.delete(invitations).where(and(eq(invitations.userId, existing.id), isNull(invitations.acceptedAt)));
      await tx.insert(invitations).values({ tokenHash: hash, userId: existing.id, expiresAt, invitedById: actor.id });
      const user = await loadInTx(tx, existing.id);
      await logUser(
        tx,
        actor,
        'UPDATED',
        existing.id,
        `Invitation to ${user.name} sent again`,
        null,
        { invitationExpiresAt: expiresAt.toISOString() },
        options,
      );
      return { user, token, expiresAt, resent: true };
    }
    await assertFree(tx, 'mobileNumber', input.mobileNumber);
    const clientType = input.clientType ?? 'individual';
    // No email, no link to send: the rider signs in with a code to the mobile number, so the account works at once.
    const byMobile = !input.email;
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        mobileNumber: input.mobileNumber ?? null,
        status: byMobile ? 'ACTIVE' : 'INVITED',
        accountType: clientType,
        businessName: clientType === 'business' ? (input.businessName ?? null) : null,
        serviceAreaCodes: input.serviceAreaCodes ?? [],
        isEmployee: input.roles.some((r) => EMPLOYEE_ROLES.includes(r)),
        agentCode: input.roles.some((r) => AGENT_CODE_ROLES.includes(r)) ? newAgentCode() : null,
        createdById: actor.id,
      })
      .returning({ id: users.id });
    const userId = created!.id;
    await replaceRoles(tx, userId, input.roles, []);
    const roleNames = input.roles.map((r) => ROLE_NAME_LABELS[r]).join(', ');
    if (byMobile) {
      const user = await loadInTx(tx, userId);
      await logUser(tx, actor, 'CREATED', userId, `${user.name} added as ${roleNames}`, null, summaryOf(user), options);
      return { user, token: null, expiresAt: null, resent: false };
    }
    await tx.insert(invitations).values({ tokenHash: hash, userId, expiresAt, invitedById: actor.id });
    const user = await loadInTx(tx, userId);
    await logUser(tx, actor, 'CREATED', userId, `${user.name} invited as ${roleNames}`, null, summaryOf(user), options);
    return { user, token, expiresAt, resent: false };
  });
}

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
}

/** The invitation email; false when the provider failed (the invitation stands and can be sent again). */
export async function sendInvitationEmail(
  email: EmailProvider,
  publicUrl: string,
  actor: Actor,
  invitation: Invitation,
  log: { error(obj: object, msg: string): void },
): Promise<boolean> {
  const { user, token, expiresAt } = invitation;
  const inviter = `${actor.user.firstName} ${actor.user.lastName}`.trim();
  const roleNames = user.roles.map((r) => ROLE_NAME_LABELS[r.name]).join(', ');
  const days = Math.round((expiresAt.getTime() - Date.now()) / 86_400_000);
  // The invited person has no language yet: the inviter's, who knows them (docs/decisions.md "Texts to people in their language").
  const language = readerLanguage(actor.user.language);
  try {
    await email.send({
      to: user.email!,
      subject: EMAIL_TEXTS.t(language, 'invitation.subject'),
      text: EMAIL_TEXTS.t(language, 'invitation.body', {
        firstName: user.firstName,
        inviter,
        roles: roleNames,
        link: invitationLink(publicUrl, token),
        days,
      }),
    });
    return true;
  } catch (error) {
    log.error({ err: error, userId: user.id }, 'invitation email could not be sent');
    return false;
  }
}

// ---- Edit -----------------------------------------------------------------------------------------------

const SELF_SERVICE_FIELDS = new Set<keyof UpdateUserInput>(['firstName', 'lastName', 'email']);
const isAdmin = (actor: Actor) => actor.roles.some((r) => ADMIN_ROLES.includes(r));

/**
 * Someone else's account: only admins edit an admin's account, and only admins change how a staff-side
 * account signs in (email, mobile number): staff could otherwise point a more powerful or a colleague's
 * account at their own phone and sign in as them with a one-time code.
 */
function assertMayEditAccount(actor: Actor, targetRoles: RoleName[], input: UpdateUserInput): void {
  if (isAdmin(actor)) return;
  if (targetRoles.some((r) => ADMIN_ROLES.includes(r))) throw forbidden(M.adminsOnly);
  if (targetRoles.every((r) => CUSTOMER_SIDE_ROLES.includes(r))) return;
  const signIn = (['email', 'mobileNumber'] as const).filter((k) => input[k] !== undefined);
  if (signIn.length > 0)
    throw forbidden(
      M.staffSignIn,
      signIn.map((field) => ({ field, message: M.staffSignIn })),
    );
}

/**
 * PUT /users/{id}. Staff and admins edit anyone; someone whose `update User` is about their own account
 * (a customer) edits only their own names and email. Nobody changes their own roles.
 */
export async function updateUser(db: Db, actor: Actor, id: string, input: UpdateUserInput, options: Options = {}): Promise<AdminUserDto> {
  if (!actor.ability.can('update', 'User')) throw forbidden('You are not allowed to edit users');
  const platform = seesAllUsers(actor);
  if (!platform) {
    if (id !== actor.id) throw userNotFound();
    const staffOnly = (Object.keys(input) as (keyof UpdateUserInput)[]).filter((k) => input[k] !== undefined && !SELF_SERVICE_FIELDS.has(k));
    if (staffOnly.length > 0)
      throw forbidden(
        M.staffOnly,
        staffOnly.map((field) => ({ field, message: M.staffOnly })),
      );
  }
  assertKnownCities(input.serviceAreaCodes);

  const updated = await db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    const before = await loadInTx(tx, id);
    const current = before.roles.map((r) => r.name);
    if (id !== actor.id) assertMayEditAccount(actor, current, input);
    let add: RoleName[] = [];
    let remove: RoleName[] = [];
    if (input.roles) {
      add = input.roles.filter((r) => !current.includes(r));
      remove = current.filter((r) => !input.roles!.includes(r));
      if ((add.length > 0 || remove.length > 0) && id === actor.id) throw forbidden(M.ownRoles, [{ field: 'roles', message: M.ownRoles }]);
      assertMayChangeRoles(actor, [...add, ...remove]);
    }
    // An email typed here proves nothing about who owns it (docs/decisions.md "Email proof"): one's own
    // changes go through the profile (a link sent to it), and one set for someone else stays unproven until
    // its owner confirms it, so social sign-in does not join the account by it meanwhile.
    const emailChanged = input.email !== undefined && input.email !== row.email;
    if (emailChanged && id === actor.id) throw fieldError('email', M.ownEmail, 'RULE_BROKEN');
    if (input.email !== undefined) await assertFree(tx, 'email', input.email, id);
    if (input.mobileNumber !== undefined) await assertFree(tx, 'mobileNumber', input.mobileNumber, id);
    const email = input.email !== undefined ? input.email : row.email;
    const mobileNumber = input.mobileNumber !== undefined ? input.mobileNumber : row.mobileNumber;
    if (!email && !mobileNumber) {
      throw fieldError(input.email === null ? 'email' : 'mobileNumber', M.signInNeeded, 'RULE_BROKEN');
    }
    // Becoming a rider, or a rider losing the number: riders sign in by mobile (an older rider without one may still be edited).
    if ((add.some((r) => needsMobile([r])) || input.mobileNumber === null) && !mobileNumber && needsMobile(input.roles ?? current)) {
      throw fieldError('mobileNumber', M.riderMobile, 'RULE_BROKEN');
    }
    const clientType = input.clientType ?? row.accountType;
    const businessName = clientType === 'individual' ? null : input.businessName !== undefined ? input.businessName : row.businessName;
    if (clientType === 'business' && !businessName) throw fieldError('businessName', M.businessName, 'RULE_BROKEN');

    const values: Partial<typeof users.$inferInsert> = {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(emailChanged ? { email, emailVerifiedAt: null } : {}),
      ...(input.mobileNumber !== undefined ? { mobileNumber } : {}),
      ...(input.clientType !== undefined || input.businessName !== undefined ? { accountType: clientType, businessName } : {}),
      ...(input.serviceAreaCodes !== undefined ? { serviceAreaCodes: input.serviceAreaCodes } : {}),
      ...(add.some((r) => AGENT_CODE_ROLES.includes(r)) && !row.agentCode ? { agentCode: newAgentCode() } : {}),
    };
    if (Object.keys(values).length > 0) await tx.update(users).set(values).where(eq(users.id, id));
    await replaceRoles(tx, id, add, remove);
    // No longer a business admin: the keys they made for the business die with the role.
    if (remove.includes('business_admin')) await publishNotificationsAfterCommit(tx, await revokeLapsedApiKeys(tx, { userId: id }, actor, options.ip));
    const after = await loadInTx(tx, id);
    const diff = changedKeys(summaryOf(before), summaryOf(after));
    if (Object.keys(diff.after).length > 0) {
      await logUser(tx, actor, 'UPDATED', id, `${after.name} changed (${Object.keys(diff.after).join(', ')})`, diff.before, diff.after, options);
    }
    return after;
  });
  return updated;
}

// ---- Status and flags -----------------------------------------------------------------------------------

/** PUT /users/activate/{id}: an inactive account works again. An invited one must accept its invitation. */
export async function activateUser(db: Db, actor: Actor, id: string, options: Options = {}): Promise<AdminUserDto> {
  if (!actor.ability.can('activate', 'User')) throw forbidden('You are not allowed to activate users');
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    if (row.status === 'INVITED') {
      throw new AppError('RULE_BROKEN', 'This person has not accepted the invitation yet. Invite the same email again to send a new link.');
    }
    if (row.status === 'ACTIVE') return loadInTx(tx, id);
    await tx.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, id));
    const after = await loadInTx(tx, id);
    await logUser(tx, actor, 'ACTIVATED', id, `${after.name} activated`, { status: row.status }, { status: 'ACTIVE' }, options);
    return after;
  });
}

/**
 * DELETE /users/{id}: deactivates (status INACTIVE, every session ended, open invitations voided); the
 * account and its history stay. Not oneself, and not the super admin (transfer the rights first).
 */
export async function deactivateUser(db: Db, actor: Actor, id: string, options: Options = {}): Promise<AdminUserDto> {
  if (!actor.ability.can('deactivate', 'User')) throw forbidden('You are not allowed to deactivate users');
  if (id === actor.id) throw new AppError('RULE_BROKEN', 'You cannot deactivate your own account');
  const deactivated = await db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    const before = await loadInTx(tx, id);
    if (before.roles.some((r) => r.name === 'super_admin')) {
      throw new AppError('RULE_BROKEN', 'Transfer the super admin rights to someone else before deactivating this account');
    }
    if (row.status === 'INACTIVE') return before;
    await tx.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.delete(invitations).where(and(eq(invitations.userId, id), isNull(invitations.acceptedAt)));
    // Their API keys stop with their sessions (reactivating does not bring them back: the business makes new ones).
    await publishNotificationsAfterCommit(tx, await revokeLapsedApiKeys(tx, { userId: id }, actor, options.ip));
    const after = await loadInTx(tx, id);
    await logUser(tx, actor, 'DEACTIVATED', id, `${after.name} deactivated`, { status: row.status }, { status: 'INACTIVE' }, options);
    return after;
  });
  return deactivated;
}

/** PUT /users/set-employee/{id} and /users/unset-employee/{id}: staff and admins. */
export async function setEmployee(db: Db, actor: Actor, id: string, isEmployee: boolean, options: Options = {}): Promise<AdminUserDto> {
  if (!actor.ability.can('update', 'User') || !seesAllUsers(actor)) throw forbidden('You are not allowed to change employee flags');
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    if (row.isEmployee === isEmployee) return loadInTx(tx, id);
    await tx.update(users).set({ isEmployee }).where(eq(users.id, id));
    const after = await loadInTx(tx, id);
    const summary = `${after.name} ${isEmployee ? 'marked as an employee' : 'no longer marked as an employee'}`;
    await logUser(tx, actor, 'UPDATED', id, summary, { isEmployee: row.isEmployee }, { isEmployee }, options);
    return after;
  });
}

// ---- Super admin transfer -------------------------------------------------------------------------------

/**
 * PUT /users/transfers/{id}: the super admin hands its rights to another active account and stays an
 * admin. One transaction under a lock on the super_admin role row, re-checking that the caller still holds
 * the rights: two transfers racing leave exactly one super admin (the second is refused with 403).
 */
export async function transferSuperAdmin(db: Db, actor: Actor, id: string, options: Options = {}) {
  if (!actor.ability.can('super_admin_transfer', 'User')) throw forbidden('Only the super admin can transfer super admin rights');
  if (id === actor.id) throw new AppError('RULE_BROKEN', 'You already hold the super admin rights');
  return db.transaction(async (tx) => {
    // Every transfer takes this row lock first, so transfers happen one after the other.
    const [superRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'super_admin')).for('update');
    const [stillHolds] = await tx
      .select({ n: count() })
      .from(userRoles)
      .where(and(eq(userRoles.userId, actor.id), eq(userRoles.roleId, superRole!.id)));
    if (!stillHolds || Number(stillHolds.n) === 0) throw forbidden('You no longer hold the super admin rights');
    const target = await lockUser(tx, id);
    if (target.status !== 'ACTIVE') throw new AppError('RULE_BROKEN', 'Only an active account can receive the super admin rights');
    const fromBefore = await loadInTx(tx, actor.id);

    await replaceRoles(tx, actor.id, fromBefore.roles.some((r) => r.name === 'admin') ? [] : ['admin'], ['super_admin']);
    await replaceRoles(tx, id, ['super_admin'], []);
    const from = await loadInTx(tx, actor.id);
    const to = await loadInTx(tx, id);
    await logUser(
      tx,
      actor,
      'UPDATED',
      id,
      `Super admin rights transferred from ${from.name} to ${to.name}`,
      { superAdmin: { id: from.id, name: from.name } },
      { superAdmin: { id: to.id, name: to.name } },
      options,
    );
    return { from, to };
  });
}
