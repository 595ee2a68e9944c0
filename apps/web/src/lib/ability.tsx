import { defineAbilityFor, type AppAbility, type RoleName, type UserDto } from '@hatid/domain';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * The signed-in person's abilities, from the one CASL definition in the domain package (the server
 * enforces the same rules; the web app only hides what would be refused). Loaded with the console and the
 * guarded routes, never on a customer's first visit.
 */

export interface Access {
  ability: AppAbility;
  roles: readonly RoleName[];
  /**
   * The abilities of the staff-side roles alone (every role but customer), or null for a customer only: they
   * decide which console screens open. A business owner is a customer too (Add business and a business sign-up
   * make them one), and a customer's rights on their own profile and consolidations must not open Users and
   * Consolidations for them.
   */
  consoleAbility: AppAbility | null;
}

const cache = new Map<string, Access>();

/** One Access per set of roles (abilities depend on nothing else), so guards and screens share it. */
export function accessFor(user: Pick<UserDto, 'roles'> | null | undefined): Access {
  const roles = [...new Set((user?.roles ?? []).map((role) => role.name))].sort();
  const key = roles.join(',');
  let access = cache.get(key);
  if (!access) {
    const staffSide = roles.filter((role) => role !== 'customer');
    access = { ability: defineAbilityFor({ roles }), roles, consoleAbility: staffSide.length > 0 ? defineAbilityFor({ roles: staffSide }) : null };
    cache.set(key, access);
  }
  return access;
}

const AccessContext = createContext<Access | null>(null);

export function AccessProvider({ access, children }: { access: Access; children: ReactNode }) {
  return <AccessContext.Provider value={access}>{children}</AccessContext.Provider>;
}

/** The abilities of whoever is signed in; only inside an AccessProvider (the console shell gives one). */
export function useAccess(): Access {
  const access = useContext(AccessContext);
  if (!access) throw new Error('useAccess needs an AccessProvider (the console layout provides it)');
  return access;
}
