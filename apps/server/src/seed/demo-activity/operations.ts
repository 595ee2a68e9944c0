import { and, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { activityLogs, collections, consolidations, couriers, shipmentActivities, shipments, transactions } from '../../db/schema/index.js';
import { changeCollectionStatus, createCollection } from '../../modules/collections/index.js';
import { createConsolidation } from '../../modules/consolidations/index.js';
import { completeConsolidation, completeDeconsolidation, confirmPackages, startDeconsolidation } from '../../modules/consolidations/index.js';
import { cityNamed } from './places.js';
import type { DemoCast } from './people.js';
import type { SeededShipment } from './shipments.js';
import type { Rng } from './random.js';

const HOUR = 3_600_000;

/**
 * The consolidator's and the cash desk's work, through their own services (status rules, timeline rows, the
 * activity log): a Manila–Cebu air consolidation flown and completed with Cebu Pacific Cargo and its master air
 * waybill, a Manila–Davao one still being filled, and two cash hand-overs (one completed, one pending). The
 * services stamp the time of the call, so their rows are then dated when each step happened.
 */
export async function seedOperations(tx: Tx, rng: Rng, cast: DemoCast, seeded: SeededShipment[], now: Date): Promise<void> {
  const db = tx as unknown as Db;
  const startedAt = new Date();
  const waiting = (city: string) =>
    seeded.filter(
      (s) =>
        s.spec.outcome === 'orig_hub' &&
        s.spec.from.cityLabel === 'Makati City' &&
        s.spec.to.cityLabel === city &&
        s.spec.deliveryType === 'next_day' &&
        !s.spec.cancellation,
    );
  const [carrier] = await tx.select({ id: couriers.id }).from(couriers).where(eq(couriers.code, '5J')).limit(1);

  const toCebu = waiting('Cebu City')
    .slice(0, 5)
    .map((s) => s.trackingNumber);
  if (carrier && toCebu.length > 0) {
    const flown = await createConsolidation(db, cast.consolidator, {
      senderAirport: 'MNL',
      receiverAirport: 'CEB',
      type: 'air',
      courierId: carrier.id,
      masterAwbNumber: `5J-${rng.int(1000000, 9999999)}`,
      trackingNumbers: toCebu,
    });
    await completeConsolidation(db, cast.consolidator, flown.id);
    await startDeconsolidation(db, cast.consolidator, flown.id);
    await confirmPackages(db, cast.consolidator, flown.id, { packages: toCebu.map((trackingNumber) => ({ trackingNumber, status: 'received' as const })) });
    await completeDeconsolidation(db, cast.consolidator, flown.id);
    // Sealed last night, landed in Cebu early this morning, checked and at the Cebu hub by breakfast.
    const sealed = new Date(now.getTime() - 14 * HOUR);
    const steps: [string, Date][] = [
      ['Loaded for shipping', sealed],
      ['In-transit', new Date(sealed.getTime() + HOUR)],
      ['Arrived at destination port', new Date(sealed.getTime() + 3 * HOUR)],
      ['Arrived at destination hub', new Date(sealed.getTime() + 5 * HOUR)],
    ];
    const ids = (await tx.select({ id: shipments.id }).from(shipments).where(inArray(shipments.trackingNumber, toCebu))).map((r) => r.id);
    for (const [name, at] of steps) {
      await tx
        .update(shipmentActivities)
        .set({ createdAt: at })
        .where(and(inArray(shipmentActivities.shipmentId, ids), eq(shipmentActivities.name, name), gte(shipmentActivities.createdAt, startedAt)));
    }
    await tx
      .update(consolidations)
      .set({ createdAt: new Date(sealed.getTime() - 3 * HOUR), consolidatedAt: sealed, deconsolidationStartedAt: steps[2]![1], completedAt: steps[3]![1] })
      .where(eq(consolidations.id, flown.id));
    await tx
      .update(activityLogs)
      .set({ createdAt: steps[3]![1] })
      .where(and(eq(activityLogs.entityId, flown.id), gte(activityLogs.createdAt, startedAt)));
    await tx.update(shipments).set({ deliveryCategory: 'air', updatedAt: steps[3]![1] }).where(inArray(shipments.id, ids));
  }

  // Being filled: what reached the Makati hub for Davao so far, the carrier not booked yet.
  const toDavao = waiting('Davao City').map((s) => s.trackingNumber);
  if (toDavao.length > 0)
    await createConsolidation(db, cast.consolidator, { senderAirport: 'MNL', receiverAirport: 'DVO', type: 'air', trackingNumbers: toDavao });

  await seedCollections(tx, cast, now);
}

/**
 * Cash hand-overs at the hub: the rider with the most cash from past days hands it over (completed), and the
 * demo rider's cash on delivery from before today is counted but not yet received (pending), so both screens
 * and the rider's cash on hand show something.
 */
async function seedCollections(tx: Tx, cast: DemoCast, now: Date) {
  const db = tx as unknown as Db;
  const startedAt = new Date();
  const todayStart = new Date(now.getTime() - 12 * HOUR);
  const cashOf = async (riderId: string, paidBy: 'sender' | 'recipient') =>
    (
      await tx
        .select({ trackingNumber: shipments.trackingNumber, receivedAt: transactions.receivedAt })
        .from(transactions)
        .innerJoin(shipments, eq(shipments.id, transactions.shipmentId))
        .where(
          and(
            eq(transactions.receivedById, riderId),
            eq(transactions.method, 'cash'),
            eq(transactions.paidBy, paidBy),
            isNull(transactions.voidedAt),
            isNotNull(transactions.receivedAt),
          ),
        )
    ).filter((r) => r.receivedAt < todayStart);

  const [dennis] = cast.riders.filter((r) => r.name === 'Dennis Salazar');
  const handedOver = dennis ? (await cashOf(dennis.id, 'sender')).map((r) => r.trackingNumber) : [];
  if (dennis && handedOver.length > 0) {
    const done = await createCollection(db, cast.staff, {
      collectedFromId: dennis.id,
      source: 'pickup',
      trackingNumbers: handedOver,
      location: cityNamed('Pasig City').provinceCode,
      remarks: 'Counted at the Makati hub',
    });
    await changeCollectionStatus(db, cast.staff, { id: done.id, status: 'completed' });
    const at = new Date(now.getTime() - 26 * HOUR);
    await tx
      .update(collections)
      .set({ createdAt: at, completedAt: new Date(at.getTime() + HOUR) })
      .where(eq(collections.id, done.id));
  }
  const ramon = cast.riders[0]!;
  const cod = (await cashOf(ramon.id, 'recipient')).map((r) => r.trackingNumber);
  if (cod.length > 0) {
    const pending = await createCollection(db, cast.staff, {
      collectedFromId: ramon.id,
      source: 'delivery',
      trackingNumbers: cod,
      location: cityNamed('Makati City').provinceCode,
      remarks: 'To count at the end of the shift',
    });
    await tx
      .update(collections)
      .set({ createdAt: new Date(now.getTime() - 2 * HOUR) })
      .where(eq(collections.id, pending.id));
  }
  await tx
    .update(activityLogs)
    .set({ createdAt: new Date(now.getTime() - 2 * HOUR) })
    .where(and(eq(activityLogs.category, 'collections'), gte(activityLogs.createdAt, startedAt)));
}
