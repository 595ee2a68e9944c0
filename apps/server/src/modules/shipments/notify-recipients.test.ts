import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.js';
import type { AppEvent } from '../../platform/events/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { bookingInput, priceOf } from '../../testing/shipments.js';

/**
 * Issue 29 item 6: staff who book for a customer are not told "Your shipment … delivered". Notifications about a
 * shipment go to its customer (the person it was booked for); the booker's screens still get the live hint.
 */
let t: TestApp;
let staff: Session;
let ana: Session;
const published: AppEvent[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  t.app.events.subscribe((e) => published.push(e));
  staff = await signInAs(t, 'staff');
  ana = await createCustomer(t, 'Ana');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie: staff.cookie }, payload });
const kindsOf = async (userId: string) =>
  (await t.database.db.select({ type: notifications.type }).from(notifications).where(eq(notifications.userId, userId))).map((n) => n.type).sort();

describe('a shipment staff booked for a customer', () => {
  it('notifies the customer of each step, never the staff who booked it', async () => {
    const input = bookingInput();
    const booked = await call('POST', '/api/shipments', { ...input, ownerId: ana.userId, expectedTotalInCents: await priceOf(t, input) });
    expect(booked.statusCode, booked.body).toBe(201);
    const { trackingNumber } = booked.json().data as { trackingNumber: string };

    published.length = 0;
    for (const activity of ['On the way for pickup', 'Package picked up']) {
      const moved = await call('POST', `/api/shipments/${trackingNumber}/deliveryStatus`, { activity });
      expect(moved.statusCode, moved.body).toBe(200);
    }

    expect(await kindsOf(ana.userId)).toEqual(['courier_on_the_way', 'picked_up', 'shipment_booked']);
    expect(await kindsOf(staff.userId)).toEqual([]);
    // The live hint (ids and statuses only) still reaches the booker, so the page they booked from refreshes.
    expect(published.some((e) => e.type === 'DELIVERY_STATUS_UPDATED' && e.channels.includes(`user:${staff.userId}`))).toBe(true);
    expect(published.some((e) => e.type === 'NOTIFICATION_CREATED' && e.channels.includes(`user:${staff.userId}`))).toBe(false);
  });

  it('tells the customer, not the staff, when it is cancelled', async () => {
    const input = bookingInput();
    const booked = await call('POST', '/api/shipments', { ...input, ownerId: ana.userId, expectedTotalInCents: await priceOf(t, input) });
    const { id } = booked.json().data as { id: string };
    const res = await call('PUT', `/api/shipments/${id}/cancel`, { reasonForCancellation: 'Changed my mind' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kindsOf(ana.userId)).toContain('cancelled');
    expect(await kindsOf(staff.userId)).toEqual([]);
  });
});
