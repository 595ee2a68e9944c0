import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { activityLogs, collections } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { DEMO_PASSWORD } from '../../seed/index.js';
import { SESSION_COOKIE, createSession } from '../auth/index.js';
import { createUserWithRoles } from '../users/index.js';
import { insertShipment } from '../shipments/lists.fixtures.js';

let t: TestApp;
let staff: Session;
let admin: Session;
let ssp: Session;
let owner: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [staff, admin, ssp, owner] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'admin'), signInAs(t, 'ssp'), createCustomer(t)]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });

/** A shipment whose cash the rider collects: at pick-up from the sender, or on delivery from the recipient. */
async function collected(rider: Session, source: 'pickup' | 'delivery', amountInCents: number) {
  const s = await insertShipment(t.database.db, {
    ownerId: owner.userId,
    status: 'OnGoing',
    deliveryStatus: source === 'pickup' ? 'Picked up' : 'Out for delivery',
    paidBy: source === 'pickup' ? 'sender' : 'recipient',
    totalInCents: 50000,
    ...(source === 'pickup' ? { pickupRiderId: rider.userId } : { dropOffRiderId: rider.userId }),
  });
  // Less than the ₱500.00 due is short, and a rider says why (issue 29, item 5).
  const short = amountInCents < 50000 ? { shortReason: 'The rest is paid at the hub' } : {};
  const paid = await call('POST', '/api/transaction/add-payment', rider, { trackingNumber: s.trackingNumber, method: 'cash', amountInCents, ...short });
  expect(paid.statusCode, paid.body).toBe(201);
  return s;
}
let riders = 0;
/** A rider of its own per test, with a session made directly (sign-in is rate limited per address, as it must be). */
async function signInNewRider(_: TestApp): Promise<Session> {
  riders += 1;
  const userId = await createUserWithRoles(t.database.db, {
    email: `collections-rider-${riders}@hatid.test`,
    password: DEMO_PASSWORD,
    firstName: 'Rico',
    lastName: 'Santos',
    roles: ['rider'],
  });
  const { token } = await createSession(t.database.db, userId, { ttlDays: 1 });
  return { cookie: `${SESSION_COOKIE}=${token}`, userId };
}
const outstanding = async (rider: Session) => (await call('GET', `/api/collections/outstanding?collectedFromId=${rider.userId}`, staff)).json().data;

describe('cash collections', () => {
  it("shows a rider's cash as outstanding until handed over, by source; a hand-over takes all of one source", async () => {
    const rider = await signInNewRider(t);
    const a = await collected(rider, 'pickup', 23000);
    const b = await collected(rider, 'pickup', 11000);
    const c = await collected(rider, 'delivery', 40000);

    const before = await outstanding(rider);
    expect(before.people).toEqual([{ userId: rider.userId, name: 'Rico Santos', pickupInCents: 34000, deliveryInCents: 40000, shipments: 3 }]);
    expect(before.shipments.map((l: { trackingNumber: string }) => l.trackingNumber).sort()).toEqual([a, b, c].map((s) => s.trackingNumber).sort());
    // Everyone's summary lists the rider too (no shipments then).
    const all = (await call('GET', '/api/collections/outstanding', admin)).json().data;
    expect(all.people).toContainEqual(expect.objectContaining({ userId: rider.userId, pickupInCents: 34000 }));
    expect(all.shipments).toEqual([]);

    const created = await call('POST', '/api/collections', staff, {
      collectedFromId: rider.userId,
      source: 'pickup',
      location: '1300000000',
      remarks: 'Makati hub, end of day',
    });
    expect(created.statusCode, created.body).toBe(201);
    const handOver = created.json().data;
    expect(handOver).toMatchObject({
      collectedFromName: 'Rico Santos',
      source: 'pickup',
      status: 'pending',
      amountInCents: 34000,
      locationName: expect.any(String),
      remarks: 'Makati hub, end of day',
      receivedById: null,
    });
    expect(handOver.shipments.map((l: { trackingNumber: string; amountInCents: number }) => [l.trackingNumber, l.amountInCents]).sort()).toEqual(
      [
        [a.trackingNumber, 23000],
        [b.trackingNumber, 11000],
      ].sort(),
    );

    const after = await outstanding(rider);
    expect(after.people).toEqual([expect.objectContaining({ pickupInCents: 0, deliveryInCents: 40000, shipments: 1 })]);
    // Cash collected later on a shipment already handed over is outstanding again, for the new part only.
    const more = await call('POST', '/api/transaction/add-payment', rider, {
      trackingNumber: a.trackingNumber,
      method: 'cash',
      amountInCents: 2000,
      shortReason: 'Part of the rest',
    });
    expect(more.statusCode, more.body).toBe(201);
    expect((await outstanding(rider)).shipments).toContainEqual(
      expect.objectContaining({ trackingNumber: a.trackingNumber, source: 'pickup', amountInCents: 2000 }),
    );

    // Nothing left of that source: a clear refusal, nothing recorded.
    const rider2 = await signInNewRider(t);
    const none = await call('POST', '/api/collections', staff, { collectedFromId: rider2.userId, source: 'delivery' });
    expect(none.statusCode).toBe(422);
    expect(none.json().details).toEqual([{ field: 'collectedFromId', message: 'Rico Santos has no cash on delivery cash to hand over' }]);
  });

  it('hands over the shipments named, and refuses one without that cash, naming it', async () => {
    const rider = await signInNewRider(t);
    const a = await collected(rider, 'delivery', 15000);
    const b = await collected(rider, 'delivery', 5000);
    const pickup = await collected(rider, 'pickup', 7000);
    const counted = async () => (await t.database.db.select({ n: count() }).from(collections).where(eq(collections.collectedFromId, rider.userId)))[0]!.n;

    const wrong = await call('POST', '/api/collections', staff, {
      collectedFromId: rider.userId,
      source: 'delivery',
      trackingNumbers: [a.trackingNumber, a.trackingNumber, pickup.trackingNumber],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().details).toEqual([
      { field: 'trackingNumbers.2', message: `${pickup.trackingNumber} has no cash on delivery cash of Rico Santos to hand over` },
    ]);
    expect(await counted()).toBe(0);

    const one = await call('POST', '/api/collections', staff, {
      collectedFromId: rider.userId,
      source: 'delivery',
      trackingNumbers: [a.trackingNumber.toLowerCase()],
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().data).toMatchObject({ amountInCents: 15000, shipments: [{ trackingNumber: a.trackingNumber, amountInCents: 15000 }] });
    // Handed over once: naming it again is refused.
    const again = await call('POST', '/api/collections', staff, { collectedFromId: rider.userId, source: 'delivery', trackingNumbers: [a.trackingNumber] });
    expect(again.statusCode).toBe(422);
    expect((await outstanding(rider)).shipments.map((l: { trackingNumber: string }) => l.trackingNumber).sort()).toEqual(
      [b.trackingNumber, pickup.trackingNumber].sort(),
    );
  });

  it('moves pending → on going → completed, final after; cancelling puts the cash back; bulk reports each refusal', async () => {
    const rider = await signInNewRider(t);
    await collected(rider, 'pickup', 10000);
    const first = (await call('POST', '/api/collections', staff, { collectedFromId: rider.userId, source: 'pickup', remarks: 'Makati hub' })).json().data;

    const going = await call('PATCH', '/api/collections/status', staff, { id: first.id, status: 'on_going' });
    expect(going.json().data.status).toBe('on_going');
    const back = await call('PATCH', '/api/collections/status', staff, { id: first.id, status: 'pending' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('A on going collection can only be marked completed or cancelled');
    const done = await call('PATCH', '/api/collections/status', admin, { id: first.id, status: 'completed', remarks: 'Counted twice, ₱100.00' });
    expect(done.json().data).toMatchObject({
      status: 'completed',
      receivedById: admin.userId,
      receivedByName: expect.any(String),
      completedAt: expect.any(String),
      remarks: 'Makati hub\nCounted twice, ₱100.00',
    });
    const reopen = await call('PATCH', '/api/collections/status', staff, { id: first.id, status: 'cancelled' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe('A completed collection cannot change');

    await collected(rider, 'delivery', 3000);
    const second = (await call('POST', '/api/collections', staff, { collectedFromId: rider.userId, source: 'delivery' })).json().data;
    const cancelled = await call('PATCH', '/api/collections/status', staff, { id: second.id, status: 'cancelled' });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    expect((await outstanding(rider)).people).toEqual([expect.objectContaining({ pickupInCents: 0, deliveryInCents: 3000 })]);

    const third = (await call('POST', '/api/collections', staff, { collectedFromId: rider.userId, source: 'delivery' })).json().data;
    const bulk = await call('PATCH', '/api/collections/bulk-status', staff, {
      ids: [third.id, first.id, '00000000-0000-4000-8000-000000000000'],
      status: 'completed',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data).toEqual({
      updated: [third.id],
      failed: [
        { id: first.id, message: 'This collection is already completed' },
        { id: '00000000-0000-4000-8000-000000000000', message: 'Collection not found' },
      ],
    });

    const logged = await t.database.db
      .select({ status: activityLogs.status })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Collection'), eq(activityLogs.entityId, first.id)));
    expect(logged.map((l) => l.status).sort()).toEqual(['completed', 'on_going', 'pending']);
  });

  it('lists hand-overs newest first with the catalogue filters', async () => {
    const rider = await signInNewRider(t);
    const other = await signInNewRider(t);
    const s = await collected(rider, 'pickup', 8000);
    await collected(other, 'delivery', 9000);
    const mine = (await call('POST', '/api/collections', staff, { collectedFromId: rider.userId, source: 'pickup', location: '1300000000' })).json().data;
    const theirs = (await call('POST', '/api/collections', staff, { collectedFromId: other.userId, source: 'delivery' })).json().data;
    await call('PATCH', '/api/collections/status', staff, { id: theirs.id, status: 'completed' });

    const ids = async (query: string) => (await call('GET', `/api/collections?${query}`, staff)).json().data.map((c: { id: string }) => c.id);
    expect(await ids(`partner=${rider.userId}`)).toEqual([mine.id]);
    expect(await ids(`search=${s.trackingNumber.slice(0, 11).toLowerCase()}`)).toEqual([mine.id]);
    expect(await ids(`partner=${other.userId}&status=completed&collectionsSource=delivery`)).toEqual([theirs.id]);
    expect(await ids(`partner=${other.userId}&status=pending`)).toEqual([]);
    expect(await ids('location=1300000000&limit=100')).toContain(mine.id);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await ids(`partner=${rider.userId}&startDate=${today}&endDate=${today}`)).toEqual([mine.id]);
    expect(await ids(`partner=${rider.userId}&endDate=2020-01-01`)).toEqual([]);
    const page = (await call('GET', '/api/collections?limit=1', staff)).json();
    expect(page).toMatchObject({ limit: 1, page: 1, hasNextPage: true });
    expect(page.total).toBeGreaterThanOrEqual(2);
  });

  it('two hand-overs of the same cash at once: one is recorded, the other finds nothing left', async () => {
    const rider = await signInNewRider(t);
    await collected(rider, 'pickup', 12000);
    await collected(rider, 'pickup', 3000);
    const answers = await Promise.all([
      call('POST', '/api/collections', staff, { collectedFromId: rider.userId, source: 'pickup' }),
      call('POST', '/api/collections', admin, { collectedFromId: rider.userId, source: 'pickup' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const rows = await t.database.db.select({ amount: collections.amountInCents }).from(collections).where(eq(collections.collectedFromId, rider.userId));
    expect(rows).toEqual([{ amount: 15000 }]);
  });

  it('answers bad input with the field and refuses who may not work collections', async () => {
    const missing = await call('POST', '/api/collections', staff, { source: 'boat', trackingNumbers: [] });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['collectedFromId', 'source', 'trackingNumbers']);
    const customer = await call('POST', '/api/collections', staff, { collectedFromId: owner.userId, source: 'pickup' });
    expect(customer.statusCode).toBe(422);
    expect(customer.json().details).toEqual([{ field: 'collectedFromId', message: 'Choose a rider or partner who collected cash' }]);
    expect(
      (await call('PATCH', '/api/collections/status', staff, { id: 'nope', status: 'done' }))
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['id', 'status']);
    expect((await call('GET', '/api/collections?startDate=2026-03-05&endDate=2026-03-01', staff)).json().details).toEqual([
      { field: 'endDate', message: 'The end date must not be before the start date' },
    ]);

    const rider = await signInNewRider(t);
    for (const who of [ssp, rider, owner]) {
      expect((await call('GET', '/api/collections', who)).statusCode).toBe(403);
      expect((await call('POST', '/api/collections', who, { collectedFromId: rider.userId, source: 'pickup' })).statusCode).toBe(403);
    }
  });
});
