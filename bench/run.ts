/**
 * npm run bench: the shipments and back-office issues' figures, measured in one run against the real server
 * process.
 *   - PostgreSQL (the machine's, databases hatid_bench_10000 and hatid_bench_1000000, re-created each run):
 *     100,000 customers and that many shipments
 *   - PGlite (a fresh data dir with 200,000 shipments), as information
 * Also business webhooks (issue 33, bench/webhooks.ts: 10,000 events to a local receiver, a database of their own).
 * Results go to bench/results.md. Options: --duration=10 (seconds per load), --sizes=10000,1000000,
 * --pglite-size=200000, --skip-pglite, --reuse (keep databases an earlier run seeded), --seed-only,
 * --port=3900 (the server's; its metrics on the next port, the wallet and webhook benches' at +60),
 * --db-prefix=hatid_bench_ (the databases' names: <prefix><size>).
 * Every load's row says how many requests were in flight at once, how many distinct keys (paths) it asked and
 * how many of its reads the server's read cache answered (its metrics, scraped before and after the load).
 */
import { benchArgs } from './args.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { withAdminConnection } from '../apps/server/src/db/admin-connection.js';
import { prewarm } from './prewarm.js';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/rendered.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { DEMO_PASSWORD, seedDatabase } from '../apps/server/src/seed/index.js';
import { LOAD_SHAPE_HEADER, LOAD_SHAPE_RULE, load, loadShape, metricsReadCacheProbe, setReadCacheProbe, type LoadResult } from './load.js';
import { BENCH_USERS, sampleTrackingNumbers, seedBenchShipments } from './seed.js';
import { measureWebSizes, webSizeReport } from './web-size.js';
import { signIn, startServer } from './server-process.js';
import { benchWaybills } from './waybills.js';
import { benchWallet, walletReport, type WalletBenchResult } from './wallet.js';
import { benchConsolidationSeal, consolidationReport } from './consolidations.js';
import { benchBulkBooking, bulkBenchDatabase, bulkReport } from './bulk-bookings.js';
import { measureSearch, warmupRate, shipmentPagePaths, STAFF_AT_ONCE, type SearchResults } from './search.js';
import { assignRiderBench, measureRiderList, riderListReport, type RiderListResult } from './rider.js';
import { benchWebhooksOnOwnDatabase, webhooksReport } from './webhooks.js';
import { emptyBenchDatabase } from './fresh-database.js';

const args = benchArgs();
const DURATION = Number(args.duration ?? 10);
const SIZES = (args.sizes ?? '10000,1000000').split(',').map(Number);
const PGLITE_SIZE = Number(args['pglite-size'] ?? 200_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = Number(args.port ?? 3900);
const DB_PREFIX = args['db-prefix'] ?? 'hatid_bench_';
/** The cold tracking row's keys: distinct tracking numbers, none asked twice in the run (issue 34). */
const COLD_TRACKING_NUMBERS = 200_000;

interface DatasetResult {
  label: string;
  rows: number;
  baseline: LoadResult;
  /** Public tracking, every number asked once: each answer read from the database. */
  track: LoadResult;
  /** Public tracking of 1,000 numbers asked again and again: the read cache answers (labelled; never a target). */
  trackHot: LoadResult;
  pricing: LoadResult;
  /** The back office's lists, 20 staff at once, distinct questions (bench/search.ts). */
  search: SearchResults;
  /** Distinct filtered pages while staff change a shipment 10 times a second (each change empties the read cache). */
  listUnderWrites: LoadResult & { writes: number };
  exportRows: number;
  exportSeconds: number;
  exportPeakRssMiB: number;
  waybillsPerSecond: number | null;
  /** Wallet payments and the payment webhook (bench/wallet.ts), PostgreSQL datasets only. */
  wallet?: WalletBenchResult;
  /** A rider's own list (issue 11, bench/rider.ts). */
  rider: RiderListResult;
}

interface Prepared {
  trackingNumbers: string[];
  /** Up to COLD_TRACKING_NUMBERS distinct numbers in random order, for the cold tracking row. */
  coldTrackingNumbers: string[];
  roleIds: number[];
}

/** Distinct tracking numbers in random order (no repeats): the cold tracking row asks each once. */
async function coldTrackingNumbers(db: Database['db']): Promise<string[]> {
  const rows = rowsOf<{ tracking_number: string }>(
    await db.execute(sql`SELECT tracking_number FROM shipments ORDER BY random() LIMIT ${COLD_TRACKING_NUMBERS}`),
  );
  return rows.map((r) => r.tracking_number);
}

async function prepare(database: Database, rows: number): Promise<Prepared> {
  await migrateDatabase(database);
  await seedDatabase(database.db, { demo: true });
  const started = Date.now();
  await seedBenchShipments(database.db, rows);
  console.log(`  seeded ${rows} shipments in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await assignRiderBench(database.db);
  const roleRows = rowsOf<{ id: number }>(await database.db.execute(sql`SELECT id FROM roles ORDER BY id`));
  return {
    trackingNumbers: await sampleTrackingNumbers(database.db, 1000),
    coldTrackingNumbers: await coldTrackingNumbers(database.db),
    roleIds: roleRows.map((r) => Number(r.id)),
  };
}

async function measure(label: string, rows: number, env: Record<string, string>, prepared: Prepared): Promise<DatasetResult> {
  const { trackingNumbers } = prepared;
  // Export first, on a fresh process, so its peak memory is the export's own.
  let server = await startServer(env, PORT);
  let cookie = await signIn(server.url, 'staff@hatid.test', DEMO_PASSWORD);
  // Start-up (modules, the PSGC index, migrations) peaks higher than it settles; measure the export's own peak.
  server.resetPeakRss();
  const started = process.hrtime.bigint();
  const response = await fetch(`${server.url}/api/shipments/partners/export`, { headers: { cookie } });
  if (!response.ok) throw new Error(`export failed: ${response.status} ${await response.text()}`);
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const exportSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const exportPeakRssMiB = server.peakRssMiB();
  await server.stop();

  // With its metrics (on the next port): every load below counts what the read cache answered.
  server = await startServer({ ...env, METRICS_PORT: String(PORT + 1) }, PORT);
  setReadCacheProbe(metricsReadCacheProbe(`http://127.0.0.1:${PORT + 1}`));
  cookie = await signIn(server.url, 'staff@hatid.test', DEMO_PASSWORD);
  const base = { url: server.url, durationSeconds: DURATION };
  const pricingBody = JSON.stringify({
    deliveryType: 'next_day',
    packages: [
      { boxName: 'Small Box', quantity: 2, weightInGrams: 1500 },
      { boxName: 'Your Box', quantity: 1, weightInGrams: 7200, lengthInCm: 40, widthInCm: 30, heightInCm: 30 },
    ],
    declaredInsuranceValue: 2500,
  });
  const baseline = await load({ ...base, name: 'GET /api/_ah/warmup (baseline)', path: '/api/_ah/warmup' });
  // Cold first, before anything asks a tracking number: each number once, so the read cache never answers.
  const track = await load({
    ...base,
    name: 'GET /api/shipments/track/{n}, cold (every number asked once)',
    paths: prepared.coldTrackingNumbers.map((n) => `/api/shipments/track/${n}`),
    eachPathOnce: true,
  });
  const trackHot = await load({
    ...base,
    name: 'GET /api/shipments/track/{n}, HOT (1,000 numbers repeated: the read cache answers)',
    paths: trackingNumbers.map((n) => `/api/shipments/track/${n}`),
  });
  const pricing = await load({
    ...base,
    name: 'POST /api/shipments/calculations',
    method: 'POST',
    path: '/api/shipments/calculations',
    headers: { 'content-type': 'application/json' },
    body: pricingBody,
  });
  const search = await measureSearch(server.url, cookie, DURATION, { trackingNumbers, shipments: rows, roleIds: prepared.roleIds });
  const rider = await measureRiderList(server.url, DURATION);
  const listUnderWrites = await whileWriting(server.url, cookie, 10, () =>
    load({
      ...base,
      connections: STAFF_AT_ONCE,
      headers: { cookie },
      name: 'distinct filtered pages, while 10 changes/s land',
      paths: shipmentPagePaths(5),
    }),
  );
  let waybillsPerSecond: number | null = null;
  const sample = trackingNumbers.slice(0, 200);
  const waybillStart = process.hrtime.bigint();
  const waybills = await fetch(`${server.url}/api/shipments/air-waybill/download`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'pdf', trackingNumbers: sample }),
  });
  if (waybills.ok) {
    await waybills.arrayBuffer();
    waybillsPerSecond = sample.length / (Number(process.hrtime.bigint() - waybillStart) / 1e9);
  }
  setReadCacheProbe(null);
  await server.stop();
  return {
    label,
    rows,
    baseline,
    track,
    trackHot,
    pricing,
    search,
    listUnderWrites,
    exportRows: lines - 1,
    exportSeconds,
    exportPeakRssMiB,
    waybillsPerSecond,
    rider,
  };
}

/**
 * Runs `work` while a staff member changes one shipment's notes `perSecond` times a second through the API,
 * as operations do all day: each change empties every instance's read cache, so this is the list's speed
 * when the cache keeps being emptied.
 */
async function whileWriting<T extends LoadResult>(url: string, cookie: string, perSecond: number, work: () => Promise<T>): Promise<T & { writes: number }> {
  const first = await fetch(`${url}/api/shipments?limit=1`, { headers: { cookie } });
  const id = ((await first.json()) as { data: { id: string }[] }).data[0]!.id;
  let writes = 0;
  let n = 0;
  const timer = setInterval(() => {
    n += 1;
    void fetch(`${url}/api/shipments/${id}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ notes: `bench change ${n}` }),
    }).then((r) => {
      if (r.ok) writes += 1;
      return r.arrayBuffer();
    });
  }, 1000 / perSecond);
  try {
    return { ...(await work()), writes };
  } finally {
    clearInterval(timer);
  }
}

const withAdmin = <T>(fn: (client: pg.Client) => Promise<T>) => withAdminConnection(ADMIN_URL, fn);

/** A database seeded by an earlier run of this very seed (--reuse), or null. */
async function reusable(database: Database, rows: number): Promise<Prepared | null> {
  try {
    const seeded = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM shipments WHERE sender_mobile_number LIKE '+63918%'`));
    const n = Number(seeded[0]?.n ?? 0);
    if (n !== rows) return null;
    await migrateDatabase(database);
    await assignRiderBench(database.db);
    const roleRows = rowsOf<{ id: number }>(await database.db.execute(sql`SELECT id FROM roles ORDER BY id`));
    return {
      trackingNumbers: await sampleTrackingNumbers(database.db, 1000),
      coldTrackingNumbers: await coldTrackingNumbers(database.db),
      roleIds: roleRows.map((r) => Number(r.id)),
    };
  } catch {
    return null;
  }
}

/** The PostgreSQL database for `rows` shipments, seeded (or reused with --reuse) and prewarmed. */
async function postgresPrepared(rows: number): Promise<{ url: URL; prepared: Prepared }> {
  const name = `${DB_PREFIX}${rows}`;
  console.log(`PostgreSQL, ${rows} shipments (${name})`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // --reuse: keep a database this seed already filled (seeding 1,000,000 shipments takes minutes).
  let prepared: Prepared | null = null;
  if ('reuse' in args) {
    const exists = await withAdmin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
    if (exists) {
      const database = await openDatabase({ url: url.toString() });
      prepared = await reusable(database, rows);
      await database.close();
      if (prepared) console.log('  reusing the seeded database');
    }
  }
  if (!prepared) {
    await emptyBenchDatabase(ADMIN_URL, name);
    const database = await openDatabase({ url: url.toString() });
    prepared = await prepare(database, rows);
    await database.close();
  }
  await prewarm(url.toString());
  return { url, prepared };
}

async function postgresDataset(rows: number): Promise<DatasetResult> {
  const { url, prepared } = await postgresPrepared(rows);
  const result = await measure(`PostgreSQL, ${rows.toLocaleString('en')} shipments`, rows, { DATABASE_URL: url.toString() }, prepared);
  // Last: its bookings and credits add rows the other measurements should not see.
  result.wallet = await benchWallet(url.toString(), PORT);
  return result;
}

async function pgliteDataset(rows: number): Promise<DatasetResult> {
  console.log(`PGlite, ${rows} shipments`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-bench-'));
  try {
    const database = await openDatabase({ dataDir });
    const prepared = await prepare(database, rows);
    await database.close();
    return await measure(`PGlite, ${rows.toLocaleString('en')} shipments`, rows, { DATA_DIR: dataDir }, prepared);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a');
const verdict = (ok: boolean) => (ok ? '✅' : '❌');

/**
 * The back office's lists (issue 10): 20 staff at once, distinct questions. Targets at 1,000,000 shipments
 * on PostgreSQL, as ratios to the warmup route measured the same way in the same run; and the same queries
 * at 10,000 rows at most 1.5× faster (req/s against each run's warmup) than at 1,000,000.
 */
function searchReport(r: DatasetResult, small: DatasetResult | undefined): string[] {
  const s = r.search;
  const lines = [
    `Back-office lists: ${STAFF_AT_ONCE} connections, every request a different path (filters × pages up to 500 × sorts, or searches), so the read cache is missed; ${fmt(BENCH_USERS)} users.`,
    '',
    `| call | ${LOAD_SHAPE_HEADER} | req/s | vs warmup | rows per answer | p50 ms | p95 ms | p99 ms | non-2xx | target |`,
    `|---|${LOAD_SHAPE_RULE}|---|---|---|---|---|---|---|---|`,
  ];
  const row = (l: LoadResult & { rowsPerAnswer?: number }, target: string) =>
    `| ${l.name} | ${loadShape(l)} | ${fmt(l.requestsPerSecond)} | ${fmt(l.requestsPerSecond / warmupRate(s), 3)} | ${l.rowsPerAnswer === undefined ? '' : fmt(l.rowsPerAnswer, 1)} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(l.p99)} | ${l.non2xx + l.errors} | ${target} |`;
  lines.push(row(s.baseline, 'baseline'));
  lines.push(row(s.baselineAfter, `baseline (the ratios use the mean: ${fmt(warmupRate(s))} req/s)`));
  const check = (l: LoadResult, pick: (x: SearchResults) => LoadResult, ratio: number, p95: number) => {
    if (!small) return 'information';
    const vs = l.requestsPerSecond / warmupRate(s);
    // Each dataset's rate against its own run's warmup route: the machine's speed drifts between the two runs
    // (a warmup of 2,840 req/s in one and 4,091 in the next has been seen), and raw rates would count the drift.
    const faster = pick(small.search).requestsPerSecond / warmupRate(small.search) / vs;
    const raw = pick(small.search).requestsPerSecond / l.requestsPerSecond;
    return `≥ ${ratio}× ${verdict(vs >= ratio)}, p95 < ${p95} ms ${verdict(l.p95 < p95)}, 10,000 rows ${fmt(faster, 2)}× faster against each run's warmup (raw ${fmt(raw, 2)}×; ≤ 1.5 ${verdict(faster <= 1.5)}), errors ${verdict(l.non2xx + l.errors === 0)}`;
  };
  lines.push(
    row(
      s.shipmentPages,
      check(s.shipmentPages, (x) => x.shipmentPages, 0.05, 100),
    ),
  );
  lines.push(
    row(
      s.shipmentSearches,
      check(s.shipmentSearches, (x) => x.shipmentSearches, 0.03, 150),
    ),
  );
  lines.push(
    row(
      s.userPages,
      check(s.userPages, (x) => x.userPages, 0.05, 100),
    ),
  );
  lines.push(
    row(
      s.userSearches,
      check(s.userSearches, (x) => x.userSearches, 0.03, 150),
    ),
  );
  lines.push(row(r.listUnderWrites, `information (${fmt(r.listUnderWrites.writes)} changes landed)`), '');
  return lines;
}

function report(results: DatasetResult[], renderer: Awaited<ReturnType<typeof benchWaybills>>): string {
  const lines: string[] = [];
  lines.push('# Benchmark results', '');
  lines.push(`Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`);
  lines.push(
    `autocannon, no pipelining, ${DURATION} s per load (a cold load stops sooner once every key was asked), against the real server process (\`apps/server/dist/main.mjs\`, as \`npm start\` runs it).`,
    "Each row gives the requests in flight at once, the distinct keys (paths) it asked, and the read-cache hits among its lookups (the server's metrics, scraped before and after the load): a row with hits is labelled HOT and stands for no target.",
    '',
  );
  const pg10k = results.find((r) => r.label.startsWith('PostgreSQL') && r.rows === 10_000);
  for (const r of results) {
    const big = r.rows >= 200_000 && r.label.startsWith('PostgreSQL');
    lines.push(`## ${r.label}`, '');
    lines.push(
      `| call | ${LOAD_SHAPE_HEADER} | req/s | vs baseline | p50 ms | p95 ms | p99 ms | non-2xx | target |`,
      `|---|${LOAD_SHAPE_RULE}|---|---|---|---|---|---|---|`,
    );
    const row = (l: LoadResult, target: string) =>
      `| ${l.name} | ${loadShape(l)} | ${fmt(l.requestsPerSecond)} | ${fmt(l.requestsPerSecond / r.baseline.requestsPerSecond, 2)} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(l.p99)} | ${l.non2xx + l.errors} | ${target} |`;
    lines.push(row(r.baseline, 'baseline'));
    const trackRatio = r.track.requestsPerSecond / r.baseline.requestsPerSecond;
    // Issue 34: cold tracking at 0.7 × the no-op route at the same concurrency, and a cold row only counts if the
    // read cache answered none of it.
    const cold = r.track.readCache?.hits === 0;
    lines.push(
      row(
        r.track,
        `${big ? `≥ 0.7 × baseline ${verdict(trackRatio >= 0.7)}, p99 < 25 ms ${verdict(r.track.p99 < 25)}, ` : ''}cache missed on every request ${r.track.readCache ? verdict(cold) : '(not measured)'}`,
      ),
    );
    lines.push(row(r.trackHot, 'HOT, information only: the read cache answers (stands for no target)'));
    const pricingRatio = r.pricing.requestsPerSecond / r.baseline.requestsPerSecond;
    lines.push(row(r.pricing, big ? `≥ 0.6 × baseline ${verdict(pricingRatio >= 0.6)}` : 'information'));
    lines.push('');
    lines.push(...searchReport(r, r.rows >= 1_000_000 && r.label.startsWith('PostgreSQL') ? pg10k : undefined));
    lines.push(...riderListReport(r.rider, r.rows >= 1_000_000 && r.label.startsWith('PostgreSQL')));
    const rowsPerSecond = r.exportRows / r.exportSeconds;
    lines.push('');
    lines.push(
      `CSV export of all ${fmt(r.exportRows)} rows: ${fmt(r.exportSeconds, 2)} s = **${fmt(rowsPerSecond)} rows/s**, server peak RSS **${fmt(r.exportPeakRssMiB)} MiB**` +
        (big ? ` (targets ≥ 100,000 rows/s ${verdict(rowsPerSecond >= 100_000)}, < 250 MB ${verdict(r.exportPeakRssMiB * 1.048576 < 250)})` : ''),
    );
    if (r.wallet) lines.push('', ...walletReport(r.wallet));
    if (r.waybillsPerSecond !== null) {
      lines.push(
        '',
        `Waybills through the API (200 labels in one PDF, database included): **${fmt(r.waybillsPerSecond)} labels/s**${big ? ` ${verdict(r.waybillsPerSecond >= 100)}` : ''}`,
      );
    }
    lines.push('');
  }
  lines.push('## Waybill renderer alone', '');
  lines.push(
    `${renderer.labels} labels in one bulk PDF in ${fmt(renderer.seconds, 2)} s = **${fmt(renderer.labelsPerSecond)} labels/s** (target ≥ 100 ${verdict(renderer.labelsPerSecond >= 100)}), ${fmt(renderer.bytes / 1024 / 1024, 2)} MiB.`,
    '',
  );
  return lines.join('\n');
}

if ('seed-only' in args) {
  // Seed (or check) the PostgreSQL databases and stop: a later --reuse run measures without the wait.
  for (const rows of SIZES) {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${DB_PREFIX}${rows}`;
    await emptyBenchDatabase(ADMIN_URL, `${DB_PREFIX}${rows}`);
    const database = await openDatabase({ url: url.toString() });
    await prepare(database, rows);
    await database.close();
  }
  process.exit(0);
}

/**
 * --only=tracking: the public tracking rows alone (the no-op route, cold, HOT), printed, results.md untouched: a
 * quick check of the tracking measurement on a database the full run seeded (--reuse) or seeds now.
 */
async function trackingOnly(): Promise<void> {
  for (const rows of SIZES) {
    const { url, prepared } = await postgresPrepared(rows);
    const server = await startServer({ DATABASE_URL: url.toString(), METRICS_PORT: String(PORT + 1) }, PORT);
    setReadCacheProbe(metricsReadCacheProbe(`http://127.0.0.1:${PORT + 1}`));
    try {
      const base = { url: server.url, durationSeconds: DURATION };
      const results = [
        await load({ ...base, name: 'GET /api/_ah/warmup (baseline)', path: '/api/_ah/warmup' }),
        await load({
          ...base,
          name: 'GET /api/shipments/track/{n}, cold (every number asked once)',
          paths: prepared.coldTrackingNumbers.map((n) => `/api/shipments/track/${n}`),
          eachPathOnce: true,
        }),
        await load({
          ...base,
          name: 'GET /api/shipments/track/{n}, HOT (1,000 numbers repeated: the read cache answers)',
          paths: prepared.trackingNumbers.map((n) => `/api/shipments/track/${n}`),
        }),
      ];
      console.log(
        `\nPostgreSQL, ${rows.toLocaleString('en')} shipments (load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')})\n`,
      );
      console.log(
        `| call | ${LOAD_SHAPE_HEADER} | req/s | vs baseline | p50 ms | p95 ms | p99 ms | non-2xx |\n|---|${LOAD_SHAPE_RULE}|---|---|---|---|---|---|`,
      );
      for (const l of results) {
        console.log(
          `| ${l.name} | ${loadShape(l)} | ${fmt(l.requestsPerSecond)} | ${fmt(l.requestsPerSecond / results[0]!.requestsPerSecond, 2)} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(l.p99)} | ${l.non2xx + l.errors} |`,
        );
      }
    } finally {
      setReadCacheProbe(null);
      await server.stop();
    }
  }
}

if (args.only === 'tracking') {
  await trackingOnly();
  process.exit(0);
}

const results: DatasetResult[] = [];
for (const rows of SIZES) results.push(await postgresDataset(rows));
if (!('skip-pglite' in args)) results.push(await pgliteDataset(PGLITE_SIZE));
const renderer = await benchWaybills(500);
// Sealing 500 shipments among the largest PostgreSQL dataset's (bench/consolidations.ts cleans up after itself).
const largest = Math.max(...SIZES);
const sealDatabase = await openDatabase({ url: Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_PREFIX}${largest}` }).toString() });
const sealing = await benchConsolidationSeal(sealDatabase, 500);
await sealDatabase.close();
// Business webhooks (issue 33): 10,000 events to a local receiver, on a database of their own (bench/webhooks.ts).
const webhooks = await benchWebhooksOnOwnDatabase(ADMIN_URL, PORT + 60);
// Bulk booking (issue 33) on a database of its own: its 4,963 bookings would change the other measurements.
const bulkDatabase = await bulkBenchDatabase(ADMIN_URL);
const bulk = await benchBulkBooking(bulkDatabase);
await bulkDatabase.close();
const webSizes = await measureWebSizes();
const markdown = `${report(results, renderer)}\n${consolidationReport(sealing, `PostgreSQL, ${largest.toLocaleString('en')} shipments`)}\n${webhooksReport(webhooks)}\n${bulkReport(bulk, 'PostgreSQL')}\n${webSizeReport(webSizes)}\n`;
// The Lighthouse section is written by its own script (npm run bench:lighthouse): carry it over.
const resultsFile = path.join(import.meta.dirname, 'results.md');
const previous = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '';
const lighthouseAt = previous.indexOf('\n## Lighthouse');
fs.writeFileSync(resultsFile, lighthouseAt >= 0 ? `${markdown.trimEnd()}\n${previous.slice(lighthouseAt)}` : markdown);
console.log(markdown);
