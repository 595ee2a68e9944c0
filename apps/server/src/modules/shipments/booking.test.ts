import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { isValidTrackingNumber, schedulePickup } from '@hatid/domain';
import { shipments } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { book, bookingInput, place, priceOf } from '../../testing/shipments.js';

let t: TestApp;
let ana: Session;
let ben: Session;
beforeAll(async () => {
  t = await buildTestApp();
  ana = await signUpCustomer(t);
  ben = await signUpCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

async function countShipmentsOf(userId: string) {
  const [row] = await t.database.db.select({ n: count() }).from(shipments).where(eq(shipments.ownerId, userId));
  return row!.n;
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, session?: Session, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(session ? { cookie: session.cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('booking', () => {
  it('books a Next Day box paid by the recipient in cash, priced by the server, with an S10 number', async () => {
    const shipment = await book(t, ana);
    expect(isValidTrackingNumber(shipment.trackingNumber)).toBe(true);
    expect(shipment.trackingNumber).toMatch(/^ND\d{9}PH$/);
    const detail = (await inject('GET', `/api/shipments/trackingNumber/${shipment.trackingNumber}`, ana)).json().data;
    expect(detail).toMatchObject({
      status: 'Pending',
      deliveryStatus: 'Order placed',
      headline: 'Shipment order placed',
      paymentMethod: 'cash',
      paidBy: 'recipient',
      packagesTotalInCents: 22000,
      insuranceFeeInCents: 1000,
      totalInCents: 23000,
      codAmountInCents: 23000,
      senderAddress: { cityLabel: 'Makati City', provinceName: 'Metro Manila' },
      receiverAddress: { cityLabel: 'Cebu City', provinceName: 'Cebu' },
    });
    expect(detail.pickupDate).toBe(schedulePickup(new Date(detail.createdAt), 'next_day').date);
    expect(detail.packages).toEqual([expect.objectContaining({ boxName: 'Small Box', quantity: 1, itemCategory: 'Books' })]);
  });

  it('refuses a stale or tampered total and books nothing', async () => {
    const input = bookingInput();
    const before = await countShipmentsOf(ana.userId);
    const res = await inject('POST', '/api/shipments/customer', ana, { ...input, expectedTotalInCents: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([
      { field: 'expectedTotalInCents', message: 'The price is now ₱230.00. Please review the new total and confirm again.' },
    ]);
    expect(await countShipmentsOf(ana.userId)).toBe(before);
  });

  it('refuses a box heavier than its limit, naming the field, the box and the alternative', async () => {
    const input = bookingInput({ packages: [{ boxName: 'Small Box', quantity: 1, weightInGrams: 4000, itemCategory: 'Books' }] });
    const res = await inject('POST', '/api/shipments/customer', ana, { ...input, expectedTotalInCents: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('packages.0.weightInGrams');
    expect(res.json().details[0].message).toMatch(/Small Box.*3 kg.*Your Box/);
  });

  it('refuses an address outside the provinces we serve', async () => {
    const abra = { provinceCode: '1400100000', cityCode: '1400101000', barangayCode: '1400101001' };
    const input = bookingInput({ receiver: { name: 'Ben Reyes', mobileNumber: '09181234567', streetName: 'x', ...abra } });
    const res = await inject('POST', '/api/shipments/customer', ana, { ...input, expectedTotalInCents: 23000 });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'receiver.provinceCode', message: 'We do not deliver to this province yet' }]);
  });

  it('Intra-City stays inside one metro', async () => {
    const input = bookingInput({ deliveryType: 'intra_city' });
    const res = await inject('POST', '/api/shipments/customer', ana, { ...input, expectedTotalInCents: await priceOf(t, input) });
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0]).toEqual({ field: 'deliveryType', message: 'Intra-City delivers within Metro Manila only' });
    const local = bookingInput({
      deliveryType: 'intra_city',
      receiver: { name: 'Ben Reyes', mobileNumber: '09181234567', streetName: '1 Aurora Blvd', ...place('Metro Manila', 'Quezon City') },
    });
    expect((await book(t, ana, local)).trackingNumber).toMatch(/^IC/);
  });

  it('books from saved addresses of my own, never of somebody else', async () => {
    const saved = await inject('POST', '/api/addresses/new-address', ben, {
      name: 'Ben Reyes',
      mobileNumber: '09181234567',
      streetName: '9 Mango Ave',
      ...place('Cebu', 'Cebu City'),
    });
    const addressId = saved.json().data.id;
    const mine = await book(t, ben, { receiver: { addressId } });
    expect(mine.trackingNumber).toBeTruthy();
    const input = bookingInput({ receiver: { addressId } });
    const theirs = await inject('POST', '/api/shipments/customer', ana, { ...input, expectedTotalInCents: 23000 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().details).toEqual([{ field: 'receiver.addressId', message: 'This saved address was not found' }]);
  });

  it('an Idempotency-Key makes a double-submitted booking one shipment', async () => {
    const input = bookingInput();
    const payload = { ...input, expectedTotalInCents: await priceOf(t, input) };
    const headers = { 'idempotency-key': 'booking-key-0001' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => inject('POST', '/api/shipments/customer', ben, payload, headers)));
    const numbers = new Set(answers.map((a) => a.json().data.trackingNumber));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(numbers.size).toBe(1);
    const reused = await inject('POST', '/api/shipments/customer', ben, { ...payload, notes: 'different' }, headers);
    expect(reused.statusCode).toBe(422);
  });
});

describe('scope', () => {
  it('another customer gets 404 for my shipment, by tracking number and by id', async () => {
    const shipment = await book(t, ana);
    expect((await inject('GET', `/api/shipments/trackingNumber/${shipment.trackingNumber}`, ben)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/shipments/${shipment.id}/cancel`, ben, { reasonForCancellation: 'Changed my mind' })).statusCode).toBe(404);
    expect((await inject('GET', `/api/shipments/${shipment.trackingNumber}/activities`, ben)).statusCode).toBe(404);
  });

  it('public tracking shows statuses and cities, and no names, numbers or streets', async () => {
    const shipment = await book(t, ana);
    const res = await inject('GET', `/api/shipments/track/${shipment.trackingNumber}`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(res.json().data).toMatchObject({
      deliveryStatus: 'Order placed',
      origin: { cityLabel: 'Makati City' },
      destination: { cityLabel: 'Cebu City', provinceName: 'Cebu' },
    });
    for (const secret of ['Ana Cruz', 'Ben Reyes', '9171234567', '9181234567', 'Sampaguita', 'Colon']) expect(body).not.toContain(secret);
  });

  it('public tracking finds a number typed with spaces, hyphens or in lower case (issue 29, item 7)', async () => {
    const shipment = await book(t, ana);
    const n = shipment.trackingNumber;
    for (const typed of [`${n.slice(0, 2)} ${n.slice(2, 11)} ${n.slice(11)}`, `${n.slice(0, 6)}-${n.slice(6, 10)}-${n.slice(10)}`, n.toLowerCase()]) {
      const res = await inject('GET', `/api/shipments/track/${encodeURIComponent(typed)}`);
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({ trackingNumber: n, deliveryStatus: 'Order placed' });
    }
    // The console's shipment page takes the spaced number too.
    expect((await inject('GET', `/api/shipments/trackingNumber/${encodeURIComponent(`${n.slice(0, 2)} ${n.slice(2)}`)}`, ana)).statusCode).toBe(200);
  });

  it('public tracking catches a typo before looking anything up', async () => {
    const shipment = await book(t, ana);
    const digits = shipment.trackingNumber.slice(2, 10);
    const typo = `${shipment.trackingNumber.slice(0, 2)}${digits.slice(0, 7)}${(Number(digits[7]) + 1) % 10}${shipment.trackingNumber.slice(10)}`;
    const res = await inject('GET', `/api/shipments/track/${typo}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].message).toBe('Check the tracking number: it has a typo');
  });
});

describe('status life cycle', () => {
  it('moves along the allowed moves only, with 409 naming both statuses otherwise', async () => {
    const staff = await signInAs(t, 'staff');
    const shipment = await book(t, ana);
    const move = (activity: string, extra: object = {}) =>
      inject('POST', `/api/shipments/${shipment.trackingNumber}/deliveryStatus`, staff, { activity, ...extra });
    const skip = await move('Delivered');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('Cannot move a shipment from "Order placed" to "Delivered"');
    expect((await move('On the way for pickup')).json().data).toMatchObject({
      status: 'OnGoing',
      deliveryStatus: 'For pickup',
      headline: 'Courier is on the way for pick up',
    });
    expect((await move('Pick up failed')).statusCode).toBe(400);
    expect((await move('Pick up failed', { reason: 'Sender unavailable' })).json().data.deliveryStatus).toBe('For pickup');
    expect((await move('Package picked up')).json().data).toMatchObject({ deliveryStatus: 'Picked up', headline: 'Shipment is on the way' });
    expect((await move('Custom', { customStatusName: 'Sorted at Pasay hub' })).json().data.deliveryStatus).toBe('Picked up');
    // A customer can no longer cancel after pickup.
    const cancel = await inject('PUT', `/api/shipments/${shipment.id}/cancel`, ana, { reasonForCancellation: 'Changed my mind' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('A shipment can be cancelled only before it is picked up');
    const timeline = (await inject('GET', `/api/shipments/${shipment.trackingNumber}/tracking-updates`, ana)).json().data;
    expect(timeline.map((a: { name: string; customStatusName: string | null }) => a.customStatusName ?? a.name)).toEqual([
      'Sorted at Pasay hub',
      'Package picked up',
      'Pick up failed',
      'On the way for pickup',
      'Order placed',
    ]);
  });

  it('a customer cannot move a status', async () => {
    const shipment = await book(t, ana);
    const res = await inject('POST', `/api/shipments/${shipment.trackingNumber}/deliveryStatus`, ana, { activity: 'On the way for pickup' });
    expect(res.statusCode).toBe(403);
  });

  it('a customer cancels before pickup with "Other" and a reason; staff may cancel later', async () => {
    const shipment = await book(t, ana);
    const noReason = await inject('PUT', `/api/shipments/${shipment.id}/cancel`, ana, { reasonForCancellation: 'Other (please specify)' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([{ field: 'note', message: 'Please tell us why you are cancelling' }]);
    const ok = await inject('PUT', `/api/shipments/${shipment.id}/cancel`, ana, { reasonForCancellation: 'Other (please specify)', note: 'Sent it by hand' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'Cancelled',
      reasonForCancellation: 'Other (please specify)',
      cancellationNote: 'Sent it by hand',
      headline: 'Shipment order cancelled',
    });
    // What the customer reads carries their own words, never the form's prompt.
    const timeline = (await inject('GET', `/api/shipments/${shipment.trackingNumber}/tracking-updates`, ana)).json().data;
    expect(timeline.find((a: { name: string }) => a.name === 'Order cancelled')).toMatchObject({ note: 'Sent it by hand' });
    const notes = (await inject('GET', '/api/notifications/me', ana)).json().data as { title: string; message: string }[];
    const cancelledNote = notes.find((n) => n.title === 'Shipment cancelled' && n.message.includes(shipment.trackingNumber));
    expect(cancelledNote?.message).toBe(`Your shipment ${shipment.trackingNumber} has been cancelled (Sent it by hand).`);
    const again = await inject('PUT', `/api/shipments/${shipment.id}/cancel`, ana, { reasonForCancellation: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
  });
});

describe('book again and timeline visibility', () => {
  it('books a copy of my shipment with the same parties and packages, priced anew', async () => {
    const original = await book(t, ana, {
      packages: [
        { boxName: 'Medium Box', quantity: 2, weightInGrams: 4000, itemCategory: 'Toys & Games' },
        { boxName: 'Your Box', quantity: 1, weightInGrams: 6000, lengthInCm: 40, widthInCm: 30, heightInCm: 30, itemCategory: 'Electronics' },
      ],
    });
    const res = await inject('POST', '/api/shipments/duplicate', ana, { trackingNumber: original.trackingNumber, expectedTotalInCents: original.totalInCents });
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(copy.trackingNumber).not.toBe(original.trackingNumber);
    expect(copy.totalInCents).toBe(original.totalInCents);
    expect(copy.packages.map((p: { boxName: string; quantity: number }) => [p.boxName, p.quantity])).toEqual([
      ['Medium Box', 2],
      ['Your Box', 1],
    ]);
    expect(copy.receiverAddress.cityLabel).toBe('Cebu City');
    // Somebody else cannot copy it.
    const theirs = await inject('POST', '/api/shipments/duplicate', ben, {
      trackingNumber: original.trackingNumber,
      expectedTotalInCents: original.totalInCents,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('staff hide an activity from the customer timeline and show it again; the record keeps it', async () => {
    const staff = await signInAs(t, 'staff');
    const shipment = await book(t, ana);
    await inject('POST', `/api/shipments/${shipment.trackingNumber}/deliveryStatus`, staff, { activity: 'Custom', customStatusName: 'Label reprinted' });
    const all = (await inject('GET', `/api/shipments/${shipment.trackingNumber}/activities`, staff)).json().data;
    const custom = all.find((a: { customStatusName: string | null }) => a.customStatusName === 'Label reprinted');
    const url = `/api/shipments/${shipment.trackingNumber}/activities/${custom.id}/hide-from-timeline`;
    expect((await t.app.inject({ method: 'PATCH', url, headers: { cookie: ana.cookie }, payload: { hideFromTimeline: true } })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PATCH', url, headers: { cookie: staff.cookie }, payload: { hideFromTimeline: true } })).json().data.hideFromTimeline,
    ).toBe(true);
    const timeline = (await inject('GET', `/api/shipments/${shipment.trackingNumber}/tracking-updates`, ana)).json().data;
    expect(timeline.map((a: { name: string }) => a.name)).toEqual(['Order placed']);
    const publicView = (await inject('GET', `/api/shipments/track/${shipment.trackingNumber}`)).json().data;
    expect(publicView.timeline).toHaveLength(1);
    await t.app.inject({ method: 'PATCH', url, headers: { cookie: staff.cookie }, payload: { hideFromTimeline: false } });
    expect((await inject('GET', `/api/shipments/${shipment.trackingNumber}/tracking-updates`, ana)).json().data).toHaveLength(2);
  });
});
