import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import type { ConsolidationRow } from './consolidations.repository.js';

/**
 * Who works consolidations (docs/decisions.md "Consolidations"). The role table grants consolidations to
 * consolidators, service partners, staff (view, create, update), ssp (admin view) and admins (manage). Its
 * customer row ("view, create, update ... consolidations") is read as a customer's own shipments' leg,
 * which tracking shows: the consolidation calls are operations work and refuse customer-side accounts.
 */
const CUSTOMER_SIDE = new Set(['customer', 'business_admin', 'business_member']);
const isStaffSide = (actor: Actor) => actor.roles.some((role) => !CUSTOMER_SIDE.has(role));

/** Sees every consolidation: consolidators work as one team at the airports; staff, ssp and admins oversee. */
const SEES_ALL = new Set(['consolidator', 'staff', 'ssp', 'admin', 'super_admin']);

export function mayReadConsolidations(actor: Actor): boolean {
  return isStaffSide(actor) && (actor.ability.can('view', 'Consolidation') || actor.ability.can('admin_view', 'Consolidation'));
}

export function mayWorkConsolidations(actor: Actor): boolean {
  return isStaffSide(actor) && actor.ability.can('update', 'Consolidation');
}

export function assertMayRead(actor: Actor): void {
  if (!mayReadConsolidations(actor)) throw new AppError('FORBIDDEN', 'You are not allowed to see consolidations');
}

export function assertMayWork(actor: Actor): void {
  if (!mayWorkConsolidations(actor)) throw new AppError('FORBIDDEN', 'You are not allowed to work on consolidations');
}

/** A service partner sees the consolidations it created; everyone else who may read sees all. */
export function seesAllConsolidations(actor: Actor): boolean {
  return actor.roles.some((role) => SEES_ALL.has(role));
}

/** 404 for a consolidation outside what the actor sees, as if it did not exist. */
export function assertVisible(actor: Actor, row: ConsolidationRow | null | undefined): ConsolidationRow {
  if (!row || (!seesAllConsolidations(actor) && row.createdById !== actor.id)) throw notFound('Consolidation');
  return row;
}
