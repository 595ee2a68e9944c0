import { canViewRole, ROLE_NAMES, type RoleName } from '@hatid/domain';
import { eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { invitations, roles, userRoles, users } from '../../db/schema/index.js';
import { type Actor, CUSTOMER_SIDE_ROLES } from '../../core/actor.js';

/**
 * Which users an actor may see, as SQL conditions on `users` (docs/decisions.md "Users in the back office").
 * Anything outside answers 404, as if the account did not exist (DECISIONS "Roles and data scope").
 *
 * - super_admin, admin, staff: every account (§6: admins manage everything; staff "create, update and view
 *   users" platform-wide).
 * - ssp (admin view of users, may view only the customer role): accounts whose every role is one it may
 *   view, i.e. customers.
 * - service_partner (admin view of users): the accounts it created or invited.
 * - Clients (view Client): customer-side accounts; whoever may update clients (staff, ssp, admins) sees them
 *   all, a sales agent those who signed up with its agent code, a service partner those it created or invited.
 * - Everyone may look themselves up.
 */

/** Roles that see and manage every account. */
export const PLATFORM_USER_ROLES: readonly RoleName[] = ['super_admin', 'admin', 'staff'];

export const seesAllUsers = (actor: Actor): boolean => actor.roles.some((r) => PLATFORM_USER_ROLES.includes(r));

/** May ask for the user lists (GET /users and its variants). */
export const mayListUsers = (actor: Actor): boolean => seesAllUsers(actor) || actor.ability.can('admin_view', 'User');

/** May ask for the clients list (GET /users/clients). */
export const mayListClients = (actor: Actor): boolean => actor.ability.can('view', 'Client') || actor.ability.can('admin_view', 'Client');

const NOTHING = sql`false`;

/** The account holds at least one of these roles. */
export function hasRoleIn(names: readonly RoleName[]): SQL {
  if (names.length === 0) return NOTHING;
  return sql`exists (select 1 from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${inArray(roles.name, [...names])})`;
}

/** The account holds some role, and every role it holds is one of these. */
export function hasOnlyRolesIn(names: readonly RoleName[]): SQL {
  if (names.length === 0) return NOTHING;
  const others = sql`exists (select 1 from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${notInArray(roles.name, [...names])})`;
  return sql`(${hasRoleIn(names)} and not ${others})`;
}

/** Customer-side accounts: every role is customer, business_admin or business_member. */
export const isCustomerSide = (): SQL => hasOnlyRolesIn(CUSTOMER_SIDE_ROLES);

/** Accounts someone created or invited in the back office. */
export function createdOrInvitedBy(userId: string): SQL {
  return or(
    eq(users.createdById, userId),
    sql`exists (select 1 from ${invitations} where ${invitations.userId} = ${users.id} and ${invitations.invitedById} = ${userId})`,
  )!;
}

/** The user lists' scope; undefined = every account. Only for actors who pass `mayListUsers`. */
export function listScope(actor: Actor): SQL | undefined {
  if (seesAllUsers(actor)) return undefined;
  const parts: SQL[] = [];
  if (actor.ability.can('admin_view', 'User')) {
    // ssp may view the customer role only, so it sees customers; a role table without such a rule adds nothing.
    const viewable = ROLE_NAMES.filter((r) => canViewRole(actor.ability, r));
    if (viewable.length > 0) parts.push(hasOnlyRolesIn(viewable));
    if (actor.roles.includes('service_partner')) parts.push(createdOrInvitedBy(actor.id));
  }
  return parts.length > 0 ? or(...parts) : NOTHING;
}

/** The clients list's scope (customer-side accounts the actor serves). Only for actors who pass `mayListClients`. */
export function clientScope(actor: Actor): SQL {
  const customerSide = isCustomerSide();
  if (seesAllUsers(actor) || actor.ability.can('update', 'Client')) return customerSide;
  const parts: SQL[] = [];
  if (actor.roles.includes('sales_agent') && actor.user.agentCode) parts.push(eq(users.usedAgentCode, actor.user.agentCode));
  if (actor.roles.includes('service_partner')) parts.push(createdOrInvitedBy(actor.id));
  return parts.length > 0 ? sql`(${customerSide} and ${or(...parts)})` : NOTHING;
}

/** One account looked up by id: oneself, plus whatever the lists show the actor. */
export function lookupScope(actor: Actor): SQL | undefined {
  if (seesAllUsers(actor)) return undefined;
  const parts: SQL[] = [eq(users.id, actor.id)];
  if (mayListUsers(actor)) parts.push(listScope(actor) ?? sql`true`);
  if (mayListClients(actor)) parts.push(clientScope(actor));
  return or(...parts);
}

/** May look an account up at all (GET /users/{id}); who is then in scope is `lookupScope`. */
export const mayLookUpUsers = (actor: Actor): boolean => actor.ability.can('view', 'User') || mayListUsers(actor) || mayListClients(actor);
