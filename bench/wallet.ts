/**
 * Wallet and payment speed (issue 12), on a PostgreSQL dataset, against the real server process:
 * - what paying by wallet adds to a booking (p95 of wallet-paid minus cash bookings, same customer, interleaved);
 * - the webhook's p99 with 200 deliveries in flight at once;
 * - a burst of 10,000 distinct payment events: every one credited, none twice.
 * bench/run.ts calls `benchWallet` per PostgreSQL dataset; `node --import tsx bench/wallet.ts` runs it alone on a
 * small database of its own (after `node scripts/build-server.mjs`).
 */
import http from 'node:http';
import pg from 'pg';
import { DEMO_PASSWORD } from '../apps/server/src/seed/index.js';
import { signIn, startServer } from './server-process.js';
import { dropBenchDatabase, freshBenchDatabase } from './fresh-database.js';

export interface WalletBenchResult {
  bookings: number;
  cashP95: number;
  walletP95: number;
  /** walletP95 − cashP95, ms. */
  addedP95: number;
  webhookDeliveries: number;
  webhookP99: number;
  /** GET /api/_ah/warmup (no database, no work) under the same 200-at-once rounds: what the machine allows any route. */
  floorP99: number;
  burstEvents: number;
  /** Until every delivery of the burst was answered 200. */
  burstSeconds: number;
  /** Until every event of the burst was credited (the worker runs behind the answers). */
  creditedSeconds: number;
  credited: number;
  duplicates: number;
}

const TOKEN = 'bench-callback-token-0123456789';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const result = await work();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

/** `count` open top-up requests of one customer, written directly (the bench measures the webhook, not the start). */
async function openRequests(client: pg.Client, userId: string, prefix: string, count: number, amountInCents: number): Promise<void> {
  await client.query(`INSERT INTO wallets (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
  await client.query(
    `INSERT INTO payment_requests (purpose, channel, provider, provider_request_id, status, amount_in_cents, user_id)
     SELECT 'wallet_top_up', 'ewallet', 'sandbox', $2 || g, 'REQUIRES_ACTION', $3, $1 FROM generate_series(1, $4::int) g`,
    [userId, prefix, amountInCents, count],
  );
}

const eventBody = (providerRequestId: string, amountInCents: number) =>
  JSON.stringify({
    event: 'payment.succeeded',
    data: { payment_id: `py-${providerRequestId}`, payment_request_id: providerRequestId, request_amount: amountInCents / 100, status: 'SUCCEEDED' },
  });

/**
 * The provider's side: 200 keep-alive connections (a provider delivers over a connection pool, not a new TCP
 * handshake per event), opened before anything is timed. node:http rather than fetch: the client shares the
 * server's two cores, and fetch's own cost per request showed up in the percentiles.
 */
function createDeliverer(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const target = new URL(url);
  const send = (path: string, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const start = process.hrtime.bigint();
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path,
          method: body === undefined ? 'GET' : 'POST',
          agent,
          headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-callback-token': TOKEN },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - start) / 1e6) : reject(new Error(`${path} answered ${response.statusCode}`)),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return {
    /** One webhook delivery; resolves with its time in ms. */
    deliver: (body: string) => send('/api/payments/webhooks/xendit', body),
    /** The warmup route under the same load: the floor this machine sets for any route. */
    warmup: () => send('/api/_ah/warmup'),
    close: () => agent.destroy(),
  };
}

/** Runs `tasks` with at most `inFlight` at once. */
async function pool<T>(tasks: (() => Promise<T>)[], inFlight: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

export async function benchWallet(databaseUrl: string, port: number, sizes = { bookings: 200, webhookRounds: 5, burst: 10_000 }): Promise<WalletBenchResult> {
  const server = await startServer({ DATABASE_URL: databaseUrl, XENDIT_CALLBACK_TOKEN: TOKEN, PAYMENT_PROVIDER: 'sandbox' }, port);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const customer = await signIn(server.url, 'customer@hatid.test', DEMO_PASSWORD);
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM users WHERE email = 'customer@hatid.test'`);
    const userId = rows[0]!.id;

    // Bookings: price once, fund the wallet for every wallet booking, then alternate cash and wallet.
    const place = async (province: string, city: string) => {
      const provinces = (await (await fetch(`${server.url}/api/addresses/covered-provinces`)).json()).data as { provinceCode: string; name: string }[];
      const provinceCode = provinces.find((p) => p.name === province)!.provinceCode;
      const cities = (await (await fetch(`${server.url}/api/addresses/covered-cities-municipalities/${provinceCode}`)).json()).data as {
        code: string;
        name: string;
      }[];
      const cityCode = cities.find((c) => c.name === city)!.code;
      const barangays = (await (await fetch(`${server.url}/api/addresses/barangays/${cityCode}`)).json()).data as { code: string }[];
      return { provinceCode, cityCode, barangayCode: barangays[0]!.code };
    };
    const sender = { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...(await place('Metro Manila', 'Makati City')) };
    const receiver = { name: 'Ben Reyes', mobileNumber: '09181234567', streetName: '5 Colon St', ...(await place('Cebu', 'Cebu City')) };
    const packages = [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1500, itemCategory: 'Books' }];
    const quote = await fetch(`${server.url}/api/shipments/calculations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deliveryType: 'next_day', packages, declaredInsuranceValue: 0, receiverProvinceCode: receiver.provinceCode }),
    });
    const total = ((await quote.json()) as { data: { totalInCents: number } }).data.totalInCents;
    await client.query(`INSERT INTO wallets (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
    const funding = total * sizes.bookings;
    await client.query(
      `WITH w AS (UPDATE wallets SET balance_in_cents = balance_in_cents + $2 WHERE user_id = $1 RETURNING balance_in_cents)
       INSERT INTO wallet_transactions (user_id, type, amount_in_cents, balance_after_in_cents, description) SELECT $1, 'Voucher', $2, balance_in_cents, 'Bench funds' FROM w`,
      [userId, funding],
    );
    const book = async (paidBy: 'recipient' | 'wallet') => {
      const [ms, response] = await timed(() =>
        fetch(`${server.url}/api/shipments/customer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: customer },
          body: JSON.stringify({ deliveryType: 'next_day', sender, receiver, packages, declaredInsuranceValue: 0, paidBy, expectedTotalInCents: total }),
        }),
      );
      const text = await response.text();
      if (response.status !== 201) throw new Error(`booking (${paidBy}) answered ${response.status}: ${text}`);
      return ms;
    };
    for (let i = 0; i < 5; i++) await book('recipient'); // warm up
    const cash: number[] = [];
    const wallet: number[] = [];
    for (let i = 0; i < sizes.bookings; i++) {
      cash.push(await book('recipient'));
      wallet.push(await book('wallet'));
    }

    // The webhook under 200 concurrent deliveries, a few rounds; the warmup route under the same rounds for the floor.
    const provider = createDeliverer(server.url);
    await Promise.all(Array.from({ length: 200 }, () => provider.warmup()));
    const floor: number[] = [];
    for (let round = 0; round < sizes.webhookRounds; round++) floor.push(...(await Promise.all(Array.from({ length: 200 }, () => provider.warmup()))));
    const latencies: number[] = [];
    for (let round = 0; round < sizes.webhookRounds; round++) {
      const prefix = `pr-bench-c${round}-${Date.now()}-`;
      await openRequests(client, userId, prefix, 200, 10_000);
      latencies.push(...(await Promise.all(Array.from({ length: 200 }, (_, i) => provider.deliver(eventBody(`${prefix}${i + 1}`, 10_000))))));
    }

    // A burst of distinct events, 200 in flight: each credited once.
    const prefix = `pr-bench-burst-${Date.now()}-`;
    await openRequests(client, userId, prefix, sizes.burst, 10_000);
    const count = () =>
      client.query<{ credited: string; distinct: string }>(
        `SELECT count(*) AS credited, count(DISTINCT t.payment_request_id) AS distinct
           FROM wallet_transactions t JOIN payment_requests r ON r.id = t.payment_request_id
          WHERE r.provider_request_id LIKE $1 || '%'`,
        [prefix],
      );
    const burstStart = process.hrtime.bigint();
    const [burstMs] = await timed(() =>
      pool(
        Array.from({ length: sizes.burst }, (_, i) => () => provider.deliver(eventBody(`${prefix}${i + 1}`, 10_000))),
        200,
      ),
    );
    // The answers come before the credits: wait (up to 5 minutes) for the worker to credit the whole burst.
    let counted = await count();
    while (Number(counted.rows[0]!.credited) < sizes.burst && Number(process.hrtime.bigint() - burstStart) / 1e9 < 300) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      counted = await count();
    }
    const creditedMs = Number(process.hrtime.bigint() - burstStart) / 1e6;
    provider.close();
    const credited = Number(counted.rows[0]!.credited);
    return {
      bookings: sizes.bookings,
      cashP95: percentile(cash, 95),
      walletP95: percentile(wallet, 95),
      addedP95: percentile(wallet, 95) - percentile(cash, 95),
      webhookDeliveries: latencies.length,
      webhookP99: percentile(latencies, 99),
      floorP99: percentile(floor, 99),
      burstEvents: sizes.burst,
      burstSeconds: burstMs / 1000,
      creditedSeconds: creditedMs / 1000,
      credited,
      duplicates: credited - Number(counted.rows[0]!.distinct),
    };
  } finally {
    await client.end();
    await server.stop();
  }
}

const fmt = (n: number, digits = 1) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? '✅' : '❌');

/** The results.md lines for one dataset. */
export function walletReport(r: WalletBenchResult): string[] {
  return [
    `Wallet and payments (${r.bookings} cash and ${r.bookings} wallet bookings interleaved, one customer):`,
    '',
    `- Paying by wallet adds **${fmt(r.addedP95)} ms** to a booking's p95 (cash ${fmt(r.cashP95)} ms, wallet ${fmt(r.walletP95)} ms; target < 5 ms ${verdict(r.addedP95 < 5)})`,
    `- Webhook with 200 deliveries at once (keep-alive connections): p99 **${fmt(r.webhookP99)} ms** over ${r.webhookDeliveries} deliveries (target < 50 ms ${verdict(r.webhookP99 < 50)}); the warmup route, which does no work, under the same rounds: p99 ${fmt(r.floorP99)} ms`,
    `- Burst of ${r.burstEvents.toLocaleString('en')} distinct payment events, 200 in flight: all answered in ${fmt(r.burstSeconds, 2)} s, ${r.credited.toLocaleString('en')} credited ${fmt(r.creditedSeconds, 2)} s after the first, ${r.duplicates} duplicates (complete, none twice ${verdict(r.credited === r.burstEvents && r.duplicates === 0)})`,
    '',
  ];
}

// Alone: a small database of its own, fewer events, under a minute.
if (import.meta.url === `file://${process.argv[1]}`) {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = 'hatid_bench_wallet_small';
  const url = await freshBenchDatabase(admin, name);
  const result = await benchWallet(url, 3950, { bookings: 30, webhookRounds: 2, burst: 1_000 });
  console.log(walletReport(result).join('\n'));
  await dropBenchDatabase(admin, name);
}
