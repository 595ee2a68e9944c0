import { and, desc, eq } from 'drizzle-orm';
import {
  ACCOUNT_MANAGER_ROLES,
  BUSINESS_LIMITS,
  type BusinessAddressDto,
  type BusinessDetailDto,
  type BusinessDto,
  type BusinessListQuery,
  type BusinessMemberRole,
  type RoleName,
  type CreateBusinessAddressBody as CreateAddressInput,
  type CreateBusinessBody as CreateInput,
  type UpdateBusinessBody as UpdateInput,
} from '@hatid/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { lockLimit } from '../../db/locks.js';
import { businesses, users } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { checkPlaces } from '../addresses/index.js';
import { assignRoles, findUserByEmail } from '../users/index.js';
import { issueEmailProof, sendEmailProof, type IssuedProof, type ProofMailer } from '../users/index.js';
import { newAgentCode } from '../users/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { revokeLapsedApiKeys } from '../api-keys/index.js';
import { publishNotificationsAfterCommit } from '../notifications/index.js';
import {
  businessSearch,
  countAddresses,
  defaultAddresses,
  findBusiness,
  findCandidate,
  insertBusiness,
  insertBusinessAddress,
  isInOtherLiveBusiness,
  listAddresses,
  listBusinesses,
  listMembers,
  live,
  lockBusiness,
  MEMBER_ROLE_NAMES,
  memberCounts,
  peopleByIds,
  removeRoles,
  rolesOf,
  toBusinessAddressDto,
  toPersonRef,
  updateBusinessRow,
  type BusinessRow,
  type MemberRow,
  type NewBusinessRow,
} from './businesses.repository.js';
import {
  assertMayUpdateBusinesses,
  assertMayViewBusinesses,
  businessScope,
  forbidden,
  managesClientAccounts,
  runsBusiness,
  updatesClients,
} from './businesses.scope.js';

type MemberInput = NonNullable<UpdateInput['addMembers']>[number];
type NewPerson = NonNullable<CreateInput['newOwner']>;
/**
 * `mailer`: sends the email-confirmation links of people signed up with the change, after commit.
 */
type Options = { ip?: string; now?: Date; mailer?: ProofMailer };
/** An email-confirmation link owed to someone signed up inside the transaction. */
type OwedProof = { userId: string; firstName: string; proof: IssuedProof };

export const BUSINESS_CATEGORY = 'businesses';

/** Accounts that may belong to a business: customer-side ones only (never staff-side accounts). */
const CUSTOMER_SIDE: ReadonlySet<RoleName> = new Set(['customer', 'business_admin', 'business_member']);

const MESSAGES = {
  noAccount: 'No account has this mobile number. Ask them to sign up first.',
  noPerson: 'Person not found',
  inactive: 'This account is not active',
  notCustomer: 'Only customer accounts can join a business',
  elsewhere: 'This person already belongs to another business',
  selfElsewhere: 'You already belong to a business',
  notMember: 'This person is not a member of this business',
  needsAdmin: 'A business with members needs at least one business admin',
  accountManager: 'Choose an active staff member or admin',
  addresses: `A business can keep at most ${BUSINESS_LIMITS.maxAddresses} addresses`,
  onlyAdmins: "Only the business's admins may change it",
  staffOnly: 'Only staff and admins may change this',
  signUpStaffOnly: 'Only staff sign up new people for a business; add an existing account by its mobile number',
  mobileTaken: 'This mobile number already has an account: pick that person instead',
  emailTaken: 'This email is already used by another account: pick that person instead',
} as const;

// ---- Reading --------------------------------------------------------------------------------------------

async function toBusinessDtos(db: DbOrTx, rows: BusinessRow[]): Promise<BusinessDto[]> {
  const ids = rows.map((r) => r.id);
  const [people, counts, defaults] = await Promise.all([
    peopleByIds(
      db,
      rows.flatMap((r) => [r.ownerId, r.accountManagerId].filter((v): v is string => Boolean(v))),
    ),
    memberCounts(db, ids),
    defaultAddresses(db, ids),
  ]);
  return rows.map((row) => {
    const address = defaults.get(row.id);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      mobileNumber: row.mobileNumber,
      tin: row.tin,
      isActive: row.isActive,
      owner: (row.ownerId && people.get(row.ownerId)) || null,
      accountManager: (row.accountManagerId && people.get(row.accountManagerId)) || null,
      invoiceAccount: {
        invoiceBillingEnabled: row.invoiceBillingEnabled,
        paymentTermsInDays: row.paymentTermsInDays,
        creditLimitInCents: row.creditLimitInCents,
      },
      memberCount: counts.get(row.id) ?? 0,
      defaultAddress: address ? toBusinessAddressDto(address) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function toDetail(db: DbOrTx, row: BusinessRow): Promise<BusinessDetailDto> {
  const [[base], members, addresses] = await Promise.all([toBusinessDtos(db, [row]), listMembers(db, row.id), listAddresses(db, row.id)]);
  return {
    ...base!,
    members: members.map((m) => ({ ...toPersonRef(m), role: m.role, status: m.status, isOwner: m.id === row.ownerId })),
    addresses: addresses.map(toBusinessAddressDto),
  };
}

export async function listBusinessesFor(db: Db, actor: Actor, query: BusinessListQuery) {
  assertMayViewBusinesses(actor);
  const { rows, total } = await listBusinesses(db, and(businessScope(actor), businessSearch(query.search))!, query);
  const totalPages = Math.ceil(total / query.limit);
  return {
    data: await toBusinessDtos(db, rows),
    page: query.page,
    limit: query.limit,
    total,
    totalPages,
    hasNextPage: query.page < totalPages,
  };
}

async function findVisible(db: DbOrTx, actor: Actor, id: string): Promise<BusinessRow> {
  const row = await findBusiness(db, and(eq(businesses.id, id), businessScope(actor))!);
  if (!row) throw notFound('Business');
  return row;
}

export async function getBusiness(db: Db, actor: Actor, id: string): Promise<BusinessDetailDto> {
  assertMayViewBusinesses(actor);
  return toDetail(db, await findVisible(db, actor, id));
}

/** The business named, or the caller's own: the one they belong to, else the newest one they registered. */
async function resolveBusiness(db: Db, actor: Actor, businessId: string | undefined): Promise<BusinessRow> {
  let id = businessId ?? actor.user.businessId ?? null;
  if (!id) {
    const [owned] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.ownerId, actor.id), live))
      .orderBy(desc(businesses.createdAt))
      .limit(1);
    id = owned?.id ?? null;
  }
  if (!id) throw notFound('Business');
  return findVisible(db, actor, id);
}

export async function listBusinessAddresses(db: Db, actor: Actor, businessId?: string): Promise<BusinessAddressDto[]> {
  assertMayViewBusinesses(actor);
  const business = await resolveBusiness(db, actor, businessId);
  return (await listAddresses(db, business.id)).map(toBusinessAddressDto);
}

// ---- Changing -------------------------------------------------------------------------------------------

/** What the log keeps of a business: its settings and who is in it with which role. */
function audit(row: BusinessRow, members: MemberRow[]): Record<string, unknown> {
  return {
    name: row.name,
    email: row.email,
    mobileNumber: row.mobileNumber,
    tin: row.tin,
    isActive: row.isActive,
    ownerId: row.ownerId,
    accountManagerId: row.accountManagerId,
    invoiceBillingEnabled: row.invoiceBillingEnabled,
    paymentTermsInDays: row.paymentTermsInDays,
    creditLimitInCents: row.creditLimitInCents,
    members: members.map((m) => ({ userId: m.id, role: m.role })),
  };
}

function log(db: DbOrTx, actor: Actor, entry: Omit<Parameters<typeof recordActivity>[1], 'actor' | 'category'>) {
  return recordActivity(db, { actor, category: BUSINESS_CATEGORY, ...entry });
}

/** Staff-only fields (DECISIONS "Billings and invoices": the invoice account is set by staff). */
function assertAccountFields(actor: Actor, input: Partial<Pick<UpdateInput, 'isActive' | 'accountManagerId' | 'invoiceAccount'>>) {
  if (managesClientAccounts(actor)) return;
  for (const field of ['isActive', 'accountManagerId', 'invoiceAccount'] as const) {
    if (input[field] !== undefined) throw forbidden(MESSAGES.staffOnly, field);
  }
}

async function assertAccountManager(db: DbOrTx, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  const [user] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  const roles = user ? await rolesOf(db, userId) : [];
  const staff = roles.some((r) => (ACCOUNT_MANAGER_ROLES as readonly RoleName[]).includes(r));
  if (user?.status !== 'ACTIVE' || !staff) throw fieldError('accountManagerId', MESSAGES.accountManager, 'RULE_BROKEN');
}

function invoiceColumns(input: UpdateInput['invoiceAccount']): Partial<NewBusinessRow> {
  const columns: Partial<NewBusinessRow> = {};
  if (input?.invoiceBillingEnabled !== undefined) columns.invoiceBillingEnabled = input.invoiceBillingEnabled;
  if (input?.paymentTermsInDays !== undefined) columns.paymentTermsInDays = input.paymentTermsInDays;
  if (input?.creditLimitInCents !== undefined) columns.creditLimitInCents = input.creditLimitInCents;
  return columns;
}

/**
 * Client staff sign up someone new for a business (its owner, a colleague): an ACTIVE customer account on
 * the mobile number, which its owner opens with a one-time code like any customer; the email, when given,
 * becomes theirs once they open the link sent to it (the account's email is never set on a stranger's
 * word). Answers the new account's id; the link is owed to `proofs`, sent after commit.
 */
async function signUpPerson(tx: Tx, actor: Actor, person: NewPerson, field: string, proofs: OwedProof[], ip?: string): Promise<string> {
  if (!updatesClients(actor)) throw forbidden(MESSAGES.signUpStaffOnly, field);
  const [byMobile] = await tx.select({ id: users.id }).from(users).where(eq(users.mobileNumber, person.mobileNumber)).limit(1);
  if (byMobile) throw fieldError(`${field}.mobileNumber`, MESSAGES.mobileTaken, 'CONFLICT');
  if (person.email && (await findUserByEmail(tx, person.email))) throw fieldError(`${field}.email`, MESSAGES.emailTaken, 'CONFLICT');
  let id: string;
  try {
    const [created] = await tx
      .insert(users)
      .values({ firstName: person.firstName, lastName: person.lastName, mobileNumber: person.mobileNumber, agentCode: newAgentCode(), createdById: actor.id })
      .returning({ id: users.id });
    id = created!.id;
  } catch (error) {
    // Someone took the number between the check and the insert.
    if (isUniqueViolation(error)) throw fieldError(`${field}.mobileNumber`, MESSAGES.mobileTaken, 'CONFLICT');
    throw error;
  }
  await assignRoles(tx, id, ['customer']);
  if (person.email) proofs.push({ userId: id, firstName: person.firstName, proof: await issueEmailProof(tx, id, person.email, `${field}.email`) });
  const name = `${person.firstName} ${person.lastName}`.trim();
  await recordActivity(tx, {
    actor,
    action: 'CREATED',
    entity: 'User',
    entityId: id,
    category: 'users',
    summary: `${name} signed up as a customer for a business`,
    after: { name, mobileNumber: person.mobileNumber, pendingEmail: person.email ?? null, roles: ['customer'], status: 'ACTIVE' },
    ip: ip ?? null,
  });
  return id;
}

/** Sends the links owed after commit; a failure is logged (the person asks for another from their profile). */
async function sendOwedProofs(mailer: ProofMailer | undefined, proofs: OwedProof[]): Promise<void> {
  if (!mailer) return;
  for (const { userId, firstName, proof } of proofs) {
    await sendEmailProof(mailer.email, mailer.publicUrl, firstName, proof, mailer.language).catch((error: unknown) =>
      mailer.log.error({ err: error, userId }, 'email confirmation link could not be sent'),
    );
  }
}

/**
 * Puts a customer-side account in the business with `role` (or changes its role there). The person keeps
 * their account; `users.business_id` says which business, the role what they may do in it.
 */
async function addMember(
  tx: Tx,
  actor: Actor,
  business: BusinessRow,
  input: { userId?: string; mobileNumber?: string; role: BusinessMemberRole },
  field: string,
) {
  const who = await findCandidate(tx, input);
  const fail = (message: string, code: 'RULE_BROKEN' | 'CONFLICT' = 'RULE_BROKEN') => fieldError(field, message, code);
  if (!who) throw fail(input.mobileNumber ? MESSAGES.noAccount : MESSAGES.noPerson);
  if (who.status !== 'ACTIVE') throw fail(MESSAGES.inactive);
  if (who.roles.length === 0 || !who.roles.every((r) => CUSTOMER_SIDE.has(r))) throw fail(MESSAGES.notCustomer);
  if (await isInOtherLiveBusiness(tx, who.businessId, business.id)) {
    throw fail(who.id === actor.id ? MESSAGES.selfElsewhere : MESSAGES.elsewhere, 'CONFLICT');
  }
  await tx.update(users).set({ businessId: business.id, accountType: 'business', businessName: business.name }).where(eq(users.id, who.id));
  await removeRoles(
    tx,
    who.id,
    MEMBER_ROLE_NAMES.filter((r) => r !== input.role),
  );
  await assignRoles(tx, who.id, [input.role]);
}

/** Takes a person out of the business: no business, no business role; a customer account again. */
async function removeMember(tx: Tx, business: BusinessRow, userId: string, field: string) {
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.businessId, business.id)));
  if (!member) throw fieldError(field, MESSAGES.notMember, 'RULE_BROKEN');
  await tx.update(users).set({ businessId: null, accountType: 'individual', businessName: null }).where(eq(users.id, userId));
  await removeRoles(tx, userId, MEMBER_ROLE_NAMES);
  if ((await rolesOf(tx, userId)).length === 0) await assignRoles(tx, userId, ['customer']);
  // The person who registered the business runs it only while they are in it.
  if (business.ownerId === userId) await updateBusinessRow(tx, business.id, { ownerId: null });
}

function assertHasAdmin(members: MemberRow[], field: string) {
  if (members.length > 0 && !members.some((m) => m.role === 'business_admin')) throw fieldError(field, MESSAGES.needsAdmin, 'RULE_BROKEN');
}

/**
 * POST /businesses. A customer registers their own business and becomes its owner and business admin (a
 * second one is refused: a person belongs to one business). Client staff create one for a client, with its
 * owner (a customer-side account, who becomes its admin) when given.
 */
export async function createBusiness(db: Db, actor: Actor, input: CreateInput, options: Options = {}): Promise<BusinessDetailDto> {
  const asStaff = actor.ability.can('create', 'Client');
  if (!asStaff && !actor.ability.can('create', 'Business')) throw forbidden('You are not allowed to create businesses');
  if (!asStaff && input.ownerId && input.ownerId !== actor.id) throw forbidden('You can only register a business of your own', 'ownerId');
  assertAccountFields(actor, input);
  if (!asStaff && input.newOwner) throw forbidden(MESSAGES.signUpStaffOnly, 'newOwner');
  const ownerId = asStaff ? (input.ownerId ?? null) : actor.id;
  if (input.address) await checkPlaces(db, input.address);
  await assertAccountManager(db, input.accountManagerId);
  // An owner who does not exist is the caller's mistake, said about the field (the insert's foreign key
  // would refuse it too, but as a database error); addMember checks the rest inside the transaction.
  if (ownerId && !(await findCandidate(db, { userId: ownerId }))) throw fieldError('ownerId', MESSAGES.noPerson, 'RULE_BROKEN');

  const proofs: OwedProof[] = [];
  const detail = await db.transaction(async (tx) => {
    const newOwnerId = input.newOwner ? await signUpPerson(tx, actor, input.newOwner, 'newOwner', proofs, options.ip) : null;
    const owner = ownerId ?? newOwnerId;
    const row = await insertBusiness(tx, {
      name: input.name,
      email: input.email ?? null,
      mobileNumber: input.mobileNumber ?? null,
      tin: input.tin ?? null,
      ownerId: owner,
      accountManagerId: input.accountManagerId ?? null,
      ...invoiceColumns(input.invoiceAccount),
    });
    if (owner) await addMember(tx, actor, row, { userId: owner, role: 'business_admin' }, newOwnerId ? 'newOwner' : 'ownerId');
    if (input.address) await insertBusinessAddress(tx, row.id, input.address, true);
    await log(tx, actor, {
      action: 'CREATED',
      entity: 'Business',
      entityId: row.id,
      summary: `Business ${row.name} created`,
      after: audit(row, await listMembers(tx, row.id)),
      ip: options.ip ?? null,
    });
    return toDetail(tx, row);
  });
  await sendOwedProofs(options.mailer, proofs);
  return detail;
}

/**
 * PATCH /businesses/{id}: profile fields by its admins (or the customer who registered it) and client staff;
 * invoice account, account manager and active flag by staff and admins; members by its admins and client
 * staff. Logged with the changed fields before and after.
 */
export async function updateBusiness(db: Db, actor: Actor, id: string, input: UpdateInput, options: Options = {}): Promise<BusinessDetailDto> {
  assertMayUpdateBusinesses(actor);
  const visible = await findVisible(db, actor, id);
  if (!updatesClients(actor) && !runsBusiness(actor, visible)) throw forbidden(MESSAGES.onlyAdmins);
  assertAccountFields(actor, input);
  await assertAccountManager(db, input.accountManagerId);

  const proofs: OwedProof[] = [];
  const detail = await db.transaction(async (tx) => {
    const before = await lockBusiness(tx, id);
    if (!before) throw notFound('Business');
    const membersBefore = await listMembers(tx, id);
    const changes: Partial<NewBusinessRow> = { ...invoiceColumns(input.invoiceAccount) };
    for (const key of ['name', 'email', 'mobileNumber', 'tin', 'accountManagerId'] as const) {
      if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
    }
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    let row = Object.keys(changes).length > 0 ? await updateBusinessRow(tx, id, changes) : before;
    if (row.name !== before.name) await tx.update(users).set({ businessName: row.name }).where(eq(users.businessId, id));

    for (const [i, userId] of (input.removeMemberIds ?? []).entries()) await removeMember(tx, row, userId, `removeMemberIds.${i}`);
    for (const [i, member] of (input.addMembers ?? []).entries()) {
      const { newPerson, ...rest } = member as MemberInput;
      if (newPerson) {
        const userId = await signUpPerson(tx, actor, newPerson, `addMembers.${i}.newPerson`, proofs, options.ip);
        await addMember(tx, actor, row, { userId, role: rest.role }, `addMembers.${i}.newPerson`);
      } else {
        await addMember(tx, actor, row, rest, `addMembers.${i}.${member.userId ? 'userId' : 'mobileNumber'}`);
      }
    }
    const membersAfter = await listMembers(tx, id);
    assertHasAdmin(membersAfter, input.removeMemberIds?.length ? 'removeMemberIds' : 'addMembers');
    // A removed admin's keys, and those of an admin made a member, are revoked with the change.
    if (input.removeMemberIds?.length || input.addMembers?.length)
      await publishNotificationsAfterCommit(tx, await revokeLapsedApiKeys(tx, { businessId: id }, actor, options.ip));
    if (input.removeMemberIds?.length) row = (await findBusiness(tx, eq(businesses.id, id))) ?? row;

    const was = audit(before, membersBefore);
    const now = audit(row, membersAfter);
    const changed = Object.keys(now).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]));
    if (changed.length > 0) {
      await log(tx, actor, {
        action: 'UPDATED',
        entity: 'Business',
        entityId: id,
        summary: `Business ${row.name} changed: ${changed.join(', ')}`,
        before: Object.fromEntries(changed.map((k) => [k, was[k]])),
        after: Object.fromEntries(changed.map((k) => [k, now[k]])),
        status: row.isActive ? 'ACTIVE' : 'INACTIVE',
        ip: options.ip ?? null,
      });
    }
    return toDetail(tx, row);
  });
  await sendOwedProofs(options.mailer, proofs);
  return detail;
}

/**
 * DELETE /businesses/{id} (admins): a soft delete. Its shipments and billings keep pointing at it; its
 * people leave it (customer accounts again), so nobody keeps seeing the business's shipments through it.
 */
export async function deleteBusiness(db: Db, actor: Actor, id: string, options: Options = {}): Promise<void> {
  if (!actor.ability.can('delete', 'Client')) throw forbidden('Only admins delete businesses');
  await findVisible(db, actor, id);
  await db.transaction(async (tx) => {
    const before = await lockBusiness(tx, id);
    if (!before) throw notFound('Business');
    const members = await listMembers(tx, id);
    for (const member of members) await removeMember(tx, before, member.id, 'id');
    // Nobody is left in it to tell; the keys show revoked, with why, on the admins' list.
    await revokeLapsedApiKeys(tx, { businessId: id }, actor, options.ip);
    await updateBusinessRow(tx, id, { deletedAt: options.now ?? new Date(), isActive: false });
    await log(tx, actor, {
      action: 'DELETED',
      entity: 'Business',
      entityId: id,
      summary: `Business ${before.name} deleted (${members.length} member${members.length === 1 ? '' : 's'} removed)`,
      before: audit(before, members),
      status: 'DELETED',
      ip: options.ip ?? null,
    });
  });
}

/** POST /businesses/address: a pick-up or billing address; the first one (or one marked so) is the default. */
export async function addBusinessAddress(db: Db, actor: Actor, input: CreateAddressInput, options: Options = {}): Promise<BusinessAddressDto> {
  assertMayUpdateBusinesses(actor);
  const { businessId, ...address } = input;
  const business = await resolveBusiness(db, actor, businessId);
  if (!updatesClients(actor) && !runsBusiness(actor, business)) throw forbidden(MESSAGES.onlyAdmins);
  await checkPlaces(db, address);
  return db.transaction(async (tx) => {
    // Parallel saves for one business are counted one after the other.
    await lockLimit(tx, 'business-addresses', business.id);
    const existing = await countAddresses(tx, business.id);
    if (existing >= BUSINESS_LIMITS.maxAddresses) throw new AppError('RULE_BROKEN', MESSAGES.addresses);
    const row = await insertBusinessAddress(tx, business.id, address, Boolean(address.isDefault) || existing === 0);
    const dto = toBusinessAddressDto(row);
    await log(tx, actor, {
      action: 'CREATED',
      entity: 'BusinessAddress',
      entityId: row.id,
      summary: `Address "${dto.label ?? dto.streetName}" added to ${business.name}`,
      after: {
        businessId: business.id,
        label: dto.label,
        streetName: dto.streetName,
        cityCode: dto.cityCode,
        provinceCode: dto.provinceCode,
        isDefault: dto.isDefault,
      },
      ip: options.ip ?? null,
    });
    return dto;
  });
}
