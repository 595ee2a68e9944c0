import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { shipments } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, type Session } from '../../testing/auth.js';
import { priceOf } from '../../testing/shipments.js';
import { readRow } from './rows.js';
import { COLUMNS } from './spreadsheet.js';
import { csvOf, rowWith, upload, waitFor, type RowCells } from './bulk-bookings.fixtures.js';

/**
 * Issue 33's "must hold": a 5,000-row file with 37 wrong rows reports exactly those 37 with their row numbers and
 * books none until confirmed; then books 4,963, each once, though confirm is sent twice. Runs on PGlite and, with
 * TEST_DB=pg, on PostgreSQL.
 */

let t: TestApp;
let maria: Session;
beforeAll(async () => {
  t = await buildTestApp();
  maria = await signInAs(t, 'business_admin');
});
afterAll(async () => {
  await t?.close();
});

const shipmentsOf = async (userId: string) => (await t.database.db.select({ n: count() }).from(shipments).where(eq(shipments.ownerId, userId)))[0]!.n;

/** Each kind of wrong row, with a reason the preview must give in plain words. */
const WRONG: { cells: RowCells; reason: RegExp }[] = [
  { cells: { 'Receiver city or municipality': 'Atlantis' }, reason: /Receiver city or municipality: No city or municipality called "Atlantis" in Cebu/ },
  { cells: { 'Sender province': 'Narnia' }, reason: /Sender province: No province called "Narnia"/ },
  { cells: { 'Receiver mobile': '12345' }, reason: /^Receiver mobile: / },
  { cells: { 'Weight (kg)': '9' }, reason: /Weight \(kg\): .*Small Box/ },
  { cells: { Payer: 'Bitcoin' }, reason: /Payer: "Bitcoin" is not one of Sender, Recipient, Wallet/ },
  { cells: { 'Delivery type': 'Same Day' }, reason: /Delivery type: Same Day delivers within Metro Manila only/ },
  { cells: { 'COD amount (PHP)': '999' }, reason: /COD amount \(PHP\): the rider collects the delivery charge, ₱230\.00/ },
  { cells: { 'Item category': '' }, reason: /Item category: empty/ },
];

describe('bulk booking of 5,000 rows', () => {
  it('reports exactly the 37 wrong rows, books none until confirmed, then books the other 4,963 once though confirm is sent twice', async () => {
    // Rows 2..5001 (the header is row 1); the wrong ones spread through the file.
    const wrongRows = new Map<number, (typeof WRONG)[number]>();
    for (let i = 0; i < 37; i++) wrongRows.set(2 + i * 131 + (i % 7), WRONG[i % WRONG.length]!);
    const rows: RowCells[] = [];
    for (let rowNumber = 2; rowNumber <= 5001; rowNumber++) {
      const wrong = wrongRows.get(rowNumber);
      // Good rows name their places in the ways people write them.
      const variant = rowNumber % 3;
      const good = rowWith({
        'Sender city or municipality': ['Makati', 'City of Makati', 'makati city'][variant]!,
        'Receiver name': `Buyer ${lettersOf(rowNumber)}`,
      });
      rows.push(wrong ? { ...good, ...wrong.cells } : good);
    }
    expect(rows).toHaveLength(5000);
    const before = await shipmentsOf(maria.userId);

    const res = await upload(t, maria, { name: 'orders.csv', bytes: csvOf(rows) });
    expect(res.statusCode).toBe(202);
    const id = res.json().data.id as string;
    expect(res.json().data).toMatchObject({ state: 'checking', totalRows: 5000 });

    const { batch, progress } = await waitFor(t, maria, id, 'checked');
    expect(batch.wrongRows.map((w: { row: number }) => w.row)).toEqual([...wrongRows.keys()].sort((a, b) => a - b));
    for (const wrong of batch.wrongRows as { row: number; reasons: string[] }[]) {
      expect(wrong.reasons.join(' | ')).toMatch(wrongRows.get(wrong.row)!.reason);
    }
    expect(batch.validRows).toBe(4963);
    expect(batch.checkedRows).toBe(5000);
    const unit = await priceOf(t, readRowBooking(rows[1]!), maria.cookie);
    expect(batch.totalInCents).toBe(4963 * unit);
    expect(progress.at(-1)).toBe(5000);
    expect(await shipmentsOf(maria.userId)).toBe(before);

    const confirm = () => t.app.inject({ method: 'POST', url: `/api/bulk-bookings/${id}/confirm`, headers: { cookie: maria.cookie } });
    const [first, second] = await Promise.all([confirm(), confirm()]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const booked = (await waitFor(t, maria, id, 'booked')).batch;
    expect(booked).toMatchObject({ bookedRows: 4963, failures: [] });
    // A third press after the end (a retry after a dropped connection) changes nothing.
    expect((await confirm()).json().data).toMatchObject({ state: 'booked', bookedRows: 4963 });
    expect(await shipmentsOf(maria.userId)).toBe(before + 4963);

    const csv = await t.app.inject({ method: 'GET', url: `/api/bulk-bookings/${id}/tracking-numbers.csv`, headers: { cookie: maria.cookie } });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Row,Tracking number,Receiver');
    const numbers = lines.slice(1).map((l) => l.split(',')[1]);
    expect(numbers).toHaveLength(4963);
    expect(new Set(numbers).size).toBe(4963);
    // Row 2 is a wrong one: the first booked is row 3.
    expect(lines[1]).toMatch(/^3,ND\d{9}PH,Buyer D$/);
  }, 600_000);
});

function readRowBooking(cells: RowCells) {
  const byKey = Object.fromEntries(Object.entries(cells).map(([label, value]) => [keyOf(label), value]));
  const read = readRow(byKey);
  if (!read.ok) throw new Error(read.problems.join('; '));
  return read.booking;
}

/** Names may hold letters only: row 2 is "C", row 27 "BB". */
function lettersOf(n: number): string {
  let text = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / 26)) text = String.fromCharCode(65 + (rest % 26)) + text;
  return text;
}

const keyOf = (label: string) => COLUMNS.find((c) => c.label === label)!.key;
