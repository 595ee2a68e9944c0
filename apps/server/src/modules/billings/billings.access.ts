import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { RoleName } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { billingAttachments, billings, businesses } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';

/**
 * Who may see and change billings and invoices (docs/decisions.md "Billings and invoices"):
 * staff and admins manage both; ssp reads every billing (admin_view Billing) and so its invoices;
 * a business admin reads its own business's billings and their invoices (others' answer 404).
 * Everyone else is refused before any lookup.
 */
const SEES_ALL: ReadonlySet<RoleName> = new Set(['super_admin', 'admin', 'staff', 'ssp']);

export const mayReadBillings = (actor: Actor) =>
  actor.ability.can('admin_view', 'Billing') || actor.ability.can('view', 'Billing') || actor.ability.can('view', 'Invoice');

export function assertMayReadBillings(actor: Actor): void {
  if (!mayReadBillings(actor)) throw new AppError('FORBIDDEN', 'You are not allowed to see billings');
}

export function assertMayWorkBillings(actor: Actor, action: 'create' | 'update' | 'delete'): void {
  if (!actor.ability.can(action, 'Billing')) throw new AppError('FORBIDDEN', 'You are not allowed to change billings');
}

export function assertMayWorkInvoices(actor: Actor, action: 'create' | 'update' | 'delete'): void {
  if (!actor.ability.can(action, 'Invoice')) throw new AppError('FORBIDDEN', 'You are not allowed to issue or change invoices');
}

/** The billings an actor may read, as one condition (undefined: all of them). */
export function billingScope(actor: Actor): SQL | undefined {
  if (actor.roles.some((r) => SEES_ALL.has(r))) return undefined;
  const owned = sql`${billings.businessId} in (select ${businesses.id} from ${businesses} where ${businesses.ownerId} = ${actor.id})`;
  const own = actor.user.businessId ? or(eq(billings.businessId, actor.user.businessId), owned) : owned;
  return own;
}

/**
 * The uploads module asks this for a file that is not the reader's own: a billing attachment is readable by
 * whoever may read its billing (an ssp, the billed business's admin).
 */
export async function mayReadBillingAttachment(db: DbOrTx, actor: Actor, uploadId: string): Promise<boolean> {
  if (!mayReadBillings(actor)) return false;
  const [row] = await db
    .select({ id: billings.id })
    .from(billingAttachments)
    .innerJoin(billings, eq(billings.id, billingAttachments.billingId))
    .where(and(eq(billingAttachments.uploadId, uploadId), billingScope(actor)))
    .limit(1);
  return Boolean(row);
}
