import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { assignRiders } from '../../testing/files.js';
import { book } from '../../testing/shipments.js';

let t: TestApp;
let owner: Session;
let stranger: Session;
let staff: Session;
let rider: Session;
let shipment: { id: string; trackingNumber: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpCustomer(t);
  stranger = await signUpCustomer(t);
  staff = await signInAs(t, 'staff');
  rider = await signInAs(t, 'rider');
  shipment = await book(t, owner);
  await assignRiders(t, shipment.id, { pickup: rider.userId });
});
afterAll(() => t.close());

const progress = (session: Session) =>
  t.app.inject({ method: 'GET', url: `/api/shipment-miles/progress/${shipment.trackingNumber}`, headers: { cookie: session.cookie } });
const note = (session: Session, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/shipment-miles/${shipment.trackingNumber}/create-note`, headers: { cookie: session.cookie }, payload });
const deliveryStatus = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/shipments/trackingNumber/${shipment.trackingNumber}`, headers: { cookie: staff.cookie } })).json().data
    .deliveryStatus;

describe('shipment miles', () => {
  it('shows three miles whose status follows the delivery status', async () => {
    const before = (await progress(owner)).json().data;
    expect(before.miles.map((m: { mile: string; status: string }) => [m.mile, m.status])).toEqual([
      ['first', 'pending'],
      ['mid', 'pending'],
      ['last', 'pending'],
    ]);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/shipments/${shipment.trackingNumber}/deliveryStatus`,
      headers: { cookie: staff.cookie },
      payload: { activity: 'On the way for pickup' },
    });
    expect(moved.statusCode).toBe(200);
    const after = (await progress(owner)).json().data;
    expect(after.miles[0]).toMatchObject({ mile: 'first', label: 'First mile', status: 'in_progress' });
    expect(after.miles.map((m: { id: string }) => m.id)).toEqual(before.miles.map((m: { id: string }) => m.id));
    expect((await progress(stranger)).statusCode).toBe(404);
  });

  it('lets operations write notes that never change the delivery status; customers do not see them', async () => {
    const status = await deliveryStatus();
    const created = await note(rider, { mile: 'first', note: 'Gate locked, called the sender' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ mile: 'first', note: 'Gate locked, called the sender', authorId: rider.userId });
    expect(await deliveryStatus()).toBe(status);
    expect((await progress(staff)).json().data.miles[0].notes).toHaveLength(1);
    expect((await progress(owner)).json().data.miles[0].notes).toEqual([]);

    expect((await note(owner, { mile: 'first', note: 'hello' })).statusCode).toBe(403);
    expect((await note(stranger, { mile: 'first', note: 'hello' })).statusCode).toBe(404);
    const long = await note(staff, { mile: 'mid', note: 'x'.repeat(1025) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0]).toEqual({ field: 'note', message: 'Text must be at most 1024 characters', reason: 'validation.max_text' });
    expect((await note(staff, { mile: 'mid', note: 'x'.repeat(1024) })).statusCode).toBe(201);
    expect((await note(staff, { mile: 'space', note: 'x' })).statusCode).toBe(400);
  });

  it('deletes a note for its author or staff only', async () => {
    const byStaff = (await note(staff, { mile: 'last', note: 'Receiver asked for afternoon delivery' })).json().data;
    const byRider = (await note(rider, { mile: 'first', note: 'Parcel heavier than declared' })).json().data;
    const del = (session: Session, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/shipment-miles/notes/${id}`, headers: { cookie: session.cookie } });
    expect((await del(rider, byStaff.id)).statusCode).toBe(403);
    expect((await del(owner, byRider.id)).statusCode).toBe(403);
    expect((await del(stranger, byRider.id)).statusCode).toBe(404);
    expect((await del(rider, byRider.id)).statusCode).toBe(200);
    expect((await del(staff, byStaff.id)).statusCode).toBe(200);
    expect((await del(staff, byStaff.id)).statusCode).toBe(404);
  });

  it('lets staff set the details of a mile', async () => {
    const first = (await progress(staff)).json().data.miles[0];
    const patch = (session: Session, payload: Record<string, unknown>, id = first.id) =>
      t.app.inject({ method: 'PATCH', url: `/api/shipment-miles/progress/${id}/update-details`, headers: { cookie: session.cookie }, payload });
    const res = await patch(staff, { courierReference: 'LBC-123', handledById: rider.userId, startedAt: '2026-03-02T01:00:00.000Z' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      courierReference: 'LBC-123',
      handledById: rider.userId,
      startedAt: '2026-03-02T01:00:00.000Z',
      status: 'in_progress',
    });
    expect((await patch(staff, { completedAt: '2026-03-01T01:00:00.000Z' })).statusCode).toBe(400);
    expect((await patch(staff, { courierId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await patch(staff, {})).statusCode).toBe(400);
    expect((await patch(rider, { courierReference: 'X' })).statusCode).toBe(403);
    expect((await patch(owner, { courierReference: 'X' })).statusCode).toBe(403);
    expect((await patch(stranger, { courierReference: 'X' })).statusCode).toBe(404);
    expect(await deliveryStatus()).toBe('For pickup');
  });
});
