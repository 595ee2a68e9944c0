import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { consolidationShipments, shipments } from '../../db/schema/index.js';
import { appEvent, channels } from '../../platform/events/index.js';

/**
 * After a consolidation moves its shipments (sealed, landed, a package found missing), the people who
 * follow them hear of it: one DELIVERY_STATUS_UPDATED hint per shipment on its own channel and its
 * sender's (and booker's), and one for the staff feed. Hints carry ids and statuses only; pages refetch.
 * Sent after the commit, so nobody refetches before the change is there.
 */
export async function announceConsolidationMoved(app: FastifyInstance, consolidationId: string, activity: string): Promise<void> {
  const rows = await app.db
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber, status: shipments.status, deliveryStatus: shipments.deliveryStatus, ownerId: shipments.ownerId, bookedById: shipments.bookedById })
    .from(consolidationShipments)
    .innerJoin(shipments, eq(shipments.id, consolidationShipments.shipmentId))
    .where(eq(consolidationShipments.consolidationId, consolidationId));
  for (const row of rows) {
    const { ownerId, bookedById, id, ...rest } = row;
    await app.events.publish(
      appEvent('DELIVERY_STATUS_UPDATED', [channels.user(ownerId), channels.user(bookedById), channels.shipment(row.trackingNumber), channels.admin], {
        shipmentId: id,
        ...rest,
        activity,
      }),
    );
  }
}
