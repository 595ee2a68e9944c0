import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { proofImages, shipmentActivities, shipments, transactions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { PNG_BASE64, signInNewRider } from '../../testing/files.js';
import { insertShipment, type FixtureInput } from '../shipments/lists.fixtures.js';

let t: TestApp;
let staff: Session;
let rider: Session;
let otherRider: Session;
let owner: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [staff, rider, owner] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'rider'), createCustomer(t)]);
  otherRider = await signInNewRider(t);
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST', url: string, session: Session, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: session.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
const pay = (session: Session, payload: object, key?: string) => send('POST', '/api/transaction/add-payment', session, payload, key);

/**
 * Cash on delivery of ₱230, at the destination hub, delivered by the demo rider. Booked two hours ago: a
 * phone time of a move may not be earlier than the shipment's last step (here, with no steps, the booking).
 */
const codShipment = (extra: Partial<FixtureInput> = {}) =>
  insertShipment(t.database.db, {
    ownerId: owner.userId,
    pickupRiderId: otherRider.userId,
    dropOffRiderId: rider.userId,
    deliveryStatus: 'Dest. hub',
    status: 'OnGoing',
    createdAt: new Date(Date.now() - 2 * 3_600_000),
    ...extra,
  });

describe('POST /transaction/add-payment', () => {
  it("records a rider's cash once however often the phone resends it, and derives the payment status", async () => {
    const s = await codShipment();
    const body = { trackingNumber: s.trackingNumber, method: 'cash', amountInCents: 23000, receivedAt: new Date(Date.now() - 3_600_000).toISOString() };
    const first = await pay(rider, body, 'cash-offline-0001');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      paymentStatus: 'Paid',
      balanceInCents: 0,
      transaction: { amountInCents: 23000, paidBy: 'recipient', receivedById: rider.userId },
    });
    const again = await pay(rider, body, 'cash-offline-0001');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    const rows = await t.database.db.select().from(transactions).where(eq(transactions.shipmentId, s.id));
    expect(rows).toHaveLength(1);
    // Both times kept: when the cash changed hands (the phone) and when the server heard of it.
    expect(rows[0]!.receivedAt.toISOString()).toBe(body.receivedAt);
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThan(rows[0]!.receivedAt.getTime());
    const [row] = await t.database.db.select({ paymentStatus: shipments.paymentStatus }).from(shipments).where(eq(shipments.id, s.id));
    expect(row!.paymentStatus).toBe('Paid');

    // It counts toward the rider's cash on hand.
    const stats = await send('GET', '/api/shipments/rider-stats', rider);
    expect(stats.json().data.cashOnHandInCents).toBe(23000);

    // Staff see it, with both times, on the shipment's payments.
    const list = await send('GET', `/api/transaction/payments/${s.trackingNumber}`, staff);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ amountInCents: 23000, receivedAt: body.receivedAt, receivedByName: 'Ramon Aquino' })]);
    expect((await send('GET', `/api/transaction/payments/${s.id}`, rider)).statusCode).toBe(403);

    // Paid in full: nothing more to collect.
    expect((await pay(rider, { ...body, amountInCents: 100 })).statusCode).toBe(409);
  });

  it('refuses what a rider may not record, with the field at fault', async () => {
    const s = await codShipment();
    const base = { shipmentId: s.id, method: 'cash', amountInCents: 1000 };
    const over = await pay(rider, { ...base, amountInCents: 23001 });
    expect(over.statusCode).toBe(422);
    expect(over.json().details).toEqual([{ field: 'amountInCents', message: 'That is more than the balance of ₱230.00' }]);
    expect((await pay(rider, { ...base, method: 'gcash' })).json().details[0].field).toBe('method');
    expect((await pay(rider, { ...base, method: 'wallet' })).statusCode).toBe(400);
    // The recipient pays the delivery rider, not the pickup rider.
    expect((await pay(otherRider, base)).statusCode).toBe(403);
    const future = await pay(rider, { ...base, receivedAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json().details[0].field).toBe('receivedAt');
    for (const bad of [
      { ...base, amountInCents: 10.5 },
      { ...base, amountInCents: -5 },
      { method: 'cash', amountInCents: 5 },
      { ...base, trackingNumber: s.trackingNumber },
    ]) {
      expect((await pay(rider, bad)).statusCode).toBe(400);
    }
    // Someone else's shipment is not found; customers record nothing.
    const strangers = await insertShipment(t.database.db, { ownerId: owner.userId });
    expect((await pay(rider, { ...base, shipmentId: strangers.id })).statusCode).toBe(404);
    expect((await pay(owner, base)).statusCode).toBe(403);
    const cancelled = await codShipment({ status: 'Cancelled', cancellationReason: 'Changed my mind', cancelledAt: new Date() });
    expect((await pay(staff, { ...base, shipmentId: cancelled.id })).statusCode).toBe(409);
    expect(await t.database.db.select().from(transactions).where(eq(transactions.shipmentId, s.id))).toHaveLength(0);
  });

  it('asks a rider why the cash is short, keeps the shortfall on record, and shows it to the rider and the collections desk (issue 29, item 5)', async () => {
    const s = await codShipment({ totalInCents: 24000 });
    const base = { trackingNumber: s.trackingNumber, method: 'cash', amountInCents: 20000 };
    const silent = await pay(rider, base);
    expect(silent.statusCode).toBe(422);
    expect(silent.json().details).toEqual([{ field: 'shortReason', message: 'The cash is ₱40.00 short of the ₱240.00 due: say why' }]);
    expect(await t.database.db.select().from(transactions).where(eq(transactions.shipmentId, s.id))).toHaveLength(0);

    const statsBefore = (await send('GET', '/api/shipments/rider-stats', rider)).json().data;
    const res = await pay(rider, { ...base, shortReason: 'Recipient had only ₱200' }, 'short-cash-0001');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      paymentStatus: 'Partially Paid',
      balanceInCents: 4000,
      transaction: { amountInCents: 20000, shortInCents: 4000, shortReason: 'Recipient had only ₱200' },
    });
    // Sent again by the phone: one row, the exact amounts.
    expect((await pay(rider, { ...base, shortReason: 'Recipient had only ₱200' }, 'short-cash-0001')).json()).toEqual(res.json());
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.shipmentId, s.id));
    expect(rows.map((r) => [r.amountInCents, r.shortInCents, r.shortReason])).toEqual([[20000, 4000, 'Recipient had only ₱200']]);

    // The shipment page's payments, the rider's day and the collections desk all say so.
    const payments = (await send('GET', `/api/transaction/payments/${s.id}`, staff)).json().data;
    expect(payments).toEqual([expect.objectContaining({ amountInCents: 20000, shortInCents: 4000, shortReason: 'Recipient had only ₱200' })]);
    const stats = (await send('GET', '/api/shipments/rider-stats', rider)).json().data;
    expect(stats.cashShortInCents - statsBefore.cashShortInCents).toBe(4000);
    expect(stats.cashOnHandInCents - statsBefore.cashOnHandInCents).toBe(20000);
    const desk = (await send('GET', `/api/collections/outstanding?collectedFromId=${rider.userId}`, staff)).json().data;
    expect(desk.shipments).toContainEqual(
      expect.objectContaining({ trackingNumber: s.trackingNumber, amountInCents: 20000, shortInCents: 4000, shortReason: 'Recipient had only ₱200' }),
    );
  });

  it('takes the full amount from a rider without a reason, and a part payment at the hub without one', async () => {
    const s = await codShipment();
    const full = await pay(rider, { trackingNumber: s.trackingNumber, method: 'cash', amountInCents: 23000 });
    expect(full.json().data.transaction).toMatchObject({ shortInCents: null, shortReason: null });
    const hub = await codShipment();
    expect((await pay(staff, { trackingNumber: hub.trackingNumber, method: 'cash', amountInCents: 10000 })).json().data.transaction.shortInCents).toBeNull();
  });

  it('lets staff record other methods, and part payments leave it Partially Paid', async () => {
    const s = await codShipment();
    const res = await pay(staff, { shipmentId: s.id, method: 'bank_transfer', amountInCents: 10000, referenceNumber: 'BDO-123' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ paymentStatus: 'Partially Paid', balanceInCents: 13000 });
  });
});

describe('an offline rider, sent again', () => {
  it('records each queued move and photo once, with the phone time, and who received the parcel', async () => {
    const s = await codShipment();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const move = (activity: string, key: string, extra: object = {}) =>
      send('POST', `/api/shipments/${s.trackingNumber}/deliveryStatus`, rider, { activity, ...extra }, key);
    // The phone resends the very same request (its time included) until it hears back.
    const outAt = at(30);
    for (let i = 0; i < 2; i++) {
      expect((await move('Out for delivery', 'move-ofd-0001', { occurredAt: outAt })).statusCode).toBe(200);
    }
    const photo = { type: 'delivery', imageBase64: PNG_BASE64, takenAt: at(20) };
    const photos = [];
    for (let i = 0; i < 2; i++) photos.push(await send('POST', `/api/shipments/${s.trackingNumber}/proof-image`, rider, photo, 'photo-dlv-0001'));
    expect(photos.map((p) => p.statusCode)).toEqual([201, 201]);
    expect(photos[1]!.json()).toEqual(photos[0]!.json());
    expect(photos[0]!.json().data.takenAt).toBe(photo.takenAt);
    const delivered = await move('Delivered', 'move-dlv-0001', { occurredAt: at(20), receivedBy: 'Lorna Reyes (sister)' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().data.deliveryStatus).toBe('Delivered');

    const activities = await t.database.db.select().from(shipmentActivities).where(eq(shipmentActivities.shipmentId, s.id));
    expect(activities.map((a) => a.name).sort()).toEqual(['Delivered', 'Out for delivery']);
    const done = activities.find((a) => a.name === 'Delivered')!;
    expect(done.receivedBy).toBe('Lorna Reyes (sister)');
    expect(done.occurredAt!.getTime()).toBeLessThan(done.createdAt.getTime());
    expect(await t.database.db.select().from(proofImages).where(eq(proofImages.shipmentId, s.id))).toHaveLength(1);
    const timeline = await send('GET', `/api/shipments/${s.trackingNumber}/activities`, staff);
    expect(timeline.json().data.find((a: { name: string }) => a.name === 'Delivered')).toMatchObject({
      receivedBy: 'Lorna Reyes (sister)',
      occurredAt: done.occurredAt!.toISOString(),
    });

    // The same key for another shipment's photo is refused: a photo never lands on the wrong job.
    const other = await codShipment();
    expect((await send('POST', `/api/shipments/${other.trackingNumber}/proof-image`, rider, photo, 'photo-dlv-0001')).statusCode).toBe(422);
  });

  it("keeps a rider to their own leg's steps and the receiver's name to deliveries", async () => {
    const s = await codShipment({ deliveryStatus: 'Orig. hub' });
    const res = await send('POST', `/api/shipments/${s.trackingNumber}/deliveryStatus`, rider, { activity: 'Loaded for shipping' });
    expect(res.statusCode).toBe(403);
    const d = await codShipment({ deliveryStatus: 'Out for delivery' });
    const wrong = await send('POST', `/api/shipments/${d.trackingNumber}/deliveryStatus`, rider, {
      activity: 'Delivery failed',
      reason: 'Weather',
      receivedBy: 'Someone',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('receivedBy');
  });
});
