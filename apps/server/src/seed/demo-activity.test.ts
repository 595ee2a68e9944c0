import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { shipments, tickets, walletTransactions, wallets } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { signInAs, type Session } from '../testing/auth.js';
import { addDays, manilaToday } from '../core/manila-time.js';
import { seedDemoActivity, type DemoActivitySummary } from './demo-activity/index.js';

/** Issue 29, "A living demo": a fresh demo database looks like a courier at work, seen through the API. */
let t: TestApp;
let summary: DemoActivitySummary | null;

beforeAll(async () => {
  t = await buildTestApp();
  summary = await seedDemoActivity(t.database.db);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, session: Session) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the living demo', () => {
  it('seeds a few hundred shipments, with tracking numbers to try', () => {
    expect(summary!.shipments).toBeGreaterThanOrEqual(250);
    expect(summary!.shipments).toBeLessThanOrEqual(400);
    // The README's tour names these: the same numbers on every fresh demo.
    expect(summary!.tour.map((s) => s.trackingNumber)).toEqual(expect.arrayContaining(['ND991699862PH', 'IC077350731PH', 'ND601939657PH', 'ND117836926PH']));
  });

  it('shows the admin a dashboard and a week of sales with shipments in many statuses', async () => {
    const admin = await signInAs(t, 'admin');
    const stats = (await get('/api/shipments/dashboard-stats', admin)).data;
    const statuses = Object.entries(stats.byDeliveryStatus)
      .filter(([, n]) => (n as number) > 0)
      .map(([s]) => s);
    expect(statuses.length, statuses.join(', ')).toBeGreaterThanOrEqual(10);
    expect(stats.byStatus).toMatchObject({ Pending: expect.any(Number), OnGoing: expect.any(Number), Cancelled: expect.any(Number) });
    expect(Math.min(stats.byStatus.Pending, stats.byStatus.OnGoing, stats.byStatus.Cancelled)).toBeGreaterThan(0);
    expect(stats.bookedToday).toBeGreaterThan(0);

    const today = manilaToday();
    const week = (await get(`/api/reports/sales?period=day&startDate=${addDays(today, -6)}&endDate=${today}`, admin)).data;
    expect(week.totals.bookings).toBeGreaterThanOrEqual(30);
    expect(week.totals.delivered).toBeGreaterThan(0);
    expect(week.totals.cancelled).toBeGreaterThan(0);
    expect(week.byPeriod.every((day: { bookings: number }) => day.bookings > 0)).toBe(true);
    expect(week.byDeliveryType.every((type: { bookings: number }) => type.bookings > 0)).toBe(true);
    expect(week.byProvince.length).toBeGreaterThanOrEqual(5);
  });

  it("gives the demo rider Ramon today's pickups and deliveries", async () => {
    const ramon = await signInAs(t, 'rider');
    const jobs = (await get('/api/shipments/me/rider/courier?limit=100', ramon)).data as {
      pickupRiderId: string | null;
      dropOffRiderId: string | null;
      deliveryStatus: string;
      pickupDate: string | null;
    }[];
    const today = manilaToday();
    const pickups = jobs.filter(
      (s) => s.pickupRiderId === ramon.userId && s.deliveryStatus === 'Order placed' && s.pickupDate !== null && s.pickupDate <= addDays(today, 1),
    );
    const deliveries = jobs.filter((s) => s.dropOffRiderId === ramon.userId && ['Dest. hub', 'Out for delivery'].includes(s.deliveryStatus));
    expect(pickups.length).toBeGreaterThanOrEqual(3);
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    const stats = (await get('/api/shipments/rider-stats', ramon)).data;
    expect(stats.assignedToday).toBeGreaterThanOrEqual(9);
    expect(stats.codToCollectInCents).toBeGreaterThan(0);
  });

  it('shows the demo business admin a billing of last month and its invoice', async () => {
    const maria = await signInAs(t, 'business_admin');
    const billings = (await get('/api/billings', maria)).data as { totalInCents: number; businessName?: string; invoiceNumber?: string | null }[];
    expect(billings).toHaveLength(1);
    expect(billings[0]!.totalInCents).toBeGreaterThan(0);
    const invoices = (await get('/api/invoices', maria)).data as { number: number; totalInCents: number }[];
    expect(invoices).toEqual([expect.objectContaining({ number: 1, totalInCents: billings[0]!.totalInCents })]);
  });

  it("keeps every wallet's balance equal to its ledger", async () => {
    const rows = await t.database.db
      .select({
        balance: wallets.balanceInCents,
        ledger: sql<string>`(select coalesce(sum(${walletTransactions.amountInCents}), 0) from ${walletTransactions} where ${walletTransactions.userId} = ${wallets.userId})`,
      })
      .from(wallets);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Number(row.ledger)).toBe(row.balance);
    const juan = await signInAs(t, 'customer');
    const history = (await get('/api/wallet/transactions?limit=100', juan)).data as { type: string }[];
    expect(new Set(history.map((h) => h.type))).toEqual(new Set(['Top Up', 'Purchase']));
  });

  it("ends every shipment's timeline in its current status", async () => {
    const mismatched = await t.database.db.execute(sql`
      select s.tracking_number, s.delivery_status, s.status, last.name, last.delivery_status as last_status
      from shipments s
      cross join lateral (
        select a.name, a.delivery_status from shipment_activities a
        where a.shipment_id = s.id and (a.delivery_status is not null or a.name = 'Order cancelled')
        order by a.created_at desc, (a.name = 'Order cancelled') desc limit 1
      ) last
      where (s.status = 'Cancelled' and last.name <> 'Order cancelled')
         or (s.status <> 'Cancelled' and last.delivery_status <> s.delivery_status)`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
    // And the public tracking page of a tour number reads as its shipment stands.
    const delivered = summary!.tour.find((s) => s.label.includes('delivered to Cebu'))!;
    const res = await t.app.inject({ method: 'GET', url: `/api/shipments/track/${delivered.trackingNumber}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).toContain('Delivered');
  });

  it('adds nothing when it runs again', async () => {
    const counts = async () => {
      const db = t.database.db;
      const [[s], [w], [k]] = await Promise.all([
        db.select({ n: count() }).from(shipments),
        db.select({ n: count() }).from(walletTransactions),
        db.select({ n: count() }).from(tickets),
      ]);
      return [s!.n, w!.n, k!.n];
    };
    const before = await counts();
    expect(await seedDemoActivity(t.database.db)).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('seeds once when two instances start together on one database (real PostgreSQL under TEST_DB=pg)', async () => {
    const other = await buildTestApp();
    try {
      const runs = await Promise.all([seedDemoActivity(other.database.db), seedDemoActivity(other.database.db)]);
      const seeded = runs.filter((run) => run !== null);
      expect(seeded).toHaveLength(1);
      const [row] = await other.database.db.select({ n: count() }).from(shipments);
      expect(row!.n).toBe(seeded[0]!.shipments);
    } finally {
      await other.close();
    }
  }, 60_000);
});
