/**
 * Sealing a consolidation (issue 11): 500 shipments waiting at the Manila hub for Cebu, put in one
 * consolidation, then sealed with POST …/completeConsolidation's service. The target: under 2 s, with
 * exactly 500 "Loaded for shipping" activities written. Runs on any migrated, seeded database (the big
 * benchmark's, among its million shipments) and removes what it added, so a --reuse run finds the
 * database as seeded.
 *
 *   node --import tsx bench/consolidations.ts [count]     (a fresh in-memory PGlite database)
 */
import { pathToFileURL } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createConsolidationBody, courierInput } from '@hatid/domain';
import type { Database } from '../apps/server/src/db/client.js';
import { consolidations, couriers, shipmentActivities, shipments } from '../apps/server/src/db/schema/index.js';
import { demoEmail } from '../apps/server/src/seed/index.js';
import { createConsolidation } from '../apps/server/src/modules/consolidations/index.js';
import { completeConsolidation } from '../apps/server/src/modules/consolidations/index.js';
import { consolidateShipments } from '../apps/server/src/modules/consolidations/index.js';
import { createCourier } from '../apps/server/src/modules/couriers/index.js';
import { insertShipment } from '../apps/server/src/modules/shipments/lists.fixtures.js';
import { findUserByEmail, loadUserWithRoles } from '../apps/server/src/modules/users/index.js';
import { actorFrom } from '../apps/server/src/core/actor.js';
import { place } from '../apps/server/src/testing/shipments.js';

export interface ConsolidationBenchResult {
  shipments: number;
  sealSeconds: number;
  activities: number;
}

export async function benchConsolidationSeal(database: Database, count = 500): Promise<ConsolidationBenchResult> {
  const db = database.db;
  const actorOf = async (role: 'consolidator' | 'staff') => actorFrom((await loadUserWithRoles(db, (await findUserByEmail(db, demoEmail(role)))!.id))!);
  const [consolidator, staff] = [await actorOf('consolidator'), await actorOf('staff')];
  const owner = consolidator.id;
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = await insertShipment(db, {
      ownerId: owner,
      from: place('Metro Manila', 'Makati City'),
      to: place('Cebu', 'Cebu City'),
      deliveryStatus: 'Orig. hub',
      status: 'OnGoing',
    });
    made.push(row.id);
  }
  const numbers = (await db.select({ n: shipments.trackingNumber }).from(shipments).where(inArray(shipments.id, made))).map((r) => r.n);
  const carrier = await createCourier(db, staff, courierInput.parse({ name: `Bench Air ${Date.now()}`, type: 'carrier', category: 'air' }));
  const consolidation = await createConsolidation(
    db,
    consolidator,
    createConsolidationBody.parse({ senderAirport: 'MNL', receiverAirport: 'CEB', courierId: carrier.id, masterAwbNumber: `BENCH-${Date.now()}` }),
  );
  const added = await consolidateShipments(db, consolidator, { consolidationId: consolidation.id, action: 'add', trackingNumbers: numbers });
  if (added.result.done.length !== count)
    throw new Error(`only ${added.result.done.length} of ${count} shipments went in: ${JSON.stringify(added.result.refused[0])}`);
  try {
    const started = process.hrtime.bigint();
    await completeConsolidation(db, consolidator, consolidation.id);
    const sealSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const [written] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(shipmentActivities)
      .where(and(inArray(shipmentActivities.shipmentId, made), eq(shipmentActivities.name, 'Loaded for shipping')));
    return { shipments: count, sealSeconds, activities: Number(written?.n ?? 0) };
  } finally {
    // Leave the database as it was: the consolidation (its lines cascade), the shipments (their activities cascade), the carrier.
    await db.delete(consolidations).where(eq(consolidations.id, consolidation.id));
    await db.delete(shipments).where(inArray(shipments.id, made));
    await db.delete(couriers).where(eq(couriers.id, carrier.id));
  }
}

export const consolidationVerdict = (r: ConsolidationBenchResult, count = 500) => r.sealSeconds < 2 && r.activities === count;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { migrateDatabase } = await import('../apps/server/src/db/migrate.js');
  const { seedDatabase } = await import('../apps/server/src/seed/index.js');
  const count = Number(process.argv[2] ?? 500);
  const database = await openDatabase({});
  await migrateDatabase(database);
  await seedDatabase(database.db, { demo: true });
  const r = await benchConsolidationSeal(database, Number.isInteger(count) && count > 0 ? count : 500);
  console.log(`consolidation: sealed ${r.shipments} shipments in ${r.sealSeconds.toFixed(3)} s, ${r.activities} activities written`);
  await database.close();
}

/** The section of bench/results.md. */
export function consolidationReport(r: ConsolidationBenchResult, where: string): string {
  const ok = consolidationVerdict(r, r.shipments);
  return [
    '## Sealing a consolidation',
    '',
    `${where}: ${r.shipments} shipments sealed (POST …/completeConsolidation's service) in **${r.sealSeconds.toFixed(3)} s**, ` +
      `${r.activities} "Loaded for shipping" activities written (target < 2 s and exactly ${r.shipments} ${ok ? '✅' : '❌'}).`,
    '',
  ].join('\n');
}
