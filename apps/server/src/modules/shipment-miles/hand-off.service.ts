import { eq } from 'drizzle-orm';
import { COURIER_CATEGORIES, type HandOffBody as HandOffInput, type ShipmentMileDto } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { shipmentMileNotes, shipmentMiles } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { requireActiveCourier } from '../couriers/index.js';
import { findVisibleShipment } from '../shipments/index.js';
import { ensureMiles, shipmentProgress } from './shipment-miles.service.js';

/**
 * Who hands shipments to couriers: operations (staff, ssp, admins move any shipment) and service partners,
 * for the shipments picked up or delivered in their provinces (the scope already keeps them to those).
 */
const mayHandOff = (actor: Actor) => actor.ability.can('update_delivery_status', 'Shipment') || actor.roles.includes('service_partner');

/**
 * A hand-off to a courier (docs/decisions.md "Partner hand-offs"): the mile gets the courier, its
 * reference and a start time (kept if already started), and a note says who handed what to whom. The
 * delivery status does not move: the courier's scans or the partner's updates do that.
 */
export async function handOffShipment(db: Db, actor: Actor, trackingNumber: string, input: HandOffInput, ip?: string): Promise<ShipmentMileDto> {
  const shipment = await findVisibleShipment(db, actor, trackingNumber);
  if (!mayHandOff(actor)) throw new AppError('FORBIDDEN', 'Only operations staff and service partners hand shipments to couriers');
  if (shipment.status === 'Cancelled') throw new AppError('CONFLICT', 'This shipment is cancelled');
  if (shipment.deliveryStatus === 'Delivered') throw new AppError('CONFLICT', 'This shipment is already delivered');
  const courier = await requireActiveCourier(db, input.courierId, COURIER_CATEGORIES, 'courierId');
  const mileId = await db.transaction(async (tx) => {
    const mile = (await ensureMiles(tx, shipment.id)).find((m) => m.mile === input.mile)!;
    await tx
      .update(shipmentMiles)
      .set({ courierId: courier.id, courierReference: input.courierReference || null, startedAt: mile.startedAt ?? new Date() })
      .where(eq(shipmentMiles.id, mile.id));
    const who = `${actor.user.firstName} ${actor.user.lastName}`.trim();
    const body = [`Handed to ${courier.name}${input.courierReference ? ` (reference ${input.courierReference})` : ''} by ${who}`, input.note]
      .filter(Boolean)
      .join(': ');
    await tx.insert(shipmentMileNotes).values({ shipmentMileId: mile.id, body, authorId: actor.id });
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Shipment',
      entityId: shipment.id,
      category: 'hand-offs',
      summary: `${shipment.trackingNumber}: ${input.mile} mile handed to ${courier.name}`,
      after: { courierId: courier.id, courierReference: input.courierReference ?? null, mile: input.mile },
      status: shipment.deliveryStatus,
      ip: ip ?? null,
    });
    return mile.id;
  });
  const progress = await shipmentProgress(db, actor, shipment.trackingNumber);
  return progress.miles.find((m) => m.id === mileId)!;
}
