/**
 * Bulk booking from a spreadsheet (issue 33): a 5,000-row CSV with 37 wrong rows, uploaded as a business admin,
 * checked by the booking rules, then confirmed (twice) and booked. Targets on PostgreSQL: checked in < 5 s,
 * booked in < 20 s, exactly 4,963 shipments. Runs on a database of its own (hatid_bench_bulk), made anew.
 *
 *   node --import tsx bench/bulk-bookings.ts      (PostgreSQL at BENCH_DATABASE_URL, default 127.0.0.1:5432)
 */
import { pathToFileURL } from 'node:url';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { shipments } from '../apps/server/src/db/schema/index.js';
import { freshBenchDatabase } from './fresh-database.js';
import { demoEmail } from '../apps/server/src/seed/index.js';
import { confirmBatch, createBatch, getBatch, type RunContext } from '../apps/server/src/modules/bulk-bookings/index.js';
import { csvOf, rowWith, type RowCells } from '../apps/server/src/modules/bulk-bookings/bulk-bookings.fixtures.js';
import { findUserByEmail, loadUserWithRoles } from '../apps/server/src/modules/users/index.js';
import { actorFrom } from '../apps/server/src/core/actor.js';

export interface BulkBenchResult {
  rows: number;
  wrongRows: number;
  checkSeconds: number;
  bookSeconds: number;
  booked: number;
  shipmentsAdded: number;
}

const lettersOf = (n: number) => {
  let text = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / 26)) text = String.fromCharCode(65 + (rest % 26)) + text;
  return text;
};

export function benchSpreadsheet(): string {
  const wrong = new Set(Array.from({ length: 37 }, (_, i) => 2 + i * 131 + (i % 7)));
  const rows: RowCells[] = [];
  for (let rowNumber = 2; rowNumber <= 5001; rowNumber++) {
    const good = rowWith({
      'Sender city or municipality': ['Makati', 'City of Makati', 'makati city'][rowNumber % 3]!,
      'Receiver name': `Buyer ${lettersOf(rowNumber)}`,
    });
    rows.push(wrong.has(rowNumber) ? { ...good, 'Receiver city or municipality': 'Atlantis' } : good);
  }
  return csvOf(rows);
}

async function until(ctx: RunContext, actor: Parameters<typeof getBatch>[1], id: string, state: 'checked' | 'booked') {
  for (;;) {
    const batch = await getBatch(ctx, actor, id);
    if (batch.state === state) return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function benchBulkBooking(database: Database): Promise<BulkBenchResult> {
  const db = database.db;
  const actor = actorFrom((await loadUserWithRoles(db, (await findUserByEmail(db, demoEmail('business_admin')))!.id))!);
  const ctx: RunContext = { db, appEnv: 'development', log: console };
  const shipmentsOf = async () => (await db.select({ n: count() }).from(shipments).where(eq(shipments.ownerId, actor.id)))[0]!.n;
  const before = await shipmentsOf();
  const bytes = Buffer.from(benchSpreadsheet());

  let started = process.hrtime.bigint();
  const created = await createBatch(ctx, actor, { fileName: 'bench.csv', bytes });
  const checked = await until(ctx, actor, created.id, 'checked');
  const checkSeconds = Number(process.hrtime.bigint() - started) / 1e9;

  started = process.hrtime.bigint();
  await Promise.all([confirmBatch(ctx, actor, created.id), confirmBatch(ctx, actor, created.id)]);
  const booked = await until(ctx, actor, created.id, 'booked');
  const bookSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    rows: checked.totalRows,
    wrongRows: checked.wrongRows.length,
    checkSeconds,
    bookSeconds,
    booked: booked.bookedRows,
    shipmentsAdded: (await shipmentsOf()) - before,
  };
}

export const bulkVerdict = (r: BulkBenchResult) =>
  r.checkSeconds < 5 && r.bookSeconds < 20 && r.booked === 4963 && r.shipmentsAdded === 4963 && r.wrongRows === 37;

/** The section of bench/results.md. */
export function bulkReport(r: BulkBenchResult, where: string): string {
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  return [
    '## Bulk booking from a spreadsheet',
    '',
    `${where}: a ${r.rows.toLocaleString('en')}-row CSV with ${r.wrongRows} wrong rows checked in **${r.checkSeconds.toFixed(2)} s** (target < 5 s ${mark(r.checkSeconds < 5)}), ` +
      `confirmed twice and ${r.booked.toLocaleString('en')} booked in **${r.bookSeconds.toFixed(2)} s** (target < 20 s ${mark(r.bookSeconds < 20)}); ` +
      `${r.shipmentsAdded.toLocaleString('en')} shipments added (exactly 4,963 ${mark(r.shipmentsAdded === 4963 && r.booked === 4963)}).`,
    '',
  ].join('\n');
}

/** A fresh PostgreSQL database for the run, migrated and seeded as `npm start` does. */
export async function bulkBenchDatabase(adminUrl: string): Promise<Database> {
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  return openDatabase({ url: await freshBenchDatabase(adminUrl, 'hatid_bench_bulk') });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const database = await bulkBenchDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const r = await benchBulkBooking(database);
  console.log(bulkReport(r, 'PostgreSQL'));
  await database.close();
  process.exit(bulkVerdict(r) ? 0 : 1);
}
