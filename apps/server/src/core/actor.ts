/**
 * Who is asking: the shared kernel's request identity, used by every module. It lives outside the modules and
 * plugins so that a module needs neither the auth plugin nor the users module to name its caller.
 */
import { defineAbilityFor, type AppAbility, type RoleName } from '@hatid/domain';
import type { users } from '../db/schema/index.js';

/** A person's row with the names of their roles. */
export type UserWithRoles = typeof users.$inferSelect & { roles: { id: number; name: RoleName }[] };

export interface Actor {
  id: string;
  user: UserWithRoles;
  roles: RoleName[];
  ability: AppAbility;
  /**
   * Set when the request came with an API key: it acts as its maker for the key's business (the maker is an
   * active business admin of it, checked on every call), on the key's calls only.
   */
  apiKeyId?: string;
  /** What the key's bookings are marked: `external`, or `shopify` for a connected shop. */
  apiKeySource?: 'external' | 'shopify';
}

/**
 * Abilities depend on the role names only, and nothing changes one once built (no `update`), so one per set of
 * roles serves every request: building it anew cost about 5% of the CPU of the cheapest signed-in call. There
 * are 11 roles and people hold one or two of them, so the map stays small.
 */
const abilities = new Map<string, AppAbility>();

function abilityOf(roleNames: readonly RoleName[]): AppAbility {
  const key = [...roleNames].sort().join(',');
  let ability = abilities.get(key);
  if (!ability) {
    ability = defineAbilityFor({ roles: roleNames });
    abilities.set(key, ability);
  }
  return ability;
}

export function actorFrom(user: UserWithRoles): Actor {
  const roleNames = user.roles.map((r) => r.name);
  return { id: user.id, user, roles: roleNames, ability: abilityOf(roleNames) };
}

/** Accounts that may be booked for: every role they hold is one of these. */
export const CUSTOMER_SIDE_ROLES: readonly RoleName[] = ['customer', 'business_admin', 'business_member'];
