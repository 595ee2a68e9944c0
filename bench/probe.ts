/**
 * npm run bench:probe -- — one request at a time over a sample of the back-office list paths, to see which
 * question shapes are slow (the load in run.ts says how slow; this says which). Prints percentiles and the
 * slowest paths. Needs a database seeded by `npm run bench -- --seed-only`; options: --rows=1000000,
 * --count=300, --kind=pages|search|users|usersearch, --load=SECONDS (throughput, and CPU per request by
 * process), --limit=N (every path asks N rows),
 * --shape=tracking|mobile|name|word (searches of one kind only).
 */
import { benchArgs } from './args.js';
import { signIn, startServer } from './server-process.js';
import { shipmentPagePaths, shipmentSearchPaths, userPagePaths, userSearchPaths } from './search.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/index.js';
import fs from 'node:fs';
import pg from 'pg';
import { load } from './load.js';
import { prewarm } from './prewarm.js';

const args = benchArgs();
const rows = Number(args.rows ?? 1_000_000);
const count = Number(args.count ?? 300);
const kind = args.kind ?? 'pages';
const dbUrl = `postgres://postgres@127.0.0.1:5432/hatid_bench_${rows}`;

const client = new pg.Client(dbUrl);
await client.connect();
const numbers = (await client.query<{ tracking_number: string }>('SELECT tracking_number FROM shipments TABLESAMPLE SYSTEM (1) LIMIT 1000')).rows.map(
  (r) => r.tracking_number,
);
const roleIds = (await client.query<{ id: number }>('SELECT id FROM roles ORDER BY id')).rows.map((r) => Number(r.id));
await client.end();

const all =
  kind === 'search'
    ? shipmentSearchPaths(numbers, rows)
    : kind === 'users'
      ? userPagePaths(roleIds)
      : kind === 'usersearch'
        ? userSearchPaths()
        : shipmentPagePaths();
/** Which kind of search a path is: a full name, one word, a mobile number or a tracking-number prefix. */
const shapeOf = (path: string) => {
  const term = new URL(path, 'http://x').searchParams.get('search') ?? '';
  return /^09\d{9}$/.test(term) ? 'mobile' : /^[A-Z]{2}\d/.test(term) ? 'tracking' : term.includes(' ') ? 'full name' : 'one word';
};
// --shape=tracking|mobile|name|word keeps one kind of search.
const shaped = args.shape ? all.filter((p) => shapeOf(p).startsWith(args.shape === 'name' ? 'full' : args.shape === 'word' ? 'one' : args.shape!)) : all;
// --limit=N asks every path for N rows: how much of a list's cost is its rows, and how much the question.
const limited = args.limit ? [...new Set(shaped.map((p) => p.replace(/limit=\d+/, `limit=${args.limit}`)))] : shaped;
const paths = limited.slice(0, count);

/** CPU seconds used so far by the server process and by all of PostgreSQL's processes (Linux /proc). */
function cpuSeconds(serverPid: number): { server: number; serverKernel: number; database: number; databaseKernel: number } {
  /** [user, kernel] clock ticks of a process so far. */
  const ticks = (pid: string): [number, number] => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return [Number(fields[11]), Number(fields[12])];
    } catch {
      return [0, 0];
    }
  };
  let databaseUser = 0;
  let databaseKernel = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
      const [user, kernel] = ticks(pid);
      databaseUser += user;
      databaseKernel += kernel;
    } catch {
      /* gone */
    }
  }
  const [user, kernel] = ticks(String(serverPid));
  return { server: (user + kernel) / 100, serverKernel: kernel / 100, database: (databaseUser + databaseKernel) / 100, databaseKernel: databaseKernel / 100 };
}
await prewarm(dbUrl);
const server = await startServer({ DATABASE_URL: dbUrl }, 3901);
try {
  const cookie = await signIn(server.url, 'staff@hatid.test', DEMO_PASSWORD);
  if ('load' in args) {
    // As run.ts loads it: 20 connections, distinct paths, against the warmup route in the same run.
    const base = { url: server.url, durationSeconds: Number(args.load || 10), connections: 20, headers: { cookie } };
    const atWarmup = cpuSeconds(server.pid);
    const warm = await load({ ...base, name: 'warmup', path: '/api/_ah/warmup' });
    const before = cpuSeconds(server.pid);
    const startedAt = process.cpuUsage();
    const list = await load({ ...base, name: kind, paths: limited });
    const own = process.cpuUsage(startedAt);
    const after = cpuSeconds(server.pid);
    for (const r of [warm, list]) console.log(`${r.name}: ${r.requestsPerSecond.toFixed(0)} req/s p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} non2xx ${r.non2xx}`);
    console.log(`ratio ${(list.requestsPerSecond / warm.requestsPerSecond).toFixed(3)}`);
    // Backends that ended during the load are missed: the pool keeps its connections, so few do.
    const perOf = (requestsPerSecond: number) => (seconds: number) => `${((seconds * 1000) / (requestsPerSecond * base.durationSeconds)).toFixed(2)} ms`;
    const per = perOf(list.requestsPerSecond);
    console.log(
      `CPU per request: server ${per(after.server - before.server)} (kernel ${per(after.serverKernel - before.serverKernel)}), ` +
        `database ${per(after.database - before.database)} (kernel ${per(after.databaseKernel - before.databaseKernel)}), ` +
        `load generator ${per((own.user + own.system) / 1e6)}`,
    );
    // The floor every signed-in call pays (routing, hooks, the session's lookup), for comparison.
    const warmPer = perOf(warm.requestsPerSecond);
    console.log(`CPU per warmup request: server ${warmPer(before.server - atWarmup.server)}, database ${warmPer(before.database - atWarmup.database)}`);
  }
  const timed: { path: string; ms: number; status: number }[] = [];
  for (const p of paths) {
    const t = performance.now();
    const res = await fetch(server.url + p, { headers: { cookie } });
    await res.arrayBuffer();
    timed.push({ path: p, ms: performance.now() - t, status: res.status });
  }
  const sorted = [...timed].sort((a, b) => a.ms - b.ms);
  const q = (f: number) => sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))]!.ms.toFixed(1);
  console.log(
    `${kind}: n=${timed.length} p50=${q(0.5)} p90=${q(0.9)} p95=${q(0.95)} p99=${q(0.99)} max=${q(1)} ms; non-200: ${timed.filter((t) => t.status !== 200).length}`,
  );
  if (kind === 'search' || kind === 'usersearch') {
    // Which kind of search is slow: a full name, one word, a mobile number or a tracking-number prefix.
    const shapes = new Map<string, number[]>();
    for (const t of timed) shapes.set(shapeOf(t.path), [...(shapes.get(shapeOf(t.path)) ?? []), t.ms]);
    for (const [shape, ms] of shapes) {
      ms.sort((a, b) => a - b);
      const at = (f: number) => ms[Math.min(ms.length - 1, Math.floor(f * ms.length))]!.toFixed(1);
      console.log(
        `  ${shape.padEnd(10)} n=${String(ms.length).padStart(4)} p50=${at(0.5)} p95=${at(0.95)} mean=${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(1)} ms`,
      );
    }
  }
  for (const t of sorted.slice(-Number(args.show ?? 15)).reverse()) console.log(`${t.ms.toFixed(1).padStart(8)} ${t.status} ${decodeURIComponent(t.path)}`);
} finally {
  await server.stop();
}
