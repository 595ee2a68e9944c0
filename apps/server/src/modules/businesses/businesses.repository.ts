import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { normalizeMobileNumber, type AddressInput, type BusinessAddressDto, type BusinessMemberRole, type PersonRefDto, type RoleName } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { businessAddresses, businesses, roles, userRoles, users } from '../../db/schema/index.js';
import { toAddressDto } from '../addresses/index.js';
import { escapeLike } from '../../db/paging.js';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusinessRow = typeof businesses.$inferInsert;
export type BusinessAddressRow = typeof businessAddresses.$inferSelect;

export const live = isNull(businesses.deletedAt);

export interface MemberRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  mobileNumber: string | null;
  status: string;
  role: BusinessMemberRole;
}

export async function findBusiness(db: DbOrTx, where: SQL): Promise<BusinessRow | null> {
  const [row] = await db.select().from(businesses).where(and(live, where)).limit(1);
  return row ?? null;
}

/** Locks the business row until the transaction ends: member changes of one business run one at a time. */
export async function lockBusiness(db: DbOrTx, id: string): Promise<BusinessRow | null> {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(live, eq(businesses.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Part of the name or email, a TIN (digits only compared) or a mobile number in any spelling. */
export function businessSearch(raw: string | undefined): SQL | undefined {
  const term = raw?.trim();
  if (!term) return undefined;
  const mobile = normalizeMobileNumber(term);
  if (mobile) return eq(businesses.mobileNumber, mobile);
  const pattern = `%${escapeLike(term)}%`;
  const parts: SQL[] = [ilike(businesses.name, pattern), ilike(businesses.email, pattern)];
  const digits = term.replace(/[\s-]/g, '');
  if (/^\d{3,14}$/.test(digits)) parts.push(sql`replace(${businesses.tin}, '-', '') like ${`${digits}%`}`);
  return or(...parts);
}

export async function listBusinesses(db: DbOrTx, where: SQL, page: { page: number; limit: number }): Promise<{ rows: BusinessRow[]; total: number }> {
  const [totals] = await db.select({ n: count() }).from(businesses).where(where);
  const rows = await db
    .select()
    .from(businesses)
    .where(where)
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { rows, total: Number(totals?.n ?? 0) };
}

export async function insertBusiness(db: DbOrTx, values: NewBusinessRow): Promise<BusinessRow> {
  const [row] = await db.insert(businesses).values(values).returning();
  return row!;
}

export async function updateBusinessRow(db: DbOrTx, id: string, values: Partial<NewBusinessRow>): Promise<BusinessRow> {
  const [row] = await db.update(businesses).set(values).where(eq(businesses.id, id)).returning();
  return row!;
}

/** People shown with a business (owner, account manager), by id. */
export async function peopleByIds(db: DbOrTx, ids: string[]): Promise<Map<string, PersonRefDto>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, mobileNumber: users.mobileNumber })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, toPersonRef(r)]));
}

export function toPersonRef(r: { id: string; firstName: string; lastName: string; email: string | null; mobileNumber: string | null }): PersonRefDto {
  return { id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, mobileNumber: r.mobileNumber };
}

export async function memberCounts(db: DbOrTx, businessIds: string[]): Promise<Map<string, number>> {
  if (businessIds.length === 0) return new Map();
  const rows = await db
    .select({ businessId: users.businessId, n: count() })
    .from(users)
    .where(inArray(users.businessId, businessIds))
    .groupBy(users.businessId);
  return new Map(rows.map((r) => [r.businessId!, Number(r.n)]));
}

export async function defaultAddresses(db: DbOrTx, businessIds: string[]): Promise<Map<string, BusinessAddressRow>> {
  if (businessIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(businessAddresses)
    .where(and(inArray(businessAddresses.businessId, businessIds), eq(businessAddresses.isDefault, true)));
  return new Map(rows.map((r) => [r.businessId, r]));
}

const MEMBER_ROLE_NAMES: RoleName[] = ['business_admin', 'business_member'];

/**
 * The people of a business with their business role: admins first, then by name. Someone with both
 * roles (possible only through manual edits) counts as an admin.
 */
export async function listMembers(db: DbOrTx, businessId: string): Promise<MemberRow[]> {
  // Written out: drizzle leaves columns in a select list unqualified, which `id` inside the subquery would misread.
  const isAdmin = sql<boolean>`exists (select 1 from "user_roles" ur join "roles" r on r.id = ur.role_id
    where ur.user_id = "users"."id" and r.name = 'business_admin')`;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobileNumber: users.mobileNumber,
      status: users.status,
      isAdmin,
    })
    .from(users)
    .where(eq(users.businessId, businessId))
    .orderBy(desc(isAdmin), asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(1000);
  return rows.map(({ isAdmin: admin, ...r }) => ({ ...r, role: admin ? 'business_admin' : 'business_member' }));
}

export async function listAddresses(db: DbOrTx, businessId: string): Promise<BusinessAddressRow[]> {
  return db
    .select()
    .from(businessAddresses)
    .where(eq(businessAddresses.businessId, businessId))
    .orderBy(desc(businessAddresses.isDefault), desc(businessAddresses.createdAt), desc(businessAddresses.id));
}

export async function countAddresses(db: DbOrTx, businessId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(businessAddresses).where(eq(businessAddresses.businessId, businessId));
  return Number(row?.n ?? 0);
}

export async function insertBusinessAddress(db: DbOrTx, businessId: string, input: AddressInput, isDefault: boolean): Promise<BusinessAddressRow> {
  if (isDefault) {
    // One default per business (a partial unique index): clear the old one first.
    await db
      .update(businessAddresses)
      .set({ isDefault: false })
      .where(and(eq(businessAddresses.businessId, businessId), eq(businessAddresses.isDefault, true)));
  }
  const [row] = await db
    .insert(businessAddresses)
    .values({
      businessId,
      label: input.label ?? null,
      name: input.name,
      mobileNumber: input.mobileNumber,
      email: input.email ?? null,
      provinceCode: input.provinceCode,
      cityCode: input.cityCode,
      barangayCode: input.barangayCode,
      streetName: input.streetName,
      isDefault,
    })
    .returning();
  return row!;
}

export function toBusinessAddressDto(row: BusinessAddressRow): BusinessAddressDto {
  return { ...toAddressDto(row), businessId: row.businessId };
}

// ---- Members -------------------------------------------------------------------------------------------

export interface Candidate {
  id: string;
  status: string;
  businessId: string | null;
  roles: RoleName[];
}

export async function findCandidate(db: DbOrTx, by: { userId?: string; mobileNumber?: string }): Promise<Candidate | null> {
  const where = by.userId ? eq(users.id, by.userId) : eq(users.mobileNumber, by.mobileNumber!);
  const [user] = await db.select({ id: users.id, status: users.status, businessId: users.businessId }).from(users).where(where).limit(1);
  if (!user) return null;
  return { ...user, roles: await rolesOf(db, user.id) };
}

export async function rolesOf(db: DbOrTx, userId: string): Promise<RoleName[]> {
  const rows = await db.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name);
}

export async function removeRoles(db: DbOrTx, userId: string, names: RoleName[]): Promise<void> {
  await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, db.select({ id: roles.id }).from(roles).where(inArray(roles.name, names)))));
}

export { MEMBER_ROLE_NAMES };

/** Whether another live business holds this person. */
export async function isInOtherLiveBusiness(db: DbOrTx, businessId: string | null, exceptId: string): Promise<boolean> {
  if (!businessId || businessId === exceptId) return false;
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), live, ne(businesses.id, exceptId)));
  return Boolean(row);
}
