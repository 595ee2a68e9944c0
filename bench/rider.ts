/**
 * The rider's list (issue 11): GET /shipments/me/rider for a rider with 200 assignments among all the seeded
 * shipments, p95 < 50 ms on PostgreSQL at 1,000,000 shipments. bench/run.ts calls assignRiderBench before the
 * server starts and measureRiderList against it; `npm run bench:rider` runs it alone on a small PGlite
 * database (--shipments=10000 --duration=5).
 *
 * The rider's questions are every page and status filter of the list, while staff change a shipment 10 times
 * a second (each change empties the read cache, as a working day does), so this is the list's own speed.
 */
import { benchArgs } from './args.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { DEMO_PASSWORD, demoEmail, seedDatabase } from '../apps/server/src/seed/index.js';
import { LOAD_SHAPE_HEADER, LOAD_SHAPE_RULE, load, loadShape, type LoadResult } from './load.js';
import { seedBenchShipments } from './seed.js';
import { signIn, startServer } from './server-process.js';

export const RIDER_ASSIGNMENTS = 200;
/** A rider's phone and a dispatcher or two: a handful of connections, not a crowd. */
const CONNECTIONS = 10;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? result) as T[];

/**
 * Makes the demo rider the pickup rider of 100 shipments and the delivery rider of 100 others, spread over
 * the whole table (every 1/200th of it), and refreshes the planner's statistics.
 */
export async function assignRiderBench(db: Db): Promise<void> {
  const [rider] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = ${demoEmail('rider')}`));
  if (!rider) throw new Error('the demo rider is missing: seed with { demo: true }');
  await db.execute(sql`update shipments set pickup_rider_id = null, drop_off_rider_id = null
    where pickup_rider_id = ${rider.id} or drop_off_rider_id = ${rider.id}`);
  await db.execute(sql`with picked as (
      select id, row_number() over () as n from (
        select id from shipments where deleted_at is null
        order by md5(id::text) limit ${RIDER_ASSIGNMENTS}) s)
    update shipments set
      pickup_rider_id = case when picked.n % 2 = 0 then ${rider.id}::uuid else shipments.pickup_rider_id end,
      drop_off_rider_id = case when picked.n % 2 = 1 then ${rider.id}::uuid else shipments.drop_off_rider_id end
    from picked where shipments.id = picked.id`);
  await db.execute(sql`analyze shipments`);
}

export interface RiderListResult {
  list: LoadResult & { writes: number };
}

/** The rider's list pages and tabs: every one a different question. */
function riderPaths(): string[] {
  const paths: string[] = [];
  for (const limit of [10, 20]) {
    for (let page = 1; page <= RIDER_ASSIGNMENTS / limit; page++) {
      paths.push(`/api/shipments/me/rider?page=${page}&limit=${limit}`);
      paths.push(`/api/shipments/me/rider?page=${page}&limit=${limit}&sortOrder=asc`);
    }
  }
  for (const status of ['Order placed', 'For pickup', 'Dest. hub', 'Out for delivery', 'Delivered']) {
    paths.push(`/api/shipments/me/rider?deliveryStatus=${encodeURIComponent(status)}`);
  }
  paths.push('/api/shipments/me/rider/courier?limit=100', '/api/shipments/me/rider?tabCounts=true');
  return paths;
}

export async function measureRiderList(url: string, durationSeconds: number): Promise<RiderListResult> {
  const riderCookie = await signIn(url, demoEmail('rider'), DEMO_PASSWORD);
  const staffCookie = await signIn(url, demoEmail('staff'), DEMO_PASSWORD);
  const first = await fetch(`${url}/api/shipments?limit=1`, { headers: { cookie: staffCookie } });
  const id = ((await first.json()) as { data: { id: string }[] }).data[0]!.id;
  let writes = 0;
  let n = 0;
  const timer = setInterval(() => {
    n += 1;
    void fetch(`${url}/api/shipments/${id}`, {
      method: 'PUT',
      headers: { cookie: staffCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ notes: `rider bench change ${n}` }),
    }).then((r) => {
      if (r.ok) writes += 1;
      return r.arrayBuffer();
    });
  }, 100);
  try {
    const list = await load({
      name: `GET /api/shipments/me/rider (${RIDER_ASSIGNMENTS} assignments, pages and tabs, while 10 changes/s land)`,
      url,
      headers: { cookie: riderCookie },
      paths: riderPaths(),
      connections: CONNECTIONS,
      durationSeconds,
    });
    return { list: { ...list, writes } };
  } finally {
    clearInterval(timer);
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toLocaleString('en', { maximumFractionDigits: 1 }) : 'n/a');

/** Lines for bench/results.md; `target` when this dataset is the one the target is set for. */
export function riderListReport(r: RiderListResult, target: boolean): string[] {
  const l = r.list;
  const ok = l.p95 < 50 && l.non2xx + l.errors === 0;
  return [
    `Rider list: ${CONNECTIONS} connections, ${fmt(l.writes)} changes landed during the run.`,
    '',
    `| call | ${LOAD_SHAPE_HEADER} | req/s | p50 ms | p95 ms | p99 ms | non-2xx | target |`,
    `|---|${LOAD_SHAPE_RULE}|---|---|---|---|---|---|`,
    `| ${l.name} | ${loadShape(l)} | ${fmt(l.requestsPerSecond)} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(l.p99)} | ${l.non2xx + l.errors} | ${target ? `p95 < 50 ms ${ok ? '✅' : '❌'}` : 'information'} |`,
    '',
  ];
}

// Alone (npm run bench:rider): a small PGlite database, for trying the measurement, not for the target; or
// --database=postgres://... to measure a database `npm run bench -- --seed-only` seeded (and assigned).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = benchArgs();
  const shipments = Number(args.shipments ?? 10_000);
  const dataDir = args.database ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-bench-rider-'));
  try {
    if (dataDir) {
      const database = await openDatabase({ dataDir });
      await migrateDatabase(database);
      await seedDatabase(database.db, { demo: true });
      await seedBenchShipments(database.db, shipments);
      await assignRiderBench(database.db);
      await database.close();
    }
    const server = await startServer(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: args.database! }, Number(args.port ?? 3910));
    try {
      const result = await measureRiderList(server.url, Number(args.duration ?? 5));
      console.log(riderListReport(result, false).join('\n'));
    } finally {
      await server.stop();
    }
  } finally {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
