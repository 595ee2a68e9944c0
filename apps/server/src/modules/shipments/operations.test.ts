import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeTrackingNumber } from '@hatid/domain';
import { activityLogs, notifications, shipments, shipmentWeights } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { book } from '../../testing/shipments.js';
import { insertShipment } from './lists.fixtures.js';
import type { ShipmentRow } from './shipments.repository.js';

let t: TestApp;
let ana: Session;
let ben: Session;
let staff: Session;
let ssp: Session;
let admin: Session;
let rider: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [ana, ben, staff, ssp, admin, rider] = await Promise.all([
    signUpCustomer(t),
    signUpCustomer(t),
    signInAs(t, 'staff'),
    signInAs(t, 'ssp'),
    signInAs(t, 'admin'),
    signInAs(t, 'rider'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST';
const call = (method: Method, url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
const row = async (id: string) => (await t.database.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;
const cancelled = (ownerId: string) => insertShipment(t.database.db, { ownerId, status: 'Cancelled', cancellationReason: 'Changed my mind' });
const nobodys = () => makeTrackingNumber('next_day');

describe('GET and PUT /shipments/{id}', () => {
  it('finds a shipment by id or tracking number, 404 for an unknown one', async () => {
    const shipment = await book(t, ana);
    for (const key of [shipment.id, shipment.trackingNumber]) {
      expect((await call('GET', `/api/shipments/${key}`, staff)).json().data.id).toBe(shipment.id);
    }
    expect((await call('GET', `/api/shipments/${crypto.randomUUID()}`, staff)).statusCode).toBe(404);
    expect((await call('GET', `/api/shipments/${nobodys()}`, staff)).statusCode).toBe(404);
  });

  it('lets a customer change only the notes, only while the order is placed', async () => {
    const shipment = await book(t, ana);
    const url = `/api/shipments/${shipment.id}`;
    const ok = await call('PUT', url, ana, { notes: 'Call before pickup' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.notes).toBe('Call before pickup');
    expect((await call('PUT', url, ana, { pickupRiderId: rider.userId })).statusCode).toBe(403);
    expect((await call('PUT', url, ana, { outboundFeeInCents: 0 })).statusCode).toBe(403);
    expect((await call('PUT', url, ben, { notes: 'mine now' })).statusCode).toBe(404);
    expect((await call('PUT', url, ana, {})).statusCode).toBe(400);
    await call('POST', `/api/shipments/${shipment.trackingNumber}/deliveryStatus`, staff, { activity: 'On the way for pickup' });
    const late = await call('PUT', url, ana, { notes: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect((await row(shipment.id)).notes).toBe('Call before pickup');
  });

  it('lets staff assign riders, set the category, outbound fee and notes, and logs the change', async () => {
    const shipment = await book(t, ana);
    const res = await call('PUT', `/api/shipments/${shipment.trackingNumber}`, staff, {
      pickupRiderId: rider.userId,
      dropOffRiderId: rider.userId,
      deliveryCategory: 'sea',
      outboundFeeInCents: 4500,
      notes: 'Fragile',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ pickupRiderId: rider.userId, dropOffRiderId: rider.userId, outboundFeeInCents: 4500, notes: 'Fragile' });
    expect((await row(shipment.id)).deliveryCategory).toBe('sea');
    const [log] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Shipment'), eq(activityLogs.entityId, shipment.id)));
    expect(log).toMatchObject({ action: 'UPDATED', actorId: staff.userId, before: { pickupRiderId: null, outboundFeeInCents: 0 } });
    // Unassigning is a null.
    const cleared = await call('PUT', `/api/shipments/${shipment.id}`, staff, { dropOffRiderId: null });
    expect(cleared.json().data.dropOffRiderId).toBeNull();
    // ssp runs operations but holds neither rider-assignment ability nor manages money owed to partners.
    expect((await call('PUT', `/api/shipments/${shipment.id}`, ssp, { pickupRiderId: rider.userId })).statusCode).toBe(403);
    expect((await call('PUT', `/api/shipments/${shipment.id}`, ssp, { outboundFeeInCents: 1 })).statusCode).toBe(403);
    expect((await call('PUT', `/api/shipments/${shipment.id}`, ssp, { notes: 'Side door' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/shipments/${shipment.id}`, rider, { notes: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/shipments/${shipment.id}`, staff, { deliveryCategory: 'rocket' })).statusCode).toBe(400);
  });

  it('refuses changes to a cancelled shipment', async () => {
    const gone = await cancelled(ana.userId);
    const res = await call('PUT', `/api/shipments/${gone.id}`, staff, { notes: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This shipment is cancelled');
  });
});

describe('DELETE /shipments/{id} and weights', () => {
  it('lets only admins delete, only a cancelled shipment, and then it is gone from every lookup', async () => {
    const live = await book(t, ana);
    expect((await call('DELETE', `/api/shipments/${live.id}`, staff)).statusCode).toBe(403);
    const refused = await call('DELETE', `/api/shipments/${live.id}`, admin);
    expect(refused.statusCode).toBe(409);
    const cancel = await call('PUT', `/api/shipments/${live.id}/cancel`, ana, { reasonForCancellation: 'Changed my mind' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const deleted = await call('DELETE', `/api/shipments/${live.trackingNumber}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await row(live.id)).deletedAt).not.toBeNull();
    expect((await call('GET', `/api/shipments/${live.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/shipments/me?limit=100`, ana)).json().data.map((s: { id: string }) => s.id)).not.toContain(live.id);
    expect((await call('DELETE', `/api/shipments/${live.id}`, admin)).statusCode).toBe(404);
  });

  it('lists the weighings of a shipment newest first', async () => {
    const shipment = await book(t, ana);
    await t.database.db.insert(shipmentWeights).values([
      { shipmentId: shipment.id, weightInGrams: 1500, createdAt: new Date('2026-01-01T00:00:00Z') },
      { shipmentId: shipment.id, weightInGrams: 1620, lengthInCm: 30.5, widthInCm: 25.4, heightInCm: 12.7, note: 'Hub scale' },
    ]);
    const res = await call('GET', `/api/shipments/${shipment.trackingNumber}/weights`, ana);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((w: { weightInGrams: number }) => w.weightInGrams)).toEqual([1620, 1500]);
    expect(res.json().data[0]).toMatchObject({ lengthInCm: 30.5, note: 'Hub scale', volumetricWeightInGrams: null });
    expect((await call('GET', `/api/shipments/${shipment.id}/weights`, ben)).statusCode).toBe(404);
  });
});

describe('bulk delivery status', () => {
  it('moves each shipment on its own and reports each refusal with its 409 message', async () => {
    const [one, two] = [await book(t, ana), await book(t, ben)];
    const done = await insertShipment(t.database.db, { ownerId: ana.userId, deliveryStatus: 'Delivered', status: 'OnGoing' });
    const gone = await cancelled(ana.userId);
    const unknown = nobodys();
    // The message a single move gives for the same refusal.
    const single = await call('POST', `/api/shipments/${done.trackingNumber}/deliveryStatus`, staff, { activity: 'On the way for pickup' });
    expect(single.statusCode).toBe(409);

    const res = await call('PATCH', '/api/shipments/bulk-delivery-status', staff, {
      activity: 'On the way for pickup',
      trackingNumbers: [one.trackingNumber, done.trackingNumber, two.trackingNumber.toLowerCase(), gone.trackingNumber, unknown, one.trackingNumber],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      updated: [one.trackingNumber, two.trackingNumber],
      failed: [
        { trackingNumber: done.trackingNumber, message: single.json().message },
        { trackingNumber: gone.trackingNumber, message: 'This shipment is cancelled' },
        { trackingNumber: unknown, message: 'Shipment not found' },
      ],
    });
    expect((await row(one.id)).deliveryStatus).toBe('For pickup');
    expect((await row(two.id)).status).toBe('OnGoing');
    expect((await row(done.id)).deliveryStatus).toBe('Delivered');
    // Each success was announced: the sender got "courier on the way".
    const sent = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ben.userId), eq(notifications.type, 'courier_on_the_way')));
    expect(sent).toHaveLength(1);
  });

  it('reports shipments outside the caller scope as not found, and refuses customers outright', async () => {
    const theirs = await book(t, ben);
    const res = await call('PATCH', '/api/shipments/bulk-delivery-status', rider, {
      activity: 'On the way for pickup',
      trackingNumbers: [theirs.trackingNumber],
    });
    expect(res.json().data).toEqual({ updated: [], failed: [{ trackingNumber: theirs.trackingNumber, message: 'Shipment not found' }] });
    expect(
      (await call('PATCH', '/api/shipments/bulk-delivery-status', ana, { activity: 'On the way for pickup', trackingNumbers: [theirs.trackingNumber] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', '/api/shipments/bulk-delivery-status', staff, { activity: 'On the way for pickup', trackingNumbers: ['ND123'] })).statusCode,
    ).toBe(400);
  });
});

describe('payment status and outbound fee', () => {
  let paid: ShipmentRow | { id: string; trackingNumber: string };
  it('lets staff and ssp set the payment status of one shipment', async () => {
    paid = await book(t, ana);
    const res = await call('PUT', `/api/shipments/${paid.trackingNumber}/payment`, ssp, { paymentStatus: 'Partially Paid' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.paymentStatus).toBe('Partially Paid');
    expect((await call('PUT', `/api/shipments/${paid.trackingNumber}/payment`, staff, { paymentStatus: 'Paid' })).json().data.paymentStatus).toBe('Paid');
    for (const session of [ana, rider]) {
      expect((await call('PUT', `/api/shipments/${paid.trackingNumber}/payment`, session, { paymentStatus: 'Paid' })).statusCode).toBe(403);
    }
    expect((await call('PUT', `/api/shipments/${paid.trackingNumber}/payment`, staff, { paymentStatus: 'Refunded' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/shipments/${nobodys()}/payment`, staff, { paymentStatus: 'Paid' })).statusCode).toBe(404);
  });

  it('sets many payment statuses, reporting the ones it could not', async () => {
    const a = await book(t, ana);
    const gone = await cancelled(ana.userId);
    const res = await call('PATCH', '/api/shipments/bulk-payment-status', staff, {
      paymentStatus: 'Paid',
      trackingNumbers: [a.trackingNumber, gone.trackingNumber],
    });
    expect(res.json().data).toEqual({ updated: [a.trackingNumber], failed: [{ trackingNumber: gone.trackingNumber, message: 'This shipment is cancelled' }] });
    expect((await row(a.id)).paymentStatus).toBe('Paid');
    expect((await call('PATCH', '/api/shipments/bulk-payment-status', ana, { paymentStatus: 'Paid', trackingNumbers: [a.trackingNumber] })).statusCode).toBe(
      403,
    );
  });

  it('lets staff and admins set the outbound fee of many shipments', async () => {
    const [a, b] = [await book(t, ana), await book(t, ben)];
    const unknown = nobodys();
    const res = await call('PATCH', '/api/shipments/outbound-fee', staff, {
      trackingNumbers: [a.trackingNumber, b.trackingNumber, unknown],
      outboundFeeInCents: 7500,
    });
    expect(res.json().data).toEqual({ updated: [a.trackingNumber, b.trackingNumber], failed: [{ trackingNumber: unknown, message: 'Shipment not found' }] });
    expect((await row(b.id)).outboundFeeInCents).toBe(7500);
    expect((await call('PATCH', '/api/shipments/outbound-fee', admin, { trackingNumbers: [a.trackingNumber], outboundFeeInCents: 0 })).statusCode).toBe(200);
    expect((await row(a.id)).outboundFeeInCents).toBe(0);
    expect((await call('PATCH', '/api/shipments/outbound-fee', ssp, { trackingNumbers: [a.trackingNumber], outboundFeeInCents: 1 })).statusCode).toBe(403);
    expect((await call('PATCH', '/api/shipments/outbound-fee', staff, { trackingNumbers: [a.trackingNumber], outboundFeeInCents: -1 })).statusCode).toBe(400);
  });
});
