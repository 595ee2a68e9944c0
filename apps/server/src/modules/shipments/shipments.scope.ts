import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shipments, users } from '../../db/schema/index.js';
import type { Actor } from '../../core/actor.js';
import { partnerScope } from '../partners/index.js';

/** Roles that see every shipment (DECISIONS "Roles and data scope"). */
const SEES_ALL = new Set(['admin', 'super_admin', 'staff', 'ssp']);

// Consolidators work the mid mile: shipments between the origin hub and the destination hub.
const MID_MILE = ['Orig. hub', 'Orig. port', 'In-transit', 'Dest. port', 'Dest. hub'] as const;

/** Whether the actor's scope is every shipment not deleted. */
export function seesAllShipments(actor: Actor): boolean {
  return actor.roles.some((r) => SEES_ALL.has(r));
}

/**
 * The shipments an actor may see, as one SQL condition: the union of what each of their roles sees.
 * Everything outside answers 404, so nobody can even learn that another person's shipment exists.
 */
export function shipmentScope(actor: Actor): SQL {
  const notDeleted = isNull(shipments.deletedAt);
  if (seesAllShipments(actor)) return notDeleted;
  const parts: SQL[] = [eq(shipments.ownerId, actor.id), eq(shipments.bookedById, actor.id)];
  const { user } = actor;
  if ((actor.roles.includes('business_admin') || actor.roles.includes('business_member')) && user.businessId) {
    parts.push(eq(shipments.businessId, user.businessId));
  }
  if (actor.roles.includes('rider')) {
    parts.push(eq(shipments.pickupRiderId, actor.id), eq(shipments.dropOffRiderId, actor.id));
  }
  if (actor.roles.includes('consolidator')) parts.push(consolidatorScope());
  if (actor.roles.includes('sales_agent') && user.agentCode) {
    parts.push(inArray(shipments.ownerId, sql`(select ${users.id} from ${users} where ${users.usedAgentCode} = ${user.agentCode})`));
  }
  if (actor.roles.includes('service_partner')) parts.push(partnerScope(actor.id));
  return and(notDeleted, or(...parts))!;
}

export function consolidatorScope(): SQL {
  return inArray(shipments.deliveryStatus, [...MID_MILE]);
}

export async function canSeeTrackingNumber(db: Db, actor: Actor, trackingNumber: string): Promise<boolean> {
  const rows = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.trackingNumber, trackingNumber), shipmentScope(actor)))
    .limit(1);
  return rows.length > 0;
}
