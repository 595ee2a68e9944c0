import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { consolidationShipments, shipments } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import { appEvent, channels } from '../../platform/events/index.js';
import { enqueueAfterCommit, type OutboxRow } from '../../platform/outbox/index.js';

/**
 * After a consolidation moves its shipments (sealed, landed, a package found missing), the people who
 * follow them hear of it: one DELIVERY_STATUS_UPDATED hint per shipment on its own channel and its
 * sender's (and booker's), and one for the staff feed. Hints carry ids and statuses only; pages refetch.
 * Written in the move's transaction and sent after its commit (platform/outbox/after-commit.ts), so nobody
 * refetches before the change is there and a crash between the two loses nothing.
 */
export const CONSOLIDATION_MOVED_TOPIC = 'consolidation.moved';

export const announceConsolidationMoved = (tx: DbOrTx, consolidationId: string, activity: string) =>
  enqueueAfterCommit(tx, [{ topic: CONSOLIDATION_MOVED_TOPIC, payload: { consolidationId, activity } }]);

/** Runs an announcement: the hints, for every shipment of the consolidation as it now stands. */
export const createConsolidationAnnouncer = (app: FastifyInstance) => (row: OutboxRow) =>
  publishConsolidationMoved(app, row.payload.consolidationId as string, row.payload.activity as string);

async function publishConsolidationMoved(app: FastifyInstance, consolidationId: string, activity: string): Promise<void> {
  const rows = await app.db
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      deliveryStatus: shipments.deliveryStatus,
      ownerId: shipments.ownerId,
      bookedById: shipments.bookedById,
    })
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
