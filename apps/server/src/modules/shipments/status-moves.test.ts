import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, shipmentActivities } from '../../db/schema/index.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { book } from '../../testing/shipments.js';

/**
 * A rider's phone time and repeated taps (issue 28 finding 6). The parallel taps mean something on real
 * PostgreSQL (TEST_DB=pg), where they run in parallel transactions; on PGlite they run one at a time.
 */
let t: TestApp;
let staff: Session;
let rider: Session;
let customer: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [staff, rider] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'rider')]);
  customer = await createCustomer(t, 'Tapper');
});
afterAll(async () => {
  await t?.close();
});

let keys = 0;
const move = (trackingNumber: string, body: object, key = `tap-${process.pid}-${++keys}`) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shipments/${trackingNumber}/deliveryStatus`,
    headers: { cookie: rider.cookie, 'idempotency-key': key },
    payload: body,
  });

/** A booking assigned to the demo rider for pickup and delivery. */
async function assigned() {
  const s = await book(t, customer);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/shipments/${s.id}`,
    headers: { cookie: staff.cookie },
    payload: { pickupRiderId: rider.userId, dropOffRiderId: rider.userId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return s;
}

const steps = async (shipmentId: string) =>
  (
    await t.database.db
      .select({ name: shipmentActivities.name, customStatusName: shipmentActivities.customStatusName })
      .from(shipmentActivities)
      .where(eq(shipmentActivities.shipmentId, shipmentId))
      .orderBy(asc(shipmentActivities.createdAt), asc(shipmentActivities.id))
  ).map((a) => a.customStatusName ?? a.name);

const moveLogs = async (shipmentId: string) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityId, shipmentId), eq(activityLogs.category, 'delivery_status')));

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

describe("a phone's time of a status move", () => {
  it('is refused when earlier than the booking or the last step, naming the field, and changes nothing', async () => {
    const s = await assigned();
    // The audit's pickup dated 29 days before the booking.
    const early = await move(s.trackingNumber, { activity: 'On the way for pickup', occurredAt: minutes(-29 * 24 * 60) });
    expect(early.statusCode).toBe(400);
    expect(early.json().details).toEqual([
      {
        field: 'occurredAt',
        message: expect.stringMatching(/^must not be earlier than the shipment's last step \("Order placed", \d{4}-\d\d-\d\d \d\d:\d\d Manila time\)/),
      },
    ]);
    expect(await steps(s.id)).toEqual(['Order placed']);

    expect((await move(s.trackingNumber, { activity: 'On the way for pickup' })).statusCode).toBe(200);
    const beforeIt = await move(s.trackingNumber, { activity: 'Package picked up', occurredAt: minutes(-60) });
    expect(beforeIt.statusCode).toBe(400);
    expect(beforeIt.json().details[0]).toMatchObject({ field: 'occurredAt', message: expect.stringContaining('"On the way for pickup"') });
    expect(await steps(s.id)).toEqual(['Order placed', 'On the way for pickup']);
    expect(await moveLogs(s.id)).toHaveLength(1);

    // A phone a minute behind the server's clock is within the allowance; after it, a later step is fine.
    const slow = await move(s.trackingNumber, { activity: 'Package picked up', occurredAt: minutes(-1) });
    expect(slow.statusCode, slow.body).toBe(200);
    expect(slow.json().data.deliveryStatus).toBe('Picked up');
  });

  it('is refused when in the future beyond a few minutes of clock drift', async () => {
    const s = await assigned();
    const ahead = await move(s.trackingNumber, { activity: 'On the way for pickup', occurredAt: minutes(60) });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().details[0]).toMatchObject({ field: 'occurredAt', message: expect.stringContaining('in the future') });
    expect((await move(s.trackingNumber, { activity: 'On the way for pickup', occurredAt: minutes(2) })).statusCode).toBe(200);
  });

  it('of a custom status may come after other steps but not before the booking', async () => {
    const s = await assigned();
    expect((await move(s.trackingNumber, { activity: 'On the way for pickup' })).statusCode).toBe(200);
    // Written on the phone without signal before the move above reached the server.
    const note = await move(s.trackingNumber, { activity: 'Custom', customStatusName: 'Gate locked, called sender', occurredAt: minutes(-4) });
    expect(note.statusCode, note.body).toBe(200);
    const old = await move(s.trackingNumber, { activity: 'Custom', customStatusName: 'Gate locked', occurredAt: minutes(-3 * 24 * 60) });
    expect(old.statusCode).toBe(400);
    expect(old.json().details[0]).toMatchObject({ field: 'occurredAt', message: expect.stringContaining('the booking') });
  });
});

describe('a status the shipment already has', () => {
  it('three taps with three keys record one step; the others hear 409 ALREADY_DONE; a custom status may repeat', async () => {
    const s = await assigned();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await move(s.trackingNumber, { activity: 'On the way for pickup' }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 409, 409]);
    expect(answers[1]!.json()).toMatchObject({
      code: 'ALREADY_DONE',
      message: 'This shipment\'s last step is already "On the way for pickup" (For pickup): it is not recorded again',
    });
    // By its short label too.
    expect((await move(s.trackingNumber, { activity: 'For pickup' })).json().code).toBe('ALREADY_DONE');
    expect(await steps(s.id)).toEqual(['Order placed', 'On the way for pickup']);
    expect(await moveLogs(s.id)).toHaveLength(1);

    // The next step, and custom statuses, as often as needed.
    expect((await move(s.trackingNumber, { activity: 'Package picked up' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await move(s.trackingNumber, { activity: 'Custom', customStatusName: 'Sender asked to wait' })).statusCode).toBe(200);
    expect(await steps(s.id)).toEqual(['Order placed', 'On the way for pickup', 'Package picked up', 'Sender asked to wait', 'Sender asked to wait']);
  });

  it('a retry with the same Idempotency-Key still answers the original success', async () => {
    const s = await assigned();
    const first = await move(s.trackingNumber, { activity: 'On the way for pickup' }, 'same-tap-0001');
    const again = await move(s.trackingNumber, { activity: 'On the way for pickup' }, 'same-tap-0001');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await steps(s.id)).toEqual(['Order placed', 'On the way for pickup']);
  });

  it('five different taps at once record one step (the shipment row is locked for the move)', async () => {
    const s = await assigned();
    const answers = await Promise.all(Array.from({ length: 5 }, () => move(s.trackingNumber, { activity: 'On the way for pickup' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('ALREADY_DONE');
    expect(await steps(s.id)).toEqual(['Order placed', 'On the way for pickup']);
    expect(await moveLogs(s.id)).toHaveLength(1);

    const delivered = await Promise.all(Array.from({ length: 3 }, () => move(s.trackingNumber, { activity: 'Package picked up' })));
    expect(delivered.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await steps(s.id)).toEqual(['Order placed', 'On the way for pickup', 'Package picked up']);
  });
});
