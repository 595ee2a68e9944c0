/**
 * Business webhooks (issue 33): 10,000 events of a business fan out to one endpoint on a local receiver, through
 * the real server process (the outbox's fan-out, then the webhooks' dispatcher). Measures events per second from
 * the moment the events are committed to the last one received, every one signed and none twice, and the
 * server's resident memory before and after (it must not grow with the number of events).
 * bench/run.ts calls `benchWebhooks`; `node --import tsx bench/webhooks.ts` (after `node scripts/build-server.mjs`)
 * runs it alone on a database of its own and writes its section of bench/results.md.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/rendered.js';
import { enqueueOutbox } from '../apps/server/src/platform/outbox/index.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/index.js';
import { BUSINESS_SHIPMENT_EVENT_TOPIC } from '../apps/server/src/modules/shipments/index.js';
import { seedBenchShipments } from './seed.js';
import { signIn, startServer } from './server-process.js';
import { dropBenchDatabase, freshBenchDatabase } from './fresh-database.js';

export interface WebhookBenchResult {
  events: number;
  received: number;
  duplicates: number;
  badSignatures: number;
  seconds: number;
  perSecond: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  peakRssMiB: number;
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** On a migrated, seeded database (demo accounts): adds 1,000 shipments of one business, then sends `events` events. */
export async function benchWebhooks(databaseUrl: string, port: number, events = 10_000): Promise<WebhookBenchResult> {
  const database = await openDatabase({ url: databaseUrl });
  const db = database.db;
  await seedBenchShipments(db, 1000);
  const [business] = rowsOf<{ id: string }>(await db.execute(sql`insert into businesses (name) values ('Webhook Bench Shop') returning id`));
  const shipmentIds = rowsOf<{ id: string }>(
    await db.execute(sql`update shipments set business_id = ${business!.id} where id in (select id from shipments order by id limit 1000) returning id`),
  ).map((r) => r.id);

  const seen = new Set<string>();
  let received = 0;
  let duplicates = 0;
  let badSignatures = 0;
  let lastAt = 0;
  let secret = '';
  let done: () => void = () => {};
  const allIn = new Promise<void>((resolve) => {
    done = resolve;
  });
  const receiver = http.createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(String(req.headers['hatid-signature'])) ?? [];
      if (!t || createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex') !== v1) badSignatures += 1;
      const id = (JSON.parse(raw) as { id: string }).id;
      if (seen.has(id)) duplicates += 1;
      seen.add(id);
      received += 1;
      lastAt = performance.now();
      res.writeHead(204).end();
      if (received >= events) done();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hatid`;

  const server = await startServer({ DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, port);
  try {
    const cookie = await signIn(server.url, 'admin@hatid.test', DEMO_PASSWORD);
    const made = await fetch(`${server.url}/api/webhooks/endpoints`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ url: hookUrl, events: ['shipment.status_changed'], businessId: business!.id }),
    });
    if (made.status !== 201) throw new Error(`endpoint not made: ${made.status} ${await made.text()}`);
    secret = ((await made.json()) as { data: { secret: string } }).data.secret;
    await new Promise((r) => setTimeout(r, 2000));
    const rssBeforeMiB = rssMiB(server.pid);
    server.resetPeakRss();

    // The events, as shipments write them: 10 status changes per shipment, committed at once.
    const rows = Array.from({ length: events }, (_, i) => ({
      topic: BUSINESS_SHIPMENT_EVENT_TOPIC,
      payload: {
        types: ['shipment.status_changed'],
        shipmentId: shipmentIds[i % shipmentIds.length]!,
        businessId: business!.id,
        occurredAt: new Date().toISOString(),
        at: {},
      },
    }));
    const started = performance.now();
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 1000) await enqueueOutbox(tx, rows.slice(i, i + 1000));
    });
    const timeout = setTimeout(done, 300_000);
    await allIn;
    clearTimeout(timeout);
    const seconds = (lastAt - started) / 1000;
    await new Promise((r) => setTimeout(r, 1000));
    return {
      events,
      received,
      duplicates,
      badSignatures,
      seconds,
      perSecond: received / seconds,
      rssBeforeMiB,
      rssAfterMiB: rssMiB(server.pid),
      peakRssMiB: server.peakRssMiB(),
    };
  } finally {
    await server.stop();
    await new Promise((resolve) => receiver.close(resolve));
    await database.close();
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? '✅' : '❌');

export function webhooksReport(r: WebhookBenchResult): string {
  const grew = r.rssAfterMiB - r.rssBeforeMiB;
  return [
    '## Business webhooks (issue 33)',
    '',
    '| events | received | duplicates | bad signatures | seconds | events/s | RSS before MiB | RSS after MiB | peak RSS MiB | target |',
    '|---|---|---|---|---|---|---|---|---|---|',
    `| ${fmt(r.events)} to one local endpoint (10 per shipment, in order per shipment) | ${fmt(r.received)} | ${r.duplicates} | ${r.badSignatures} | ${fmt(r.seconds, 2)} | ${fmt(r.perSecond)} | ${fmt(r.rssBeforeMiB)} | ${fmt(r.rssAfterMiB)} | ${fmt(r.peakRssMiB)} | ≥ 500/s ${verdict(r.perSecond >= 500)}, all once ${verdict(r.received === r.events && r.duplicates === 0 && r.badSignatures === 0)}, memory not growing (${grew >= 0 ? '+' : ''}${fmt(grew)} MiB) ${verdict(grew < 32)} |`,
    '',
  ].join('\n');
}

/** Puts the section into bench/results.md (replacing an earlier one), before the Lighthouse section. */
export function writeWebhooksSection(markdown: string): void {
  const file = path.join(import.meta.dirname, 'results.md');
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const start = text.indexOf('## Business webhooks (issue 33)');
  if (start >= 0) {
    const end = text.indexOf('\n## ', start + 3);
    text = text.slice(0, start) + (end >= 0 ? text.slice(end + 1) : '');
  }
  const at = text.indexOf('## Lighthouse');
  text = at >= 0 ? `${text.slice(0, at)}${markdown}\n${text.slice(at)}` : `${text.trimEnd()}\n\n${markdown}`;
  fs.writeFileSync(file, text);
}

/** On a database of its own (created, migrated, seeded, dropped after): what bench/run.ts and this file alone run. */
export async function benchWebhooksOnOwnDatabase(admin: string, port: number, events = 10_000, keep = false): Promise<WebhookBenchResult> {
  const name = 'hatid_bench_webhooks';
  const url = await freshBenchDatabase(admin, name);
  const result = await benchWebhooks(url, port, events);
  if (!keep) await dropBenchDatabase(admin, name);
  return result;
}

// Alone (BENCH_WEBHOOK_EVENTS: how many; BENCH_KEEP_DATABASE: leave the database for a look).
if (import.meta.url === `file://${process.argv[1]}`) {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const result = await benchWebhooksOnOwnDatabase(admin, 3960, Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000), Boolean(process.env.BENCH_KEEP_DATABASE));
  const markdown = webhooksReport(result);
  console.log(markdown);
  writeWebhooksSection(markdown);
}
