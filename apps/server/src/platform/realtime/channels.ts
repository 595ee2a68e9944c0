import type { Actor } from '../../core/actor.js';

export type ShipmentAccess = (actor: Actor, trackingNumber: string) => Promise<boolean>;

/**
 * Platform staff: those who manage every shipment (staff, admin, super_admin). Not `admin_view Shipment`:
 * business admins/members and service partners hold that too, for their own business's or provinces'
 * shipments (DECISIONS "Roles and data scope"), so it would open the platform-wide feed to them.
 */
export function seesEveryShipment(actor: Actor): boolean {
  return actor.ability.can('manage', 'Shipment');
}

/** Until the shipments module supplies its scope check: only people who see every shipment. */
export const staffOnlyShipmentAccess: ShipmentAccess = async (actor) => seesEveryShipment(actor);

const USER = /^user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SHIPMENT = /^shipment:([A-Z0-9-]{4,40})$/;

export type Verdict = { ok: true } | { ok: false; message: string };

/** Who may listen where: one's own user channel, the staff feed for platform staff, shipments in scope. */
export async function authorizeChannel(actor: Actor, channel: string, shipmentAccess: ShipmentAccess): Promise<Verdict> {
  const denied: Verdict = { ok: false, message: 'You are not allowed to listen to this channel' };
  if (channel === 'admin') return seesEveryShipment(actor) ? { ok: true } : denied;
  const user = USER.exec(channel);
  if (user) return user[1]!.toLowerCase() === actor.id.toLowerCase() ? { ok: true } : denied;
  const shipment = SHIPMENT.exec(channel);
  if (shipment) return (await shipmentAccess(actor, shipment[1]!)) ? { ok: true } : denied;
  return { ok: false, message: 'Unknown channel: use user:<id>, shipment:<trackingNumber> or admin' };
}
