import { count } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { lockLimit } from '../../db/locks.js';
import { shipments } from '../../db/schema/index.js';
import { updateShipment } from '../../modules/shipments/index.js';
import { castDemo, type DemoCast } from './people.js';
import { planShipments } from './plan.js';
import { seededRandom } from './random.js';
import { writeShipments, type SeededShipment } from './shipments.js';
import { seedWallets } from './wallet.js';
import { seedOperations } from './operations.js';
import { seedBilling } from './billing.js';
import { seedSupport } from './support.js';

/** Fixed, so every fresh demo is the same courier with the same tracking numbers (README "Tour"). */
const SEED = 29;

export interface DemoActivitySummary {
  shipments: number;
  /** A few tracking numbers to try on /track, with what each shows. */
  tour: { label: string; trackingNumber: string }[];
}

/**
 * The living demo (issue 29): a courier two months into business on top of the demo accounts. Runs once: only on
 * a database with the demo logins and no shipment at all, so a later start (or a database people already work
 * in) is never touched. Everything is written in one transaction: a start stopped half-way leaves nothing, and
 * the next start seeds again.
 */
export async function seedDemoActivity(db: Db, options: { now?: Date } = {}): Promise<DemoActivitySummary | null> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // Instances started together on one PostgreSQL would each find no shipment and seed twice: the first to
    // take the lock seeds, the others then count its shipments and leave.
    await lockLimit(tx, 'seed', 'demo-activity');
    const [existing] = await tx.select({ n: count() }).from(shipments);
    if ((existing?.n ?? 0) > 0) return null;
    const cast = await castDemo(tx, null);
    if (!cast) return null;
    const rng = seededRandom(SEED);
    const specs = planShipments(rng, cast, now);
    const seeded = await writeShipments(tx, rng, cast, specs, now);
    await assignToday(tx, cast, seeded);
    await seedWallets(tx, rng, seeded, [cast.juan.id], now);
    await seedOperations(tx, rng, cast, seeded, now);
    await seedBilling(tx, cast, now);
    await seedSupport(tx, rng, cast, seeded, now);
    return {
      shipments: seeded.length,
      tour: seeded.filter((s) => s.spec.label).map((s) => ({ label: s.spec.label!, trackingNumber: s.trackingNumber })),
    };
  });
}

/** Today's jobs reach the rider as staff give them: through the shipment service, which logs the assignment. */
async function assignToday(tx: Tx, cast: DemoCast, seeded: SeededShipment[]) {
  for (const shipment of seeded) {
    const job = shipment.spec.assignToday;
    if (!job) continue;
    await updateShipment(
      tx as unknown as Db,
      cast.staff,
      shipment.trackingNumber,
      job.leg === 'pickup' ? { pickupRiderId: job.rider.id } : { dropOffRiderId: job.rider.id },
    );
  }
}
