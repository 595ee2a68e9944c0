import { findCityMunicipality, findProvince } from '../../platform/psgc/index.js';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { USER_LIST_STATUSES, type AdminUserDto, type RoleName, type UserListStatus, type UserOptionDto, type UserStatusCounts } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { allOf, countOrEstimate, estimateOfParts, EXACT_COUNT_LIMIT, keyedParts, type KeyedPart } from '../../db/estimate.js';
import { driverDate, executeNamed, rowsOf } from '../../db/rendered.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { toUserDto, type UserRow } from './users.repository.js';
import { escapeLike } from '../../db/paging.js';

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
  return allOf(userFilterParts(f));
}

/** The filters' conditions, one per filter given, keyed by the filter and its value (estimateOfParts). */
export function userFilterParts(f: UserFilters): KeyedPart[] {
  return keyedParts([
    ['search', f.search, userSearchCondition(f.search)],
    ['email', f.email, f.email ? ilike(users.email, `%${escapeLike(f.email.toLowerCase())}%`) : undefined],
    [
      'roleIds',
      f.roleIds,
      f.roleIds?.length
        ? // An uncorrelated IN (not EXISTS per user): holders of a rare role are found through user_roles_role_idx
          // instead of checking each of 100,000 users.
          inArray(users.id, sql`(select ${userRoles.userId} from ${userRoles} where ${inArray(userRoles.roleId, f.roleIds)})`)
        : undefined,
    ],
    ['agentCode', f.agentCode, f.agentCode ? eq(users.agentCode, f.agentCode.toUpperCase()) : undefined],
    ['usedAgentCode', f.usedAgentCode, f.usedAgentCode ? eq(users.usedAgentCode, f.usedAgentCode.toUpperCase()) : undefined],
    ['clientType', f.clientType, f.clientType ? eq(users.accountType, f.clientType) : undefined],
  ]);
}

export const statusCondition = (status: UserListStatus): SQL | undefined => (status === 'ALL' ? undefined : eq(users.status, status));

/**
 * Each status tab's count for `where`: exact up to `exactLimit`, PostgreSQL's estimate above it (a tab of
 * 90,000 customers is not counted row by row on every page view). ALL is the sum of the three.
 */
export async function countByStatus(
  db: DbOrTx,
  where: SQL | undefined,
  /** `where` as the keyed parts it ANDs: its estimates are worked out part by part (estimateOfParts). */
  parts: readonly KeyedPart[],
  exactLimit = EXACT_COUNT_LIMIT,
): Promise<{ counts: UserStatusCounts; estimated: boolean }> {
  const statuses = USER_LIST_STATUSES.filter((s): s is Exclude<UserListStatus, 'ALL'> => s !== 'ALL');
  const counts = Object.fromEntries(USER_LIST_STATUSES.map((s) => [s, 0])) as UserStatusCounts;
  let estimated = false;
  const set = (status: Exclude<UserListStatus, 'ALL'>, value: number) => {
    counts[status] = value;
    counts.ALL += value;
  };
  // A search or a narrow filter: one pass counts every tab exactly (not one EXPLAIN and one count per tab,
  // each running the search again).
  if ((await estimateOfParts(db, users, parts)) <= statuses.length * exactLimit) {
    const exact = await countStatusesTogether(db, where, statuses, statuses.length * exactLimit);
    if (exact) {
      for (const status of statuses) set(status, exact.get(status) ?? 0);
      return { counts, estimated: false };
    }
  }
  // A broad list: each tab's estimate; the tabs expected to be small (inactive and invited people, mostly) are
  // counted exactly together in one statement, not one capped count each.
  const withStatus = statuses.map((status): KeyedPart[] => [...parts, { key: `status=${status}`, condition: eq(users.status, status) }]);
  const expected = await Promise.all(withStatus.map((tabParts) => estimateOfParts(db, users, tabParts)));
  const small = statuses.filter((_, i) => expected[i]! <= exactLimit);
  const together = small.length > 0 ? await countStatusesTogether(db, where, small, small.length * exactLimit) : undefined;
  for (const [i, status] of statuses.entries()) {
    if (!small.includes(status)) {
      estimated = true;
      set(status, expected[i]!);
    } else if (together) {
      const n = together.get(status) ?? 0;
      // More than the limit after all (the estimate was low): shown as an estimate, like a large tab.
      if (n > exactLimit) estimated = true;
      set(status, n > exactLimit ? Math.max(n, expected[i]!) : n);
    } else {
      // The small tabs together passed their cap (estimates far too low): each counted on its own, capped (its
      // estimate is the one just kept, not asked again).
      const one = await countOrEstimate(db, users, allOf(withStatus[i]!), exactLimit, withStatus[i]);
      estimated ||= one.estimated;
      set(status, one.value);
    }
  }
  return { counts, estimated };
}

/**
 * The exact number of matches of `where` in each of `statuses`, reading at most `cap` rows in one statement;
 * undefined when more than `cap` match (the counts would be cut short).
 */
async function countStatusesTogether(
  db: DbOrTx,
  where: SQL | undefined,
  statuses: readonly Exclude<UserListStatus, 'ALL'>[],
  cap: number,
): Promise<Map<string, number> | undefined> {
  const inStatuses = statuses.length === USER_LIST_STATUSES.length - 1 ? undefined : inArray(users.status, [...statuses]);
  const matching = db
    .select({ status: users.status })
    .from(users)
    .where(and(where, inStatuses))
    .limit(cap + 1)
    .as('matching');
  const rows = await db.select({ status: matching.status, n: count() }).from(matching).groupBy(matching.status);
  if (rows.reduce((sum, r) => sum + Number(r.n), 0) > cap) return undefined;
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

type RoleRef = { id: number; name: RoleName };

/** The roles of these users, by user; one statement text whatever their number (one array parameter). */
async function rolesOf(db: DbOrTx, userIds: string[]): Promise<Map<string, RoleRef[]>> {
  const map = new Map<string, RoleRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  // The ids are uuids the database itself answered.
  const rows = rowsOf<{ userId: string; id: number; name: RoleName }>(
    await executeNamed(
      db,
      'user_list_roles',
      sql`select ur.user_id as "userId", r.id, r.name from user_roles ur inner join roles r on r.id = ur.role_id
        where ur.user_id = any(${`{${userIds.join(',')}}`}::uuid[]) order by r.id`,
    ),
  );
  for (const row of rows) map.get(row.userId)?.push({ id: Number(row.id), name: row.name });
  return map;
}

/** The user fields a back-office row shows (toAdminUserDto), nothing else: no password hash, no secrets. */
type ListedUser = Pick<
  UserRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'mobileNumber'
  | 'email'
  | 'emailVerifiedAt'
  | 'accountType'
  | 'businessName'
  | 'agentCode'
  | 'usedAgentCode'
  | 'status'
  | 'isEmployee'
  | 'createdAt'
  | 'businessId'
  | 'isOnline'
  | 'serviceAreaCodes'
  | 'lastLoginAt'
  | 'createdById'
  | 'updatedAt'
>;

/** A rider's cities by name (PSGC, in memory); a code no longer in the list is shown as it is. */
function serviceAreasOf(codes: string[]): AdminUserDto['serviceAreas'] {
  return codes.map((code) => {
    const city = findCityMunicipality(code);
    return { code, name: city?.name ?? code, provinceName: (city && findProvince(city.provinceCode)?.name) ?? '' };
  });
}

/** What everyone sees of a user (toUserDto) plus what the back office adds. */
export function toAdminUserDto(
  user: ListedUser,
  userRolesList: RoleRef[],
  createdByName: string | null,
  /** The business whose invoice account "sender pays" bookings go to (on-account.ts rules), or null. */
  invoiceAccountName: string | null,
): AdminUserDto {
  return {
    ...toUserDto({ ...user, roles: userRolesList }),
    clientType: user.accountType,
    businessId: user.businessId,
    isOnline: user.isOnline,
    serviceAreaCodes: user.serviceAreaCodes,
    serviceAreas: serviceAreasOf(user.serviceAreaCodes),
    roleIds: userRolesList.map((r) => r.id),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdById: user.createdById,
    createdByName,
    invoiceAccountName,
    updatedAt: user.updatedAt.toISOString(),
  };
}

/**
 * The listed columns, written once as text (as the shipments list's rows are, list-rows.ts): drizzle's builder
 * selecting every column of users and mapping each back cost a large share of the server's time per page.
 */
const LISTED_USER_COLUMNS = sql.raw(
  `u.id, u.first_name as "firstName", u.last_name as "lastName", u.mobile_number as "mobileNumber", u.email,
   u.email_verified_at as "emailVerifiedAt",
   u.account_type as "accountType", u.business_name as "businessName", u.agent_code as "agentCode",
   u.used_agent_code as "usedAgentCode", u.status, u.is_employee as "isEmployee", u.created_at as "createdAt",
   u.business_id as "businessId", u.is_online as "isOnline", u.service_area_codes as "serviceAreaCodes",
   u.last_login_at as "lastLoginAt", u.created_by_id as "createdById", u.updated_at as "updatedAt",
   case when c.id is null then null else trim(c.first_name || ' ' || c.last_name) end as "createdByName",
   case when b.is_active and b.invoice_billing_enabled and b.deleted_at is null then b.name end as "invoiceAccountName"`,
);

type RawListedUser = Omit<ListedUser, 'createdAt' | 'updatedAt' | 'lastLoginAt' | 'serviceAreaCodes' | 'emailVerifiedAt'> & {
  createdAt: Date | string;
  emailVerifiedAt: Date | string | null;
  updatedAt: Date | string;
  lastLoginAt: Date | string | null;
  serviceAreaCodes: string[] | string;
  createdByName: string | null;
  invoiceAccountName: string | null;
};

// Drivers differ: a text[] arrives as an array or its literal (timestamps: driverDate).
const toTextArray = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value === '{}'
      ? []
      : value
          .slice(1, -1)
          .split(',')
          .map((v) => v.replace(/^"|"$/g, ''));

/** Users matching `where`, newest first, as the back office sees them. */
export async function selectAdminUsers(db: DbOrTx, where: SQL | undefined, page: { limit: number; offset: number }): Promise<AdminUserDto[]> {
  // The page's ids first (a deep page skips entries of the users list indexes of migration 0009, not table
  // rows), then those users' rows.
  const pageIds = db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const rows = rowsOf<RawListedUser>(
    await db.execute(sql`select ${LISTED_USER_COLUMNS}
      from users u inner join (${pageIds}) page_ids on page_ids.id = u.id left join users c on c.id = u.created_by_id
        left join businesses b on b.id = u.business_id
      order by page_ids.created_at desc, page_ids.id desc`),
  );
  const roleMap = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ createdByName, invoiceAccountName, ...r }) =>
    toAdminUserDto(
      {
        ...r,
        createdAt: driverDate(r.createdAt),
        updatedAt: driverDate(r.updatedAt),
        lastLoginAt: driverDate(r.lastLoginAt),
        emailVerifiedAt: driverDate(r.emailVerifiedAt),
        serviceAreaCodes: toTextArray(r.serviceAreaCodes),
      },
      roleMap.get(r.id) ?? [],
      createdByName,
      invoiceAccountName,
    ),
  );
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
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.name, [...names]));
  return new Map(rows.map((r) => [r.name, r.id]));
}
