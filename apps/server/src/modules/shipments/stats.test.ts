import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shipments, transactions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { book, place } from '../../testing/shipments.js';
import { insertShipment, SAN_FERNANDO, servePartnerProvince } from './lists.fixtures.js';
import { addDays, manilaDayStart, manilaToday } from '../../core/manila-time.js';

let t: TestApp;
let ana: Session;
let staff: Session;
let rider: Session;
let partner: Session;
const today = manilaToday();
const monthStart = `${today.slice(0, 7)}-01`;
const lastMonthEnd = addDays(monthStart, -1);
const firstOfMonth = today === monthStart;
let b1: Awaited<ReturnType<typeof book>>;
let b2: Awaited<ReturnType<typeof book>>;
let m: { id: string; trackingNumber: string };
let o: { id: string; trackingNumber: string };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  [ana, staff, rider, partner] = await Promise.all([signUpCustomer(t), signInAs(t, 'staff'), signInAs(t, 'rider'), signInAs(t, 'service_partner')]);
  await servePartnerProvince(db, SAN_FERNANDO().provinceCode, partner.userId);
  b1 = await book(t, ana);
  b2 = await book(t, ana, {
    deliveryType: 'same_day',
    receiver: { name: 'Ben Reyes', mobileNumber: '09181234567', streetName: '1 Aurora Blvd', ...place('Metro Manila', 'Quezon City') },
  });
  await db.update(shipments).set({ deliveryStatus: 'For pickup', status: 'OnGoing' }).where(eq(shipments.id, b2.id));
  await insertShipment(db, { ownerId: ana.userId, status: 'Cancelled', cancellationReason: 'Changed my mind', totalInCents: 5000 });
  m = await insertShipment(db, { ownerId: ana.userId, from: SAN_FERNANDO(), createdAt: manilaDayStart(monthStart) });
  o = await insertShipment(db, { ownerId: ana.userId, totalInCents: 40000, createdAt: new Date(`${lastMonthEnd}T23:59:00+08:00`) });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, session: Session) => t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
const send = (method: 'PUT' | 'POST', url: string, session: Session, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, payload });

describe('dashboard stats', () => {
  it('counts by status and delivery status, and sums what was booked today and this month', async () => {
    const res = await get('/api/shipments/dashboard-stats', staff);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json().data;
    expect(stats.total).toBe(5);
    expect(stats.byStatus).toEqual({ Pending: 3, OnGoing: 1, Cancelled: 1 });
    expect(stats.byDeliveryStatus).toMatchObject({ 'Order placed': 3, 'For pickup': 1, Delivered: 0, 'In-transit': 0 });
    expect(stats.bookedToday).toBe(3 + (firstOfMonth ? 1 : 0));
    expect(stats.revenueTodayInCents).toBe(b1.totalInCents + b2.totalInCents + (firstOfMonth ? 23000 : 0));
    expect(stats.revenueThisMonthInCents).toBe(b1.totalInCents + b2.totalInCents + 23000);
    expect(b2.totalInCents).toBeGreaterThan(200000); // the Same Day fee is in the booked total
  });

  it('narrows to a province, and to what the caller may see', async () => {
    const pampanga = (await get(`/api/shipments/dashboard-stats?location=${SAN_FERNANDO().provinceCode}`, staff)).json().data;
    expect(pampanga).toMatchObject({ total: 1, revenueThisMonthInCents: 23000 });
    expect((await get('/api/shipments/dashboard-stats', partner)).json().data.total).toBe(1);
    expect((await get('/api/shipments/dashboard-stats', await signInAs(t, 'business_admin'))).json().data.total).toBe(0);
    expect((await get('/api/shipments/dashboard-stats', ana)).statusCode).toBe(403);
    expect((await get('/api/shipments/dashboard-stats?location=Cebu', staff)).statusCode).toBe(400);
  });

  it('counts ongoing shipments: dispatched, not delivered, not cancelled', async () => {
    expect((await get('/api/shipments/ongoing-shipments-count', staff)).json()).toEqual({ data: { count: 1 } });
    expect((await get(`/api/shipments/ongoing-shipments-count?location=${SAN_FERNANDO().provinceCode}`, staff)).json()).toEqual({ data: { count: 0 } });
  });
});

describe('sales stats', () => {
  it('gives bookings and revenue per Manila day, every day present, cancelled left out', async () => {
    const res = await get(`/api/shipments/sales-stats?startDate=${lastMonthEnd}&endDate=${today}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const sales = res.json().data;
    expect(sales.days[0]).toEqual({ date: lastMonthEnd, bookings: 1, revenueInCents: 40000 });
    expect(sales.days.at(-1).date).toBe(today);
    if (!firstOfMonth) {
      expect(sales.days[1]).toEqual({ date: monthStart, bookings: 1, revenueInCents: 23000 });
      expect(sales.days.at(-1)).toEqual({ date: today, bookings: 2, revenueInCents: b1.totalInCents + b2.totalInCents });
    }
    expect(sales.days).toHaveLength(Number(today.slice(8, 10)) + 1);
    expect(sales.totalBookings).toBe(4);
    expect(sales.totalRevenueInCents).toBe(b1.totalInCents + b2.totalInCents + 63000);
  });

  it('defaults to the last 30 days, and is for staff and admins only', async () => {
    const sales = (await get('/api/shipments/sales-stats', await signInAs(t, 'admin'))).json().data;
    expect(sales).toMatchObject({ startDate: addDays(today, -29), endDate: today });
    expect(sales.days).toHaveLength(30);
    expect((await get(`/api/shipments/sales-stats?startDate=${today}&endDate=${lastMonthEnd}`, staff)).statusCode).toBe(400);
    expect((await get('/api/shipments/sales-stats?startDate=2020-01-01&endDate=2026-01-01', staff)).statusCode).toBe(400);
    for (const session of [ana, partner, await signInAs(t, 'ssp')]) {
      expect((await get('/api/shipments/sales-stats', session)).statusCode).toBe(403);
    }
  });
});

describe('rider stats', () => {
  it("counts a rider's day: assigned, picked up, delivered, pending and cash on delivery to collect", async () => {
    const db = t.database.db;
    expect((await send('PUT', `/api/shipments/${b1.id}`, staff, { pickupRiderId: rider.userId })).statusCode).toBe(200);
    expect((await send('PUT', `/api/shipments/${m.id}`, staff, { dropOffRiderId: rider.userId })).statusCode).toBe(200);
    expect((await send('PUT', `/api/shipments/${o.id}`, staff, { dropOffRiderId: rider.userId })).statusCode).toBe(200);
    for (const activity of ['On the way for pickup', 'Package picked up']) {
      const moved = await send('POST', `/api/shipments/${b1.trackingNumber}/deliveryStatus`, rider, { activity });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    await db.update(shipments).set({ deliveryStatus: 'Delivered', status: 'OnGoing', deliveredAt: new Date() }).where(eq(shipments.id, o.id));
    await db.insert(transactions).values([
      { shipmentId: m.id, method: 'cash', amountInCents: 3000 },
      { shipmentId: m.id, method: 'cash', amountInCents: 9000, voidedAt: new Date(), voidReason: 'Counted twice' },
    ]);

    const res = await get('/api/shipments/rider-stats', rider);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      assignedToday: 3,
      pickedUpToday: 1,
      deliveredToday: 1,
      pending: 1,
      codToCollectInCents: 20000,
      // The rows above were not received by the rider: none of it is on hand.
      cashOnHandInCents: 0,
      cashShortInCents: 0,
    });
    expect((await get('/api/shipments/rider-stats', staff)).statusCode).toBe(403);
  });
});
