import { canCreateRole, ROLE_NAMES, type AppAbility, type RoleName } from '@hatid/domain';
import { oneOf, parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';

/**
 * The /users address: the table's page, size and search, the status tab (absent: ACTIVE, the first tab)
 * and one role filter (`roleId`). Read leniently: a hand-edited link falls back to the defaults.
 */
export const USER_TABS = ['ACTIVE', 'ALL', 'INACTIVE', 'INVITED'] as const;
export type UserTab = (typeof USER_TABS)[number];

export interface UsersSearch extends TableSearch {
  tab?: Exclude<UserTab, 'ACTIVE'>;
  roleId?: number;
  /** A role by name (`/users?role=rider`), for links from other screens that do not know the role ids. */
  role?: RoleName;
}

export function parseUsersSearch(raw: Record<string, unknown>): UsersSearch {
  const out = parseTableSearch(raw) as UsersSearch;
  const tab = oneOf(['ALL', 'INACTIVE', 'INVITED'] as const, raw.tab);
  if (tab) out.tab = tab;
  const roleId = typeof raw.roleId === 'number' ? raw.roleId : typeof raw.roleId === 'string' ? Number(raw.roleId) : Number.NaN;
  if (Number.isInteger(roleId) && roleId > 0 && roleId < 10_000) out.roleId = roleId;
  const role = oneOf(ROLE_NAMES, raw.role);
  if (role && out.roleId === undefined) out.role = role;
  return out;
}

/** The roles this person may give or take away (product.md §6 create-role flags, the domain's CASL rules). */
export function givableRoles(ability: AppAbility, roles: readonly RoleName[]): RoleName[] {
  return roles.filter((name) => name !== 'super_admin' && canCreateRole(ability, name));
}
