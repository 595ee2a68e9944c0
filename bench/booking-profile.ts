/**
 * npm run bench:booking-profile: where one booking's time goes (issue 34). Books shipments the way customers do
 * (POST /api/shipments/customer with an Idempotency-Key, cash and wallet alternating, every booking from a
 * different customer) against the real server process on PostgreSQL, with the server tracing every statement
 * (DB_STATEMENT_TRACE, db/client.ts), and reports per booking:
 *   - statements and round trips (one node-postgres query is one round trip), transactions, and which statements;
 *   - time in the database (each statement's round trip, as the server waited for it) and in Node (the rest);
 *   - rows written per table (pg_stat_user_tables) with the indexes each row's insert maintains, and WAL bytes;
 *   - outbox rows and notifications written;
 *   - lock waits (pg_stat_activity sampled every 5 ms while 20 book at once).
 * Then the same at 20 at once from 200 customers, and 20 at once from one seller's API key (cash: nothing of one
 * sender's should make its bookings queue). Counts are the evidence; times on a shared machine are noisy, so the
 * load average is printed with them.
 *
 * Options: --shipments=10000 (seeded first; 100,000 customers), --sequential=200, --concurrent=600, --at-once=20,
 * --port=3500, --reuse (keep a database this seeded before), --db=peakday_profile, --out=file.md (the report).
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { DEMO_PASSWORD, seedDatabase } from '../apps/server/src/seed/index.js';
import { createSession } from '../apps/server/src/modules/auth/index.js';
import { benchArgs } from './args.js';
import { emptyBenchDatabase } from './fresh-database.js';
import { prewarm } from './prewarm.js';
import { seedBenchShipments } from './seed.js';
import { signIn, startServer, type ServerProcess } from './server-process.js';

const args = benchArgs();
const SHIPMENTS = Number(args.shipments ?? 10_000);
const SEQUENTIAL = Number(args.sequential ?? 200);
const CONCURRENT = Number(args.concurrent ?? 600);
const AT_ONCE = Number(args['at-once'] ?? 20);
const CUSTOMERS = 200;
const PORT = Number(args.port ?? 3500);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = `${args.db ?? 'peakday_profile'}_${SHIPMENTS}`;

// ---------------------------------------------------------------------------------------------------------------
// The statement trace: one JSON line per statement (apps/server/src/main.ts, DB_STATEMENT_TRACE).

interface Traced {
  at: number;
  ms: number;
  connection: number | null;
  failed: boolean;
  text: string;
}

const readTrace = (file: string, from: number): { lines: Traced[]; end: number } => {
  const all = fs.readFileSync(file);
  const text = all.subarray(from).toString('utf8');
  return {
    lines: text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Traced),
    end: all.length,
  };
};

/**
 * The outbox worker polls every second on the same pool: its transactions (the poll's `available_at <= now()`
 * claim) are no booking's cost. A statement belongs to the transaction open on its connection.
 */
function bookingStatements(lines: Traced[]): Traced[] {
  const open = new Map<number, Traced[]>();
  const kept: Traced[] = [];
  // The outbox worker's claim, and the webhook dispatcher's (modules/webhooks/dispatcher.ts).
  const isPoll = (t: Traced) => /"available_at" <= now\(\)|with heads as/.test(t.text);
  for (const line of lines) {
    const verb = line.text.trim().toLowerCase();
    if (line.connection === null) {
      if (!isPoll(line)) kept.push(line);
      continue;
    }
    if (verb === 'begin') {
      open.set(line.connection, [line]);
      continue;
    }
    const tx = open.get(line.connection);
    if (!tx) {
      if (!isPoll(line)) kept.push(line);
      continue;
    }
    tx.push(line);
    if (verb === 'commit' || verb === 'rollback') {
      open.delete(line.connection);
      if (!tx.some(isPoll)) kept.push(...tx);
    }
  }
  for (const tx of open.values()) if (!tx.some(isPoll)) kept.push(...tx);
  return kept;
}

/** A statement's shape: values are never in the text; long IN lists and column lists are shortened. */
const shape = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\(\$\d+(, \$\d+)+\)/g, '($…)')
    .replace(/savepoint sp\d+/gi, 'savepoint spN')
    .replace(/select (("[a-z_]+"\."[a-z_]+"|"[a-z_]+"), )+/gi, 'select … ')
    .replace(/\(("[a-z_]+", )+"[a-z_]+"\)/gi, '(…)')
    .slice(0, 110);

interface TraceSummary {
  statements: number;
  transactions: number;
  savepoints: number;
  dbMs: number;
  byShape: { shape: string; count: number; ms: number }[];
}

function summarize(lines: Traced[]): TraceSummary {
  const byShape = new Map<string, { count: number; ms: number }>();
  let transactions = 0;
  let savepoints = 0;
  let dbMs = 0;
  for (const line of lines) {
    const verb = line.text.trim().toLowerCase();
    if (verb === 'begin') transactions++;
    if (verb.startsWith('savepoint')) savepoints++;
    dbMs += line.ms;
    const s = shape(line.text);
    const entry = byShape.get(s) ?? { count: 0, ms: 0 };
    entry.count++;
    entry.ms += line.ms;
    byShape.set(s, entry);
  }
  return {
    statements: lines.length,
    transactions,
    savepoints,
    dbMs,
    byShape: [...byShape].map(([s, v]) => ({ shape: s, ...v })).sort((a, b) => b.count - a.count || b.ms - a.ms),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The database: rows written, WAL, lock waits.

interface TableCounts {
  [table: string]: { ins: number; upd: number; hot: number; del: number; indexes: number };
}

async function tableCounts(client: pg.Client): Promise<TableCounts> {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ relname: string; ins: string; upd: string; hot: string; del: string; indexes: string }>(
    `SELECT s.relname, s.n_tup_ins AS ins, s.n_tup_upd AS upd, s.n_tup_hot_upd AS hot, s.n_tup_del AS del,
            (SELECT count(*) FROM pg_index i WHERE i.indrelid = s.relid) AS indexes
       FROM pg_stat_user_tables s`,
  );
  return Object.fromEntries(
    rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd), hot: Number(r.hot), del: Number(r.del), indexes: Number(r.indexes) }]),
  );
}

const walPosition = async (client: pg.Client) => (await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
const walBytes = async (client: pg.Client, from: string) =>
  Number((await client.query<{ b: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS b', [from])).rows[0]!.b);

/**
 * Samples who waits on a lock in this database every `everyMs` while `work` runs: how often anyone waited, and
 * on what (the wait event and the statement waiting), so a lock that queues bookings shows with its statement.
 */
async function sampleLockWaits<T>(
  client: pg.Client,
  work: Promise<T>,
  everyMs = 5,
): Promise<{ result: T; samples: number; waiting: number; by: Map<string, number> }> {
  let done = false;
  let samples = 0;
  let waiting = 0;
  const by = new Map<string, number>();
  const sampler = (async () => {
    while (!done) {
      const { rows } = await client.query<{ event: string; query: string }>(
        `SELECT wait_event AS event, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      samples++;
      if (rows.length > 0) waiting++;
      for (const r of rows) by.set(`${r.event}: ${r.query}`, (by.get(`${r.event}: ${r.query}`) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  try {
    return { result: await work, samples, waiting, by };
  } finally {
    done = true;
    await sampler;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Booking through the API.

interface Party {
  name: string;
  mobileNumber: string;
  streetName: string;
  provinceCode: string;
  cityCode: string;
  barangayCode: string;
}

async function placeOf(url: string, province: string, city: string) {
  const get = async <T>(p: string) => ((await (await fetch(`${url}${p}`)).json()) as { data: T }).data;
  const provinceCode = (await get<{ provinceCode: string; name: string }[]>('/api/addresses/covered-provinces')).find((p) => p.name === province)!.provinceCode;
  const cityCode = (await get<{ code: string; name: string }[]>(`/api/addresses/covered-cities-municipalities/${provinceCode}`)).find(
    (c) => c.name === city,
  )!.code;
  const barangayCode = (await get<{ code: string }[]>(`/api/addresses/barangays/${cityCode}`))[0]!.code;
  return { provinceCode, cityCode, barangayCode };
}

const PACKAGES = [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1500, itemCategory: 'Books' }];

/** POSTs over keep-alive node:http (fetch's own cost per request showed in percentiles on two shared cores). */
function createClient(url: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const target = new URL(url);
  return {
    post: (p: string, headers: Record<string, string>, body: string) =>
      new Promise<{ status: number; ms: number; text: string }>((resolve, reject) => {
        const start = process.hrtime.bigint();
        const request = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: p,
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (c: Buffer) => chunks.push(c));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, ms: Number(process.hrtime.bigint() - start) / 1e6, text: Buffer.concat(chunks).toString('utf8') }),
            );
          },
        );
        request.on('error', reject);
        request.end(body);
      }),
    close: () => agent.destroy(),
  };
}

interface Booker {
  /** Cookie or API key header. */
  headers: Record<string, string>;
  paidBy: 'recipient' | 'wallet';
}

interface Timed {
  ms: number[];
  /** Each request's wall-clock window (Date.now() when sent and when answered): which statements ran inside it. */
  windows: [number, number][];
  seconds: number;
}

/** Books `count` shipments, `atOnce` at a time, `who(i)` booking the i-th; throws on any answer but 201. */
async function bookMany(
  client: ReturnType<typeof createClient>,
  count: number,
  atOnce: number,
  who: (i: number) => Booker,
  body: (b: Booker) => string,
): Promise<Timed> {
  const ms: number[] = new Array(count);
  const windows: [number, number][] = new Array(count);
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: Math.min(atOnce, count) }, async () => {
      while (next < count) {
        const i = next++;
        const booker = who(i);
        const sent = Date.now();
        const answer = await client.post('/api/shipments/customer', { ...booker.headers, 'idempotency-key': `bench-${randomUUID()}` }, body(booker));
        if (answer.status !== 201) throw new Error(`booking ${i} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        ms[i] = answer.ms;
        windows[i] = [sent, Date.now()];
      }
    }),
  );
  return { ms, windows, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

// ---------------------------------------------------------------------------------------------------------------

async function prepareDatabase(): Promise<string> {
  const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
  if ('reuse' in args) {
    try {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM shipments WHERE sender_mobile_number LIKE '+63918%'`);
      await c.end();
      if (rows[0]!.n === SHIPMENTS) {
        console.log(`reusing ${DB_NAME}`);
        return url;
      }
    } catch {
      /* not there: seed it */
    }
  }
  console.log(`seeding ${DB_NAME}: ${SHIPMENTS.toLocaleString('en')} shipments, 100,000 customers`);
  await emptyBenchDatabase(ADMIN_URL, DB_NAME);
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  await seedDatabase(database.db, { demo: true });
  await seedBenchShipments(database.db, SHIPMENTS);
  await database.close();
  return url;
}

interface Phase {
  /** One at a time only: the statements that ended while a request was open (the rest ran after its answer, in the background). */
  inRequest: TraceSummary | null;
  name: string;
  bookings: number;
  atOnce: number;
  timed: Timed;
  trace: TraceSummary;
  locks: { samples: number; waiting: number; by: Map<string, number> };
  loadAverage: string;
}

const url = await prepareDatabase();
await prewarm(url);
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const watcher = new pg.Client({ connectionString: url });
await watcher.connect();
const traceFile = path.join(os.tmpdir(), `hatid-statements-${process.pid}.ndjson`);
fs.writeFileSync(traceFile, '');
let server: ServerProcess | null = null;
const client = createClient(`http://127.0.0.1:${PORT}`, AT_ONCE);
try {
  const existing = (await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM shipments')).rows[0]!.n;
  // 200 customers of the seeded 100,000 (active, individual accounts), each with a session and a funded wallet.
  const { rows: customers } = await admin.query<{ id: string }>(
    `SELECT u.id FROM users u WHERE u.mobile_number LIKE '+63916%' AND u.status = 'ACTIVE' AND u.account_type = 'individual' ORDER BY u.mobile_number LIMIT $1`,
    [CUSTOMERS],
  );
  const database = await openDatabase({ url });
  const cookies: string[] = [];
  for (const c of customers) cookies.push(`hatid_session=${(await createSession(database.db, c.id, { ttlDays: 1 })).token}`);
  await database.close();
  // As a voucher would: the wallet's balance and its ledger line together.
  await admin.query(
    `WITH w AS (
       INSERT INTO wallets (user_id, balance_in_cents) SELECT unnest($1::uuid[]), $2
       ON CONFLICT (user_id) DO UPDATE SET balance_in_cents = wallets.balance_in_cents + $2 RETURNING user_id, balance_in_cents)
     INSERT INTO wallet_transactions (user_id, type, amount_in_cents, balance_after_in_cents, description)
     SELECT user_id, 'Voucher', $2, balance_in_cents, 'Bench funds' FROM w`,
    [customers.map((c) => c.id), 10_000_000],
  );

  server = await startServer({ DATABASE_URL: url, DB_STATEMENT_TRACE: traceFile }, PORT);
  const sender = {
    name: 'Ana Cruz',
    mobileNumber: '09171234567',
    streetName: '12 Sampaguita St',
    ...(await placeOf(server.url, 'Metro Manila', 'Makati City')),
  };
  const receiver = { name: 'Ben Reyes', mobileNumber: '09181234567', streetName: '5 Colon St', ...(await placeOf(server.url, 'Cebu', 'Cebu City')) };
  const quote = async (headers: Record<string, string>) => {
    const answer = await client.post(
      '/api/shipments/calculations',
      headers,
      JSON.stringify({ deliveryType: 'next_day', packages: PACKAGES, declaredInsuranceValue: 0, receiverProvinceCode: receiver.provinceCode }),
    );
    return (JSON.parse(answer.text) as { data: { totalInCents: number } }).data.totalInCents;
  };
  const customerTotal = await quote({});
  const bodyFor = (total: number) => (b: Booker) =>
    JSON.stringify({
      deliveryType: 'next_day',
      sender: sender satisfies Party,
      receiver,
      packages: PACKAGES,
      declaredInsuranceValue: 0,
      paidBy: b.paidBy,
      expectedTotalInCents: total,
    });
  const customer = (i: number): Booker => ({ headers: { cookie: cookies[i % cookies.length]! }, paidBy: i % 2 === 0 ? 'recipient' : 'wallet' });

  // The seller: the demo business admin's API key; its bookings are cash (paid by the recipient).
  const adminCookie = await signIn(server.url, 'business-admin@hatid.test', DEMO_PASSWORD);
  const made = await client.post('/api/api-keys', { cookie: adminCookie }, JSON.stringify({ name: `bench ${Date.now()}` }));
  if (made.status !== 201) throw new Error(`API key: ${made.status} ${made.text}`);
  const apiKey = (JSON.parse(made.text) as { data: { key: string } }).data.key;
  const seller = (): Booker => ({ headers: { 'x-api-key': apiKey }, paidBy: 'recipient' });
  const sellerTotal = await quote({ 'x-api-key': apiKey });

  // Warm up (the server's first bookings compile its code paths): not counted.
  await bookMany(client, 20, 1, customer, bodyFor(customerTotal));
  await bookMany(client, 20, 4, () => seller(), bodyFor(sellerTotal));
  await new Promise((r) => setTimeout(r, 1500));

  const phases: Phase[] = [];
  let rowsWritten: { table: string; perBooking: number; updates: number; hot: number; indexes: number }[] = [];
  let wal = 0;
  let outboxPerBooking = 0;
  let notificationsPerBooking = 0;
  const run = async (name: string, count: number, atOnce: number, who: (i: number) => Booker, total: number, counts = false) => {
    const { end: from } = readTrace(traceFile, 0);
    const before = counts ? await tableCounts(admin) : null;
    const walFrom = await walPosition(admin);
    const loadAverage = load();
    const { result: timed, ...locks } = await sampleLockWaits(watcher, bookMany(client, count, atOnce, who, bodyFor(total)));
    if (counts && before) {
      wal = (await walBytes(admin, walFrom)) / count;
      // Backends report their table counts within PGSTAT_IDLE_INTERVAL (10 s) of going idle.
      await new Promise((r) => setTimeout(r, 11_000));
      const after = await tableCounts(admin);
      rowsWritten = Object.entries(after)
        .map(([table, a]) => {
          const b = before[table] ?? { ins: 0, upd: 0, hot: 0, del: 0, indexes: 0 };
          return { table, perBooking: (a.ins - b.ins) / count, updates: (a.upd - b.upd) / count, hot: (a.hot - b.hot) / count, indexes: a.indexes };
        })
        .filter((r) => r.perBooking > 0.001 || r.updates > 0.001)
        .sort((x, y) => y.perBooking - x.perBooking);
      outboxPerBooking = rowsWritten.find((r) => r.table === 'outbox_events')?.perBooking ?? 0;
      notificationsPerBooking = rowsWritten.find((r) => r.table === 'notifications')?.perBooking ?? 0;
    }
    const statements = bookingStatements(readTrace(traceFile, from).lines);
    const trace = summarize(statements);
    // One at a time the requests' windows do not overlap: a statement that ended inside one was that request's.
    const windows = [...timed.windows].sort((a, b) => a[0] - b[0]);
    const inside = (at: number) => {
      let lo = 0;
      let hi = windows.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const [start, end] = windows[mid]!;
        if (at < start) hi = mid - 1;
        else if (at > end) lo = mid + 1;
        else return true;
      }
      return false;
    };
    const inRequest = atOnce === 1 ? summarize(statements.filter((t) => inside(t.at))) : null;
    phases.push({ name, bookings: count, atOnce, timed, trace, inRequest, locks, loadAverage: `${loadAverage} → ${load()}` });
    console.log(
      `  ${name}: ${fmt(count / timed.seconds)} bookings/s, p50 ${fmt(percentile(timed.ms, 50))} ms, ${fmt(trace.statements / count)} statements each`,
    );
  };
  await run('one at a time, 200 customers (cash and wallet alternating)', SEQUENTIAL, 1, customer, customerTotal, true);
  await run(`${AT_ONCE} at once, 200 customers (cash and wallet alternating)`, CONCURRENT, AT_ONCE, customer, customerTotal);
  await run(`${AT_ONCE} at once, one seller's API key (cash)`, CONCURRENT, AT_ONCE, () => seller(), sellerTotal);

  // ---- the report
  const sequential = phases[0]!;
  const perBooking = (n: number) => n / sequential.bookings;
  const lines: string[] = [];
  lines.push(
    `Booking profile (bench/booking-profile.ts): PostgreSQL database \`${DB_NAME}\` with ${existing.toLocaleString('en')} shipments and 100,000 customers, server ${process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.mjs'}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}.`,
    '',
    '| per booking (one at a time) | count |',
    '|---|---|',
    `| statements = round trips (all the server sent for it, the outbox's background work included) | ${fmt(perBooking(sequential.trace.statements), 2)} |`,
    `| of which ended while its request was open (the outbox worker, kicked at once, runs the push job beside it) | ${fmt(perBooking(sequential.inRequest!.statements), 2)} |`,
    `| transactions (BEGIN … COMMIT), all (while the request was open) | ${fmt(perBooking(sequential.trace.transactions), 2)} (${fmt(perBooking(sequential.inRequest!.transactions), 2)}) |`,
    `| savepoints | ${fmt(perBooking(sequential.trace.savepoints), 2)} |`,
    `| rows inserted (all tables) | ${fmt(
      rowsWritten.reduce((s, r) => s + r.perBooking, 0),
      2,
    )} |`,
    `| rows updated (of which HOT) | ${fmt(
      rowsWritten.reduce((s, r) => s + r.updates, 0),
      2,
    )} (${fmt(
      rowsWritten.reduce((s, r) => s + r.hot, 0),
      2,
    )}) |`,
    `| index entries written (inserts × indexes + non-HOT updates × indexes) | ${fmt(
      rowsWritten.reduce((s, r) => s + (r.perBooking + r.updates - r.hot) * r.indexes, 0),
      1,
    )} |`,
    `| WAL bytes (full-page images after a checkpoint inflate it: compare runs with care) | ${fmt(wal, 0)} |`,
    `| outbox rows written | ${fmt(outboxPerBooking, 2)} |`,
    `| notifications written | ${fmt(notificationsPerBooking, 2)} |`,
    '',
    '| table | rows inserted per booking | updated (HOT) | indexes |',
    '|---|---|---|---|',
    ...rowsWritten.map((r) => `| ${r.table} | ${fmt(r.perBooking, 2)} | ${fmt(r.updates, 2)} (${fmt(r.hot, 2)}) | ${r.indexes} |`),
    '',
    '| load | bookings | bookings/s | p50 ms | p95 ms | p99 ms | statements each | ms of database round trips per booking (all its statements, some beside the request) | lock waits seen (samples with a waiter / samples) | load average (1, 5, 15 min) before → after |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const p of phases) {
    const mean = p.timed.ms.reduce((s, m) => s + m, 0) / p.bookings;
    const db = p.trace.dbMs / p.bookings;
    lines.push(
      `| ${p.name} | ${p.bookings} | ${fmt(p.bookings / p.timed.seconds)} | ${fmt(percentile(p.timed.ms, 50))} | ${fmt(percentile(p.timed.ms, 95))} | ${fmt(percentile(p.timed.ms, 99))} | ${fmt(p.trace.statements / p.bookings, 2)} | ${fmt(db)} (mean answer ${fmt(mean)}) | ${p.locks.waiting} / ${p.locks.samples} | ${p.loadAverage} |`,
    );
  }
  lines.push('', 'Lock waits seen (wait event: statement waiting, samples):', '');
  for (const p of phases) {
    const waits = [...p.locks.by].sort((a, b) => b[1] - a[1]).slice(0, 6);
    lines.push(`- ${p.name}: ${waits.length === 0 ? 'none' : waits.map(([k, n]) => `\`${k}\` ×${n}`).join('; ')}`);
  }
  lines.push(
    '',
    'Statements of one booking (one at a time), by shape, per booking (ended while its request was open / all):',
    '',
    '| statement | per booking, ended while the request was open | all | ms each |',
    '|---|---|---|---|',
  );
  const before = new Map(sequential.inRequest!.byShape.map((x) => [x.shape, x.count]));
  for (const s of sequential.trace.byShape.filter((x) => x.count / sequential.bookings >= 0.02)) {
    lines.push(
      `| \`${s.shape.replaceAll('|', '\\|')}\` | ${fmt(perBooking(before.get(s.shape) ?? 0), 2)} | ${fmt(perBooking(s.count), 2)} | ${fmt(s.ms / s.count, 2)} |`,
    );
  }
  const report = lines.join('\n');
  console.log(`\n${report}`);
  if (args.out) fs.writeFileSync(args.out, `${report}\n`);
} finally {
  client.close();
  await server?.stop();
  await admin.end();
  await watcher.end();
  if ('keep-trace' in args) console.log(`statement trace kept: ${traceFile}`);
  else fs.rmSync(traceFile, { force: true });
}
