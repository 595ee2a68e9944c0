import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { shipments, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { shipmentBatches } from './export.service.js';
import { exportFilename, neutraliseCell, pesos } from '../../core/csv.js';
import { CEBU_CITY, insertShipment, MAKATI, SAN_FERNANDO, servePartnerProvince } from './lists.fixtures.js';
import type { ShipmentRow } from './shipments.repository.js';

let t: TestApp;
let ana: Session;
let staff: Session;
let partner: Session;
let formula: ShipmentRow;
let sameDay: ShipmentRow;
let pampanga: ShipmentRow;
const HEADER =
  'Tracking number,Created (Asia/Manila),Status,Delivery status,Delivery type,Sender name,Sender city,Sender province,' +
  'Receiver name,Receiver city,Receiver province,Payer,Payment status,Total (PHP),COD amount (PHP),Pickup date';

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  [ana, staff, partner] = await Promise.all([signUpCustomer(t), signInAs(t, 'staff'), signInAs(t, 'service_partner')]);
  await servePartnerProvince(db, SAN_FERNANDO().provinceCode, partner.userId);
  formula = await insertShipment(db, {
    ownerId: ana.userId,
    senderName: '=HYPERLINK("http://evil.example","Click")',
    receiverName: '@SUM(A1:A2)',
    createdAt: new Date('2026-01-10T16:30:00Z'),
    pickupDate: '2026-01-12',
  });
  sameDay = await insertShipment(db, { ownerId: ana.userId, deliveryType: 'same_day', to: MAKATI(), paidBy: 'sender', totalInCents: 250005 });
  pampanga = await insertShipment(db, { ownerId: ana.userId, from: SAN_FERNANDO(), to: CEBU_CITY() });
});
afterAll(async () => {
  await t?.close();
});

const download = (query: string, session: Session) =>
  t.app.inject({ method: 'GET', url: `/api/shipments/partners/export${query}`, headers: { cookie: session.cookie } });
const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');

describe('CSV export', () => {
  it('streams a header and one line per shipment, as an attachment named after the table', async () => {
    const res = await download('', staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="shipments_all.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(4);
    // Newest first; money in pesos with two decimals; created in Manila time.
    expect(lines[1]).toContain(pampanga.trackingNumber);
    expect(lines[2]).toBe(
      `${sameDay.trackingNumber},${lines[2]!.split(',')[1]},Pending,Order placed,Same Day,Ana Cruz,Makati City,Metro Manila,` +
        'Ben Reyes,Makati City,Metro Manila,Cash upon pick up,Pending,2500.05,0.00,',
    );
    expect(lines[3]).toMatch(new RegExp(`^${formula.trackingNumber},2026-01-11 00:30,`));
    expect(lines[3]).toMatch(/,230\.00,230\.00,2026-01-12$/);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const body = (await download('', staff)).body;
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(body).toContain(",'@SUM(A1:A2),");
    expect(body).not.toMatch(/,=HYPERLINK|,"=HYPERLINK|,@SUM/);
    expect(['=1+2', '+1', '-1', '@x', '\tx', 'Ana', '2026-01-01'].map(neutraliseCell)).toEqual(["'=1+2", "'+1", "'-1", "'@x", "'\tx", 'Ana', '2026-01-01']);
  });

  it('applies the list filters and the caller scope', async () => {
    const filtered = linesOf((await download('?deliveryTypes=same_day', staff)).body);
    expect(filtered).toHaveLength(2);
    expect(filtered[1]).toContain(sameDay.trackingNumber);
    const dated = linesOf((await download('?startDate=2026-01-11&endDate=2026-01-11', staff)).body);
    expect(dated.slice(1).map((l) => l.split(',')[0])).toEqual([formula.trackingNumber]);
    const partnerLines = linesOf((await download('', partner)).body);
    expect(partnerLines.slice(1).map((l) => l.split(',')[0])).toEqual([pampanga.trackingNumber]);
    expect((await download('', ana)).statusCode).toBe(403);
    const empty = linesOf((await download('?search=nobody-by-this-name', staff)).body);
    expect(empty).toEqual([HEADER]);
  });

  it('lets a sales agent download its agent report: the shipments of the customers who used its code, no others', async () => {
    const db = t.database.db;
    const agent = await signInAs(t, 'sales_agent');
    const [{ code }] = (await db.select({ code: users.agentCode }).from(users).where(eq(users.id, agent.userId))) as [{ code: string }];
    const referred = await createCustomer(t, 'Referred');
    await db.update(users).set({ usedAgentCode: code }).where(eq(users.id, referred.userId));
    const theirs = await insertShipment(db, { ownerId: referred.userId });
    try {
      const res = await download('', agent);
      expect(res.statusCode).toBe(200);
      expect(
        linesOf(res.body)
          .slice(1)
          .map((l) => l.split(',')[0]),
      ).toEqual([theirs.trackingNumber]);
    } finally {
      await db.delete(shipments).where(eq(shipments.id, theirs.id)); // the tests below count every shipment
    }
  });

  it('names the file from the filename asked for, made safe', async () => {
    const res = await download('?filename=Partner%20Shipments', staff);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Partner_Shipments_all.csv"');
    expect(exportFilename('../../etc/passwd')).toBe('passwd_all.csv');
    expect(exportFilename('report"; x=1.csv')).toBe('report_x1.csv');
    expect(exportFilename('  ')).toBe('shipments_all.csv');
    expect(exportFilename('Shipments_all.csv')).toBe('Shipments_all.csv');
  });

  it('pages through the database by (created_at, id), never repeating or skipping rows within one millisecond', async () => {
    const db = t.database.db;
    const at = new Date('2025-06-01T00:00:00.123Z');
    for (let i = 0; i < 7; i++) await insertShipment(db, { ownerId: ana.userId, createdAt: at });
    // Microseconds a JS Date cannot hold: a Date cursor would skip some of these.
    await db.execute(
      sql`update shipments set created_at = created_at + random() * interval '900 microseconds' where created_at = ${at.toISOString()}::timestamptz`,
    );
    const seen: string[] = [];
    let batches = 0;
    for await (const batch of shipmentBatches(db, isNull(shipments.deletedAt), 3)) {
      batches += 1;
      expect(batch.length).toBeLessThanOrEqual(3);
      seen.push(...batch.map((r) => r.id));
    }
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    expect(batches).toBe(4);
  });

  // On PostgreSQL the file is written by COPY on one pooled client, inside a transaction (export.service.ts).
  it.skipIf(process.env.TEST_DB !== 'pg')(
    'gives its database client back when the download is aborted midway (PostgreSQL)',
    async () => {
      const { db, pool } = t.database;
      if (!pool) throw new Error('expected the node-postgres pool');
      // 20,000 more shipments (~3 MB of CSV): more than the sockets buffer, so COPY is still sending when the client leaves.
      await db.execute(sql`insert into shipments select copy.* from shipments s cross join generate_series(1, 20000) g
      cross join lateral jsonb_populate_record(null::shipments, to_jsonb(s) || jsonb_build_object('id', gen_random_uuid(),
        'tracking_number', 'IC9' || lpad(g::text, 8, '0') || 'PH', 'notes', 'bulk')) copy
      where s.id = ${formula.id}`);
      // Only clients given back with an error are closed for it; the pool's own closing of clients idle for 10 s
      // (timers started before this test, e.g. during the bulk insert) must not count.
      const failedBack = new Set<unknown>();
      let closedClients = 0;
      const onRelease = (err: unknown, client: unknown) => {
        if (err) failedBack.add(client);
      };
      const onRemove = (client: unknown) => {
        if (failedBack.has(client)) closedClients += 1;
      };
      pool.on('release', onRelease);
      pool.on('remove', onRemove);
      try {
        const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
        // The first bytes, then the client goes away.
        const first = await new Promise<string>((resolve, reject) => {
          const req = http.get(`${address}/api/shipments/partners/export`, { headers: { cookie: staff.cookie } }, (res) => {
            res.once('data', (chunk: Buffer) => {
              req.destroy();
              resolve(chunk.toString('utf8'));
            });
          });
          req.on('error', reject);
        });
        expect(first).toContain(HEADER);

        // The client is closed (COPY was mid-way) and leaves the pool; its server session ends, transaction and all.
        const busySessions = async () => {
          const { rows } = await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
             and (state like 'idle in transaction%' or query ilike '%shipments_export%')`,
          );
          return rows[0]!.n;
        };
        for (let i = 0; i < 100 && (pool.totalCount !== pool.idleCount || (await busySessions()) > 0); i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(pool.totalCount).toBe(pool.idleCount);
        expect(await busySessions()).toBe(0);
        expect(closedClients).toBe(1);

        // And the next download is whole.
        const again = linesOf((await download('', staff)).body);
        expect(again).toHaveLength(1 + 10 + 20000); // the header, the 10 shipments above, the bulk
      } finally {
        pool.off('release', onRelease);
        pool.off('remove', onRemove);
        await db.execute(sql`delete from shipments where notes = 'bulk'`);
      }
      // 20,000 rows inserted and two 3 MB downloads: 13 s on a quiet machine, more when the cores are shared.
    },
    120_000,
  );

  it('writes pesos exactly from cents', () => {
    expect([0, 5, 100, 23000, 250005, 123456789].map(pesos)).toEqual(['0.00', '0.05', '1.00', '230.00', '2500.05', '1234567.89']);
  });
});
