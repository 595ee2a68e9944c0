import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { notifications, outboxEvents } from '../../db/schema/index.js';
import type { AppEvent } from '../../platform/events/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { bookingInput, priceOf } from '../../testing/shipments.js';

/**
 * A status move announces itself through the outbox (platform/outbox/after-commit.ts): the announcement is
 * written with the move, so a process that dies between the commit and the announcement loses nothing: the
 * worker delivers the hint and the notification later, exactly once.
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
const told = async (type: string) =>
  (
    await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.userId), eq(notifications.type, type)))
  ).length;
const hints = (activity: string) => published.filter((e) => e.type === 'DELIVERY_STATUS_UPDATED' && (e.payload as { activity?: string }).activity === activity);

describe('a status move whose announcement the request never ran (the process died after the commit)', () => {
  it('is announced by the outbox worker later, once: the live hint and the notification', async () => {
    const input = bookingInput();
    const booked = await call('POST', '/api/shipments', { ...input, ownerId: ana.userId, expectedTotalInCents: await priceOf(t, input) });
    expect(booked.statusCode, booked.body).toBe(201);
    const { trackingNumber } = booked.json().data as { trackingNumber: string };

    while ((await t.app.outbox.runOnce()) > 0); // the booking's push jobs: out of the way
    // The run right after the commit never happens.
    const runNow = vi.spyOn(t.app.outbox, 'runNow').mockRejectedValue(new Error('the process died after the commit'));
    const moved = await call('POST', `/api/shipments/${trackingNumber}/deliveryStatus`, { activity: 'On the way for pickup' });
    runNow.mockRestore();
    expect(moved.statusCode, moved.body).toBe(200);
    expect(hints('On the way for pickup')).toHaveLength(0);
    expect(await told('courier_on_the_way')).toBe(0);

    // The committed announcement waits in the outbox, held from the worker for the request that never ran it…
    const waiting = await t.database.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.topic, 'shipment.announce'), isNull(outboxEvents.processedAt)));
    expect(waiting).toHaveLength(1);
    expect(await t.app.outbox.runOnce()).toBe(0);

    // …until the hold is over (a restarted instance's worker finds it then).
    await t.database.db
      .update(outboxEvents)
      .set({ availableAt: new Date(0) })
      .where(eq(outboxEvents.id, waiting[0]!.id));
    while ((await t.app.outbox.runOnce()) > 0);
    expect(hints('On the way for pickup')).toHaveLength(1);
    expect(hints('On the way for pickup')[0]!.channels).toContain(`user:${ana.userId}`);
    expect(await told('courier_on_the_way')).toBe(1);

    // Exactly once: neither the worker nor a late request runs it again.
    expect(await t.app.outbox.runOnce()).toBe(0);
    expect(await t.app.outbox.runNow([waiting[0]!.id])).toBe(0);
    expect(hints('On the way for pickup')).toHaveLength(1);
    expect(await told('courier_on_the_way')).toBe(1);
  });

  it('is announced by the request itself, before its answer, when nothing goes wrong', async () => {
    const input = bookingInput();
    const booked = await call('POST', '/api/shipments', { ...input, ownerId: ana.userId, expectedTotalInCents: await priceOf(t, input) });
    const { trackingNumber } = booked.json().data as { trackingNumber: string };
    const before = await told('picked_up');
    await call('POST', `/api/shipments/${trackingNumber}/deliveryStatus`, { activity: 'On the way for pickup' });
    const moved = await call('POST', `/api/shipments/${trackingNumber}/deliveryStatus`, { activity: 'Package picked up' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(hints('Package picked up').filter((e) => (e.payload as { trackingNumber?: string }).trackingNumber === trackingNumber)).toHaveLength(1);
    expect(await told('picked_up')).toBe(before + 1);
    const left = await t.database.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.topic, 'shipment.announce'), isNull(outboxEvents.processedAt)));
    expect(left).toHaveLength(0);
  });
});
