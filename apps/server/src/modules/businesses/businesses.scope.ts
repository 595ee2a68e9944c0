import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { RoleName } from '@hatid/domain';
import { businessAddresses, businesses, coveredProvinces, shipments, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { partnerScope } from '../partners/index.js';

/** Client staff see every business (§6: staff and ssp view clients; admins manage everything). */
const SEES_ALL: ReadonlySet<RoleName> = new Set(['admin', 'super_admin', 'staff', 'ssp']);
/** Invoice account, account manager and suspending a business: staff and admins (DECISIONS "Billings"). */
const ACCOUNT_STAFF: ReadonlySet<RoleName> = new Set(['admin', 'super_admin', 'staff']);
export const BUSINESS_ROLES: ReadonlySet<RoleName> = new Set(['business_admin', 'business_member']);

const has = (actor: Actor, set: ReadonlySet<RoleName>) => actor.roles.some((r) => set.has(r));
export const seesAllBusinesses = (actor: Actor) => has(actor, SEES_ALL);
export const managesClientAccounts = (actor: Actor) => has(actor, ACCOUNT_STAFF);
export const forbidden = (message: string, field?: string) => new AppError('FORBIDDEN', message, field ? [{ field, message }] : undefined);

/** Client staff (update Client: staff, ssp, admins) change any business they see. */
export const updatesClients = (actor: Actor) => actor.ability.can('update', 'Client');

/**
 * The businesses an actor may see, as one SQL condition (soft-deleted ones never): everyone their own (the
 * one they belong to, or one they registered); client staff all; a sales agent those whose owner or a member
 * signed up with its agent code; a service partner those with an address in, or a shipment from or to, a
 * province it serves. Outside it the answer is 404.
 */
export function businessScope(actor: Actor): SQL {
  const notDeleted = isNull(businesses.deletedAt);
  if (seesAllBusinesses(actor)) return notDeleted;
  const { user } = actor;
  const parts: SQL[] = [eq(businesses.ownerId, actor.id)];
  if (user.businessId) parts.push(eq(businesses.id, user.businessId));
  if (actor.roles.includes('sales_agent') && user.agentCode && actor.ability.can('view', 'Client')) {
    const referred = sql`(select ${users.id} from ${users} where ${users.usedAgentCode} = ${user.agentCode})`;
    parts.push(
      sql`${businesses.ownerId} in ${referred}`,
      sql`exists (select 1 from ${users} where ${users.businessId} = ${businesses.id} and ${users.usedAgentCode} = ${user.agentCode})`,
    );
  }
  if (actor.roles.includes('service_partner') && actor.ability.can('admin_view', 'Client')) {
    const served = sql`(select ${coveredProvinces.provinceCode} from ${coveredProvinces} where ${coveredProvinces.partnerId} = ${actor.id})`;
    parts.push(
      sql`exists (select 1 from ${businessAddresses} where ${businessAddresses.businessId} = ${businesses.id}
        and ${businessAddresses.provinceCode} in ${served})`,
      sql`exists (select 1 from ${shipments} where ${shipments.businessId} = ${businesses.id}
        and ${shipments.deletedAt} is null and ${partnerScope(actor.id)})`,
    );
  }
  return and(notDeleted, or(...parts))!;
}

/** May look at businesses at all (403 before any lookup otherwise): riders and consolidators may not. */
export function assertMayViewBusinesses(actor: Actor): void {
  const a = actor.ability;
  const may = a.can('view', 'Client') || a.can('admin_view', 'Client') || a.can('view', 'Business') || has(actor, BUSINESS_ROLES);
  if (!may) throw forbidden('You are not allowed to see businesses');
}

/**
 * May change some business (403 before any lookup otherwise): client staff, customers (their own business,
 * §6 "create, update, view businesses") and business admins (the business they run).
 */
export function assertMayUpdateBusinesses(actor: Actor): void {
  const may = updatesClients(actor) || actor.ability.can('update', 'Business') || actor.roles.includes('business_admin');
  if (!may) throw forbidden('You are not allowed to change businesses');
}

/** Whether the actor runs this business: its registering owner or one of its business admins. */
export function runsBusiness(actor: Actor, business: { id: string; ownerId: string | null }): boolean {
  if (business.ownerId === actor.id && actor.ability.can('update', 'Business')) return true;
  return actor.user.businessId === business.id && actor.roles.includes('business_admin');
}
