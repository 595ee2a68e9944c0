import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  USER_LIST_STATUSES,
  type AdminUserDto,
  type RoleName,
  type UserListStatus,
  type UserOptionDto,
  type UserStatusCounts,
} from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { cachedEstimate, countOrEstimate, EXACT_COUNT_LIMIT } from '../../db/estimate.js';

/** Up to this many matches in all, every status tab is counted exactly in one pass. */
const GROUPED_COUNT_LIMIT = 3 * EXACT_COUNT_LIMIT;
import { roles, userRoles, users } from '../../db/schema/index.js';
import { toUserDto, type UserRow } from './users.repository.js';

const creator = alias(users, 'creator');

export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A user's name, email and mobile number as one text: the expression of the users_search_trgm_idx trigram
 * index (schema/users.ts), so a search by any part of any of them is one index lookup.
 */
const userSearchText = sql<string>`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || coalesce(${users.email}, '') || ' ' || coalesce(${users.mobileNumber}, ''))`;

/**
 * Part of the first name, last name, "first last", email or mobile number, any case. Numbers may be typed
 * as people write them (0917 123…, +63917…): the local leading 0 is dropped for the mobile match.
 */
export function userSearchCondition(raw: string | undefined): SQL | undefined {
  const term = raw?.trim();
  if (!term) return undefined;
  const parts: SQL[] = [sql`${userSearchText} ilike ${`%${escapeLike(term)}%`}`];
  const digits = term.replace(/[\s()-]/g, '');
  if (/^\+?\d{3,}$/.test(digits)) {
    const local = digits.replace(/^\+/, '').replace(/^0/, '');
    parts.push(sql`${userSearchText} ilike ${`%${local}%`}`);
  }
  return or(...parts);
}

export interface UserFilters {
  search?: string | undefined;
  email?: string | undefined;
  roleIds?: number[] | undefined;
  agentCode?: string | undefined;
  usedAgentCode?: string | undefined;
  clientType?: 'individual' | 'business' | undefined;
}

/** The catalogue's user filters as one condition (undefined parts are dropped by `and`). */
export function userFilterCondition(f: UserFilters): SQL | undefined {
  return and(
    userSearchCondition(f.search),
    f.email ? ilike(users.email, `%${escapeLike(f.email.toLowerCase())}%`) : undefined,
    f.roleIds?.length
      ? // An uncorrelated IN (not EXISTS per user): holders of a rare role are found through user_roles_role_idx
        // instead of checking each of 100,000 users.
        inArray(users.id, sql`(select ${userRoles.userId} from ${userRoles} where ${inArray(userRoles.roleId, f.roleIds)})`)
      : undefined,
    f.agentCode ? eq(users.agentCode, f.agentCode.toUpperCase()) : undefined,
    f.usedAgentCode ? eq(users.usedAgentCode, f.usedAgentCode.toUpperCase()) : undefined,
    f.clientType ? eq(users.accountType, f.clientType) : undefined,
  );
}

export const statusCondition = (status: UserListStatus): SQL | undefined =>
  status === 'ALL' ? undefined : eq(users.status, status);

/**
 * Each status tab's count for `where`: exact up to EXACT_COUNT_LIMIT, PostgreSQL's estimate above it (a
 * tab of 90,000 customers is not counted row by row on every page view). ALL is the sum of the three.
 */
export async function countByStatus(db: DbOrTx, where: SQL | undefined): Promise<{ counts: UserStatusCounts; estimated: boolean }> {
  const statuses = USER_LIST_STATUSES.filter((s) => s !== 'ALL');
  const counts = Object.fromEntries(USER_LIST_STATUSES.map((s) => [s, 0])) as UserStatusCounts;
  // A search or a narrow filter: one pass counts every tab exactly (not one EXPLAIN and one count per tab,
  // each running the search again).
  if ((await cachedEstimate(db, users, where)) <= GROUPED_COUNT_LIMIT) {
    const matching = db.select({ status: users.status }).from(users).where(where).limit(GROUPED_COUNT_LIMIT + 1).as('matching');
    const rows = await db.select({ status: matching.status, n: count() }).from(matching).groupBy(matching.status);
    if (rows.reduce((sum, r) => sum + Number(r.n), 0) <= GROUPED_COUNT_LIMIT) {
      for (const row of rows) {
        counts[row.status as Exclude<UserListStatus, 'ALL'>] = Number(row.n);
        counts.ALL += Number(row.n);
      }
      return { counts, estimated: false };
    }
  }
  const counted = await Promise.all(statuses.map((status) => countOrEstimate(db, users, and(where, eq(users.status, status)))));
  statuses.forEach((status, i) => {
    counts[status] = counted[i]!.value;
    counts.ALL += counted[i]!.value;
  });
  return { counts, estimated: counted.some((c) => c.estimated) };
}

type RoleRef = { id: number; name: RoleName };

async function rolesOf(db: DbOrTx, userIds: string[]): Promise<Map<string, RoleRef[]>> {
  const map = new Map<string, RoleRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.id));
  for (const row of rows) map.get(row.userId)?.push({ id: row.id, name: row.name });
  return map;
}

/** What everyone sees of a user (toUserDto) plus what the back office adds. */
export function toAdminUserDto(user: UserRow, userRolesList: RoleRef[], createdByName: string | null): AdminUserDto {
  return {
    ...toUserDto({ ...user, roles: userRolesList }),
    clientType: user.accountType,
    businessId: user.businessId,
    isOnline: user.isOnline,
    serviceAreaCodes: user.serviceAreaCodes,
    roleIds: userRolesList.map((r) => r.id),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdById: user.createdById,
    createdByName,
    updatedAt: user.updatedAt.toISOString(),
  };
}

const creatorName = sql<string | null>`case when ${creator.id} is null then null else trim(${creator.firstName} || ' ' || ${creator.lastName}) end`;

/** Users matching `where`, newest first, as the back office sees them. */
export async function selectAdminUsers(
  db: DbOrTx,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<AdminUserDto[]> {
  // The page's ids first (a deep page skips entries of the users list indexes of migration 0009, not table
  // rows), then those users' rows.
  const pageIds = db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('page_ids');
  const rows = await db
    .select({ user: users, createdByName: creatorName })
    .from(users)
    .innerJoin(pageIds, eq(pageIds.id, users.id))
    .leftJoin(creator, eq(creator.id, users.createdById))
    .orderBy(desc(pageIds.createdAt), desc(pageIds.id));
  const roleMap = await rolesOf(
    db,
    rows.map((r) => r.user.id),
  );
  return rows.map((r) => toAdminUserDto(r.user, roleMap.get(r.user.id) ?? [], r.createdByName));
}

export async function findAdminUser(db: DbOrTx, id: string, scope?: SQL): Promise<AdminUserDto | null> {
  const [user] = await selectAdminUsers(db, and(eq(users.id, id), scope), { limit: 1, offset: 0 });
  return user ?? null;
}

/** A page of picker entries (name, email, roles), by name. */
export async function selectUserOptions(
  db: DbOrTx,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: UserOptionDto[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const roleMap = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      roles: roleMap.get(r.id) ?? [],
    })),
    total: Number(total?.n ?? 0),
  };
}

export async function selectRoleIds(db: DbOrTx, names: readonly RoleName[]): Promise<Map<RoleName, number>> {
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, [...names]));
  return new Map(rows.map((r) => [r.name, r.id]));
}
