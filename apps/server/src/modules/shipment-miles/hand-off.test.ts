import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { place } from '../../testing/shipments.js';
import { insertShipment, servePartnerProvince } from '../shipments/lists.fixtures.js';

let t: TestApp;
let staff: Session;
let partner: Session;
let customer: Session;
let courier: { id: string; name: string };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, session: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await buildTestApp();
  [staff, partner] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'service_partner')]);
  customer = await createCustomer(t, 'Sender');
  await servePartnerProvince(t.database.db, place('Iloilo', 'Iloilo City').provinceCode, partner.userId);
  courier = (await call('POST', '/api/couriers', staff, { name: 'Panay Last Mile', type: 'partner', category: 'last_mile' })).json().data;
});
afterAll(async () => {
  await t?.close();
});

describe('a partner hands a shipment to a courier', () => {
  it('records the courier on the mile and a note; the delivery status does not move', async () => {
    const shipment = await insertShipment(t.database.db, {
      ownerId: customer.userId,
      to: place('Iloilo', 'Iloilo City'),
      deliveryStatus: 'Dest. hub',
      status: 'OnGoing',
    });
    const res = await call('POST', `/api/shipment-miles/${shipment.trackingNumber}/hand-off`, partner, {
      courierId: courier.id,
      courierReference: 'PLM-7781',
      note: 'Rider Jun, plate ABC 1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ mile: 'last', courierId: courier.id, courierReference: 'PLM-7781' });
    expect(res.json().data.startedAt).not.toBeNull();
    const progress = (await call('GET', `/api/shipment-miles/progress/${shipment.trackingNumber}`, staff)).json().data;
    const last = progress.miles.find((m: { mile: string }) => m.mile === 'last');
    expect(last.notes).toHaveLength(1);
    expect(last.notes[0].note).toMatch(/^Handed to Panay Last Mile \(reference PLM-7781\) by .+: Rider Jun, plate ABC 1234$/);
    expect(progress.deliveryStatus).toBe('Dest. hub');
  });

  it("refuses shipments outside the partner's provinces (404), customers (403), and inactive couriers (422)", async () => {
    const elsewhere = await insertShipment(t.database.db, { ownerId: customer.userId, deliveryStatus: 'Dest. hub', status: 'OnGoing' });
    expect((await call('POST', `/api/shipment-miles/${elsewhere.trackingNumber}/hand-off`, partner, { courierId: courier.id })).statusCode).toBe(404);
    expect((await call('POST', `/api/shipment-miles/${elsewhere.trackingNumber}/hand-off`, customer, { courierId: courier.id })).statusCode).toBe(403);
    const off = (await call('POST', '/api/couriers', staff, { name: 'Retired Trucking', type: 'carrier', category: 'land' })).json().data;
    await call('PATCH', `/api/couriers/${off.id}/deactivate`, staff);
    const refused = await call('POST', `/api/shipment-miles/${elsewhere.trackingNumber}/hand-off`, staff, { courierId: off.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([{ field: 'courierId', message: 'Choose an active courier from the list' }]);
    const bad = await call('POST', `/api/shipment-miles/${elsewhere.trackingNumber}/hand-off`, staff, { courierId: 'x', mile: 'fourth' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['courierId', 'mile']);
  });
});
