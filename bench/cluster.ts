/**
 * npm run bench:cluster (issue 30): what HAProxy and a second process cost. Public tracking (distinct tracking
 * numbers, each asked once: the read cache is cold for every request) and staff list pages (distinct filtered
 * pages, 20 staff at once), against one process without the proxy, HAProxy in front of one (the proxy's own
 * cost) and HAProxy in front of two (scripts/cluster), on the same PostgreSQL database, the three in turn each
 * round; then a rolling restart under the tracking load.
 * Targets: throughput through the cluster ≥ 0.8× one process, p99 ≤ 1.5×; the restart fails 0 requests.
 * Writes the "Cluster behind HAProxy" section of bench/results.md. Options: --duration=10 (seconds per load),
 * --rows=100000 (shipments), --rounds=3 (medians reported).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/rendered.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/index.js';
import { startCluster } from '../scripts/cluster/cluster.mjs';
import { benchArgs } from './args.js';
import { dropBenchDatabase, freshBenchDatabase } from './fresh-database.js';
import { load, type LoadResult } from './load.js';
import { prewarm } from './prewarm.js';
import { STAFF_AT_ONCE, shipmentPagePaths } from './search.js';
import { seedBenchShipments } from './seed.js';
import { signIn, startServer } from './server-process.js';

const args = benchArgs();
const DURATION = Number(args.duration ?? 10);
const ROWS = Number(args.rows ?? 100_000);
const ROUNDS = Number(args.rounds ?? 3);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'hatid_bench_cluster';
const PORT = 3970;
const SECTION = '## Cluster behind HAProxy (issue 30)';
const RESULTS = path.join(import.meta.dirname, 'results.md');
// Both setups get the same environment; the load comes from 127.0.0.1, so the general per-IP limit is lifted.
const ENV = { SEED_DEMO_ACTIVITY: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_ALLOWLIST: '127.0.0.1' };

console.log(`Cluster bench: ${ROWS.toLocaleString('en')} shipments in ${DATABASE}`);
const databaseUrl = await freshBenchDatabase(ADMIN_URL, DATABASE);
const database = await openDatabase({ url: databaseUrl });
await seedBenchShipments(database.db, ROWS);
// Every tracking number in a random order; each load takes its own slice, so no number is asked twice in a run.
const numbers = rowsOf<{ n: string }>(await database.db.execute(sql`SELECT tracking_number AS n FROM shipments ORDER BY random()`)).map((r) => r.n);
await database.close();
await prewarm(databaseUrl);
let nextKey = 0;
const freshKeys = (count: number) => {
  const keys = numbers.slice(nextKey, nextKey + count);
  nextKey += count;
  return keys;
};
const keysPerLoad = Math.floor(numbers.length / (3 * ROUNDS + 1));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? '✅' : '❌');
interface Measured {
  track: LoadResult & { keys: number; requests: number };
  lists: LoadResult & { keys: number; requests: number };
}

async function measure(url: string, round: number, offset: number): Promise<Measured> {
  const cookie = await signIn(url, 'staff@hatid.test', DEMO_PASSWORD);
  const keys = freshKeys(keysPerLoad);
  const track = await load({ url, name: 'track', durationSeconds: DURATION, paths: keys.map((n) => `/api/shipments/track/${n}`), eachPathOnce: true });
  // A seed of its own per load: 40,000 distinct pages none of the other loads asked.
  const pages = shipmentPagePaths(100 + round * 3 + offset);
  const lists = await load({
    url,
    name: 'lists',
    durationSeconds: DURATION,
    connections: STAFF_AT_ONCE,
    headers: { cookie },
    paths: pages,
    eachPathOnce: true,
  });
  const requests = (l: LoadResult) => l.requests;
  return {
    track: { ...track, keys: keys.length, requests: requests(track) },
    lists: { ...lists, keys: pages.length, requests: requests(lists) },
  };
}

// One process alone; HAProxy in front of one (the proxy's own cost); HAProxy in front of two (the issue's target).
const SETUPS = [
  { label: 'one process', processes: 0 },
  { label: 'HAProxy + 1 process', processes: 1 },
  { label: 'HAProxy + 2 processes', processes: 2 },
] as const;
const runs: Measured[][] = SETUPS.map(() => []);
const loads: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const [s, setup] of SETUPS.entries()) {
    console.log(`round ${round + 1}: ${setup.label}`);
    loads.push(os.loadavg()[0]!);
    if (setup.processes === 0) {
      const server = await startServer({ ...ENV, DATABASE_URL: databaseUrl }, PORT);
      try {
        runs[s]!.push(await measure(server.url, round, s));
      } finally {
        await server.stop();
      }
    } else {
      const cluster = await startCluster({ processes: setup.processes, databaseUrl, build: false, env: ENV });
      try {
        runs[s]!.push(await measure(cluster.url, round, s));
      } finally {
        await cluster.stop();
      }
    }
    const last = runs[s]!.at(-1)!;
    console.log(
      `  track ${fmt(last.track.requestsPerSecond)} req/s p99 ${fmt(last.track.p99)} ms; lists ${fmt(last.lists.requestsPerSecond)} req/s p99 ${fmt(last.lists.p99)} ms`,
    );
  }
}
const [single, proxied, clustered] = runs as [Measured[], Measured[], Measured[]];

console.log('rolling restart under the tracking load');
const cluster = await startCluster({ processes: 2, databaseUrl, build: false, env: ENV });
let restart: LoadResult & { seconds: number };
try {
  const started = Date.now();
  const restarted = (async () => {
    // A few seconds of load before the first process goes out.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await cluster.rollingRestart((line) => console.log(`  ${line}`));
    await new Promise((resolve) => setTimeout(resolve, 2000));
  })();
  const keys = numbers.slice(nextKey);
  const during = await load({
    url: cluster.url,
    name: 'track during a rolling restart',
    durationSeconds: 600,
    paths: keys.map((n) => `/api/shipments/track/${n}`),
    until: restarted,
  });
  await restarted;
  restart = { ...during, seconds: (Date.now() - started) / 1000 };
} finally {
  await cluster.stop();
}
await dropBenchDatabase(ADMIN_URL, DATABASE);

type Kind = 'track' | 'lists';
const of = (runs: Measured[], kind: Kind, key: 'requestsPerSecond' | 'p50' | 'p99' | 'requests') => median(runs.map((r) => r[kind][key]));
const failures = (runs: Measured[], kind: Kind) => runs.reduce((sum, r) => sum + r[kind].errors + r[kind].non2xx, 0);
let met = true;
const row = (kind: Kind, label: string) => {
  const connections = kind === 'track' ? 50 : STAFF_AT_ONCE;
  const line = (name: string, setupRuns: Measured[], target: string) =>
    `| ${label}, ${name} | ${connections} | ${fmt(setupRuns[0]![kind].keys)} per load (${fmt(of(setupRuns, kind, 'requests'))} asked), cold | ${setupRuns.map((r) => fmt(r[kind].requestsPerSecond)).join(' / ')} | ${fmt(of(setupRuns, kind, 'requestsPerSecond'))} | ${fmt(of(setupRuns, kind, 'p50'))} | ${fmt(of(setupRuns, kind, 'p99'))} | ${failures(setupRuns, kind)} | ${target} |`;
  const ratios = (setupRuns: Measured[]) => ({
    throughput: of(setupRuns, kind, 'requestsPerSecond') / of(single, kind, 'requestsPerSecond'),
    p99: of(setupRuns, kind, 'p99') / of(single, kind, 'p99'),
  });
  const one = ratios(proxied);
  const two = ratios(clustered);
  met &&= two.throughput >= 0.8 && two.p99 <= 1.5;
  return [
    line('one process, no proxy', single, ''),
    line('HAProxy + 1 process', proxied, `information: throughput ${fmt(one.throughput, 2)}×, p99 ${fmt(one.p99, 2)}×`),
    line(
      'HAProxy + 2 processes',
      clustered,
      `throughput ${fmt(two.throughput, 2)}× (≥ 0.8 ${verdict(two.throughput >= 0.8)}), p99 ${fmt(two.p99, 2)}× (≤ 1.5 ${verdict(two.p99 <= 1.5)})`,
    ),
  ];
};
const restartFailed = restart.errors + restart.non2xx;
met &&= restartFailed === 0;
const markdown = `${SECTION}

\`npm run bench:cluster\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}
(1-minute load average ${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)} at the starts: other work shares the cores). PostgreSQL
(the machine's), ${fmt(ROWS)} shipments, prewarmed. One process (\`npm start\`'s bundle, no Redis) against
HAProxy 2.6 in front of 1 process (the proxy's own cost) and of 2 processes, with Redis (\`scripts/cluster\`), on the
same 2 cores; ${ROUNDS} rounds, the three setups in turn, ${DURATION} s per load, medians. One Node process uses one
core for JavaScript; two use both, which is why two behind the proxy can beat one alone here. Every request asks something no earlier request of the run asked
(tracking: each number at most once, a load ends early when its numbers run out; lists: 40,000 distinct filtered
pages per load), so the read cache never answers.

| load | connections | distinct keys | req/s per round | req/s | p50 ms | p99 ms | failed | target |
|---|---|---|---|---|---|---|---|---|
${[...row('track', 'GET /api/shipments/track/{n}'), ...row('lists', 'staff: GET /api/shipments?… pages')].join('\n')}

Rolling restart (\`cluster.rollingRestart()\`, as \`npm run cluster:restart\`) under the tracking load, 50 connections:
${fmt(restart.seconds, 1)} s, ${fmt(restart.requestsPerSecond)} req/s, p99 ${fmt(restart.p99)} ms, **${restartFailed} failed** of about
${fmt(restart.requestsPerSecond * restart.seconds)} ${verdict(restartFailed === 0)}.
`;
writeSection(markdown);
console.log(`\n${markdown}`);
if (!met) process.exitCode = 1;

/** Replaces this bench's section of results.md (to the next "## " heading), or appends it. */
function writeSection(section: string) {
  const current = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
  const start = current.indexOf(`\n${SECTION}\n`);
  if (start === -1) {
    fs.writeFileSync(RESULTS, `${current.trimEnd()}\n\n${section}`);
    return;
  }
  const next = current.indexOf('\n## ', start + SECTION.length + 1);
  fs.writeFileSync(RESULTS, `${current.slice(0, start + 1)}${section}${next === -1 ? '' : `\n${current.slice(next + 1)}`}`);
}
