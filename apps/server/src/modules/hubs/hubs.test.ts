import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, hubs, shipments } from '../../db/schema/index.js';
import { DEMO_HUBS } from '../../seed/hubs.js';
import { COVERED_PROVINCES } from '../../seed/covered-provinces.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { pdfText } from '../../testing/pdf-tools.js';
import { bookingInput, place, priceOf } from '../../testing/shipments.js';
import { METRO_MANILA_CODE } from '../../platform/psgc/index.js';

let t: TestApp;
let staff: Session;
let customer: Session;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, session?: Session | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session ? { cookie: session.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const hubsOf = async (provinceCode: string, session?: Session) =>
  (await call('GET', `/api/hubs?provinceCode=${provinceCode}`, session)).json().data as { id: string; name: string; isActive: boolean; mapUrl: string }[];
const CEBU = () => place('Cebu', 'Cebu City').provinceCode;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signInAs(t, 'staff');
  customer = await createCustomer(t, 'Rosa');
});
afterAll(async () => {
  await t?.close();
});

describe('the hub list', () => {
  it('seeds at least one hub in every covered province, each with a map link', async () => {
    for (const province of COVERED_PROVINCES) {
      expect(
        DEMO_HUBS.some((h) => h.provinceCode === province.provinceCode),
        province.name,
      ).toBe(true);
    }
    const manila = await hubsOf(METRO_MANILA_CODE);
    expect(manila.length).toBeGreaterThanOrEqual(2);
    expect(manila[0]).toMatchObject({
      provinceName: 'Metro Manila',
      isActive: true,
      mapUrl: expect.stringMatching(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=14\.\d+,121\.\d+$/),
    });
  });

  it('lets staff add, change and deactivate a hub (logged); a deactivated hub leaves the public list', async () => {
    const body = {
      name: 'Hatid Lapu-Lapu Hub',
      provinceCode: CEBU(),
      address: '3 M. L. Quezon Highway, Lapu-Lapu City',
      openingHours: 'Mon–Sat, 8:00 AM – 6:00 PM',
      latitude: 10.31,
      longitude: 123.95,
    };
    expect((await call('POST', '/api/hubs', customer, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/hubs', null, body)).statusCode).toBe(401);
    const created = await call('POST', '/api/hubs', staff, body);
    expect(created.statusCode, created.body).toBe(201);
    const hub = created.json().data as { id: string };
    expect((await hubsOf(CEBU())).map((h) => h.name)).toContain('Hatid Lapu-Lapu Hub');

    const bad = await call('POST', '/api/hubs', staff, { ...body, latitude: 40 });
    expect(bad.statusCode).toBe(400);
    expect((await call('PATCH', `/api/hubs/${hub.id}`, customer, { isActive: false })).statusCode).toBe(403);

    const changed = await call('PATCH', `/api/hubs/${hub.id}`, staff, { openingHours: 'Daily, 7:00 AM – 9:00 PM' });
    expect(changed.json().data).toMatchObject({ openingHours: 'Daily, 7:00 AM – 9:00 PM', isActive: true });
    const off = await call('PATCH', `/api/hubs/${hub.id}`, staff, { isActive: false });
    expect(off.json().data.isActive).toBe(false);
    expect((await hubsOf(CEBU())).map((h) => h.id)).not.toContain(hub.id);
    // Staff still see it (to switch it back on); a customer asking for the inactive ones gets the active list.
    const all = (await call('GET', `/api/hubs?provinceCode=${CEBU()}&includeInactive=true`, staff)).json().data as { id: string }[];
    expect(all.map((h) => h.id)).toContain(hub.id);
    const customers = (await call('GET', `/api/hubs?provinceCode=${CEBU()}&includeInactive=true`, customer)).json().data as { id: string }[];
    expect(customers.map((h) => h.id)).not.toContain(hub.id);

    const logs = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, hub.id)).orderBy(activityLogs.createdAt);
    expect(logs.map((l) => l.action)).toEqual(['CREATED', 'UPDATED', 'DEACTIVATED']);
    expect(logs.every((l) => l.category === 'hubs' && l.actorId === staff.userId)).toBe(true);
  });
});

describe('Drop Off bookings', () => {
  const dropOff = async (dropOffHubId: string | undefined) => {
    const input = bookingInput({ shipmentType: 'Drop Off', ...(dropOffHubId ? { dropOffHubId } : {}) });
    return call('POST', '/api/shipments/customer', customer, { ...input, expectedTotalInCents: await priceOf(t, input, customer.cookie) });
  };

  it('records the hub, schedules no pickup, and prints where to bring the parcel on the waybill', async () => {
    const [hub] = await hubsOf(METRO_MANILA_CODE);
    const res = await dropOff(hub!.id);
    expect(res.statusCode, res.body).toBe(201);
    const shipment = res.json().data;
    expect(shipment).toMatchObject({ shipmentType: 'Drop Off', pickupDate: null, dropOffHub: { id: hub!.id, name: hub!.name } });
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row!.dropOffHubId).toBe(hub!.id);

    const fetched = await call('GET', `/api/shipments/trackingNumber/${shipment.trackingNumber}`, customer);
    expect(fetched.json().data.dropOffHub).toMatchObject({ name: hub!.name, mapUrl: hub!.mapUrl });

    // The PDF and the HTML label print the same lines (platform/waybill/label.ts).
    const pdf = await call('GET', `/api/shipments/air-waybill/${shipment.trackingNumber}`, customer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf.rawPayload, 'drop-off')).replace(/\s+/g, ' ');
    expect(text).toContain(`Drop off at ${hub!.name}`);
    const html = await call('GET', `/api/shipments/air-waybill/${shipment.trackingNumber}/html`, customer);
    expect(html.body).toContain(`Drop off at ${hub!.name}`);
    expect(html.body).toMatch(/<span>Drop off<\/span><b class="ellipsis">[^<]*Hub<\/b>/);
  });

  it('refuses a Drop Off without a hub, with a hub of another province, or with a closed hub', async () => {
    const missing = await dropOff(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({ field: 'dropOffHubId', message: 'Choose the hub where you will drop off the parcel' });

    const [cebuHub] = await hubsOf(CEBU());
    const elsewhere = await dropOff(cebuHub!.id);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().details[0]).toMatchObject({ field: 'dropOffHubId', message: expect.stringContaining("sender's province") });

    const [closed] = await t.database.db
      .insert(hubs)
      .values({
        name: 'Closed Hub',
        provinceCode: METRO_MANILA_CODE,
        address: '1 Closed St',
        openingHours: 'Closed',
        latitude: 14.5,
        longitude: 121,
        isActive: false,
      })
      .returning();
    expect((await dropOff(closed!.id)).statusCode).toBe(422);
  });
});
