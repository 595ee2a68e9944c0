import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { CEBU_CITY, insertShipment, MAKATI, SAN_FERNANDO } from '../shipments/lists.fixtures.js';
import { addDays, manilaToday } from '../../core/manila-time.js';
import { bucketsOf, reportRange } from './reports.service.js';

let t: TestApp;
let admin: Session;
let staff: Session;
let agent: Session;
let customer: Session;
let referred: Session;

const MARCH = 'startDate=2026-03-01&endDate=2026-03-31';
const CANCELLED = { status: 'Cancelled', cancelledAt: new Date(), cancellationReason: 'Changed my mind' } as const;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  [admin, staff, agent] = await Promise.all([signInAs(t, 'admin'), signInAs(t, 'staff'), signInAs(t, 'sales_agent')]);
  customer = await createCustomer(t, 'Sol');
  referred = await createCustomer(t, 'Tess');
  const [code] = await db.select({ agentCode: users.agentCode }).from(users).where(eq(users.id, agent.userId));
  await db.update(users).set({ usedAgentCode: code!.agentCode }).where(eq(users.id, referred.userId));

  const at = (iso: string) => new Date(iso);
  // 2 March, Manila: a delivered Next Day and a Same Day (23:30 Manila is still the 2nd).
  await insertShipment(db, {
    ownerId: referred.userId,
    createdAt: at('2026-03-02T02:00:00Z'),
    deliveryStatus: 'Delivered',
    status: 'OnGoing',
    totalInCents: 23_000,
  });
  await insertShipment(db, { ownerId: customer.userId, createdAt: at('2026-03-02T15:30:00Z'), deliveryType: 'same_day', to: MAKATI(), totalInCents: 250_005 });
  // 00:30 on 3 March in Manila is still 2 March in UTC.
  await insertShipment(db, { ownerId: customer.userId, createdAt: at('2026-03-02T16:30:00Z'), from: SAN_FERNANDO(), totalInCents: 30_000 });
  await insertShipment(db, {
    ownerId: customer.userId,
    createdAt: at('2026-03-10T04:00:00Z'),
    from: CEBU_CITY(),
    to: MAKATI(),
    totalInCents: 99_900,
    ...CANCELLED,
  });
  await insertShipment(db, {
    ownerId: customer.userId,
    createdAt: at('2026-03-31T15:59:00Z'),
    deliveryType: 'intra_city',
    from: CEBU_CITY(),
    to: CEBU_CITY(),
    totalInCents: 10_000,
  });
  // Outside March (Manila), or deleted: never counted.
  await insertShipment(db, { ownerId: customer.userId, createdAt: at('2026-02-28T15:59:00Z'), totalInCents: 1 });
  await insertShipment(db, { ownerId: customer.userId, createdAt: at('2026-03-31T16:00:00Z'), totalInCents: 1 });
  await insertShipment(db, { ownerId: customer.userId, createdAt: at('2026-03-15T04:00:00Z'), totalInCents: 1, deletedAt: new Date() });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, session?: Session | null) => t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });
const report = async (query: string, session = admin) => {
  const res = await get(`/api/reports/sales?${query}`, session);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
};
const zero = { bookings: 0, cancelled: 0, delivered: 0, revenueInCents: 0 };

describe('the sales report', () => {
  it('sums bookings, cancellations, deliveries and revenue per Manila day, every day listed', async () => {
    const data = await report(`${MARCH}&period=day`);
    expect(data).toMatchObject({ period: 'day', startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(data.totals).toEqual({ bookings: 4, cancelled: 1, delivered: 1, revenueInCents: 313_005 });
    expect(data.byPeriod).toHaveLength(31);
    const day = (d: string) => data.byPeriod.find((p: { periodStart: string }) => p.periodStart === d);
    expect(day('2026-03-01')).toEqual({ periodStart: '2026-03-01', periodEnd: '2026-03-01', ...zero });
    expect(day('2026-03-02')).toMatchObject({ bookings: 2, delivered: 1, revenueInCents: 273_005 });
    expect(day('2026-03-03')).toMatchObject({ bookings: 1, revenueInCents: 30_000 });
    expect(day('2026-03-10')).toMatchObject({ bookings: 0, cancelled: 1, revenueInCents: 0 });
    expect(day('2026-03-31')).toMatchObject({ bookings: 1, revenueInCents: 10_000 });
    expect(data.byDeliveryType).toEqual([
      { deliveryType: 'next_day', label: 'Next Day', bookings: 2, cancelled: 1, delivered: 1, revenueInCents: 53_000 },
      { deliveryType: 'same_day', label: 'Same Day', bookings: 1, cancelled: 0, delivered: 0, revenueInCents: 250_005 },
      { deliveryType: 'intra_city', label: 'Intra-City', bookings: 1, cancelled: 0, delivered: 0, revenueInCents: 10_000 },
    ]);
    expect(data.byProvince.map((p: { provinceName: string; bookings: number; cancelled: number }) => [p.provinceName, p.bookings, p.cancelled])).toEqual([
      ['Metro Manila', 2, 0],
      ['Pampanga', 1, 0],
      ['Cebu', 1, 1],
    ]);
  });

  it('groups by Monday weeks and by months, clipping the first and last period to the range', async () => {
    const weeks = await report(`${MARCH}&period=week`);
    expect(
      weeks.byPeriod.map((p: { periodStart: string; periodEnd: string; bookings: number; cancelled: number }) => [
        p.periodStart,
        p.periodEnd,
        p.bookings,
        p.cancelled,
      ]),
    ).toEqual([
      ['2026-03-01', '2026-03-01', 0, 0],
      ['2026-03-02', '2026-03-08', 3, 0],
      ['2026-03-09', '2026-03-15', 0, 1],
      ['2026-03-16', '2026-03-22', 0, 0],
      ['2026-03-23', '2026-03-29', 0, 0],
      ['2026-03-30', '2026-03-31', 1, 0],
    ]);
    const months = await report('startDate=2026-02-15&endDate=2026-04-10&period=month');
    expect(months.byPeriod.map((p: { periodStart: string; periodEnd: string; bookings: number }) => [p.periodStart, p.periodEnd, p.bookings])).toEqual([
      ['2026-02-15', '2026-02-28', 1],
      ['2026-03-01', '2026-03-31', 4],
      ['2026-04-01', '2026-04-10', 1],
    ]);
  });

  it('filters by delivery types and by province (picked up or delivered there)', async () => {
    expect((await report(`${MARCH}&deliveryTypes=same_day,intra_city`)).totals).toEqual({ bookings: 2, cancelled: 0, delivered: 0, revenueInCents: 260_005 });
    const pampanga = SAN_FERNANDO().provinceCode;
    expect((await report(`${MARCH}&location=${pampanga}`)).totals).toMatchObject({ bookings: 1, revenueInCents: 30_000 });
    expect((await report(`${MARCH}&location=${CEBU_CITY().provinceCode}`)).totals).toMatchObject({ bookings: 3, cancelled: 1 });
  });

  it('gives a sales agent the report of its own referred customers only', async () => {
    const data = await report(MARCH, agent);
    expect(data.totals).toEqual({ bookings: 1, cancelled: 0, delivered: 1, revenueInCents: 23_000 });
  });

  it('defaults to the last 30 days (whole weeks / months back for the larger periods)', async () => {
    const today = manilaToday();
    const days = await report('');
    expect(days).toMatchObject({ period: 'day', endDate: today, startDate: addDays(today, -29) });
    expect(days.byPeriod).toHaveLength(30);
    const weeks = await report('period=week');
    expect(new Date(`${weeks.startDate}T00:00:00Z`).getUTCDay()).toBe(1);
    expect((await report('period=month')).startDate.endsWith('-01')).toBe(true);
  });

  it('refuses bad ranges and periods, and everyone but admins and sales agents', async () => {
    const tooLong = await get('/api/reports/sales?startDate=2024-01-01&endDate=2026-01-01&period=day', admin);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details[0]).toEqual({ field: 'startDate', message: 'Choose at most 366 days for a report by day' });
    expect((await get('/api/reports/sales?startDate=2024-01-01&endDate=2026-01-01&period=month', admin)).statusCode).toBe(200);
    const backwards = await get('/api/reports/sales?startDate=2026-03-31&endDate=2026-03-01', admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details[0].field).toMatch(/endDate$/);
    expect((await get('/api/reports/sales?period=year', admin)).statusCode).toBe(400);
    expect((await get('/api/reports/sales?deliveryTypes=rocket', admin)).statusCode).toBe(400);
    expect((await get('/api/reports/sales?startDate=31/03/2026', admin)).statusCode).toBe(400);
    for (const who of [staff, customer]) {
      expect((await get('/api/reports/sales', who)).statusCode).toBe(403);
      expect((await get('/api/reports/sales/export', who)).statusCode).toBe(403);
    }
    expect((await get('/api/reports/sales', null)).statusCode).toBe(401);
  });
});

describe('the sales report download', () => {
  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');

  it('streams one row per period, delivery type and province of origin, with a header, as an attachment', async () => {
    const res = await get(`/api/reports/sales/export?${MARCH}&period=week&filename=Sales report`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Sales_report_all.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(lines(res.body)).toEqual([
      'Period start,Period end,Delivery type,Origin province,Bookings,Cancelled,Delivered,Revenue (PHP)',
      '2026-03-02,2026-03-08,Next Day,Metro Manila,1,0,1,230.00',
      '2026-03-02,2026-03-08,Next Day,Pampanga,1,0,0,300.00',
      '2026-03-02,2026-03-08,Same Day,Metro Manila,1,0,0,2500.05',
      '2026-03-09,2026-03-15,Next Day,Cebu,0,1,0,0.00',
      '2026-03-30,2026-03-31,Intra-City,Cebu,1,0,0,100.00',
    ]);
  });

  it('goes out in windows of periods, so a year by day is still every row, in order', async () => {
    const res = await get('/api/reports/sales/export?startDate=2025-04-01&endDate=2026-03-31&deliveryTypes=next_day', admin);
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales_report_all.csv"');
    const rows = lines(res.body).slice(1);
    expect(rows.map((r) => r.split(',').slice(0, 4).join(','))).toEqual([
      '2026-02-28,2026-02-28,Next Day,Metro Manila',
      '2026-03-02,2026-03-02,Next Day,Metro Manila',
      '2026-03-03,2026-03-03,Next Day,Pampanga',
      '2026-03-10,2026-03-10,Next Day,Cebu',
    ]);
  });

  it('gives a sales agent its own rows and checks the range before the first byte', async () => {
    expect(lines((await get(`/api/reports/sales/export?${MARCH}`, agent)).body)).toHaveLength(2);
    const bad = await get('/api/reports/sales/export?startDate=2020-01-01&endDate=2026-01-01', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('report periods', () => {
  it('cuts a range into clipped days, Monday weeks and months', () => {
    expect(bucketsOf(reportRange({ period: 'week', startDate: '2026-01-01', endDate: '2026-01-12' }))).toEqual([
      { key: '2025-12-29', periodStart: '2026-01-01', periodEnd: '2026-01-04' },
      { key: '2026-01-05', periodStart: '2026-01-05', periodEnd: '2026-01-11' },
      { key: '2026-01-12', periodStart: '2026-01-12', periodEnd: '2026-01-12' },
    ]);
    expect(bucketsOf(reportRange({ period: 'month', startDate: '2025-12-31', endDate: '2026-02-01' })).map((b) => b.key)).toEqual([
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(bucketsOf(reportRange({ period: 'day', startDate: '2024-02-28', endDate: '2024-03-01' })).map((b) => b.key)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });
});
