import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, coveredProvinces } from '../../db/schema/index.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { place } from '../../testing/shipments.js';
import { createUserWithRoles } from '../users/index.js';
import { CEBU_CITY, insertShipment, MAKATI, SAN_FERNANDO } from '../shipments/lists.fixtures.js';

let t: TestApp;
let admin: Session;
let staff: Session;
let ssp: Session;
let partner: Session;
let customer: Session;
let otherPartnerId: string;

const CANCELLED = { status: 'Cancelled', cancelledAt: new Date(), cancellationReason: 'Changed my mind' } as const;
const PAMPANGA = () => SAN_FERNANDO().provinceCode;
const BATANGAS = () => place('Batangas', 'Batangas City').provinceCode;
const ILOILO = () => place('Iloilo', 'Iloilo City').provinceCode;

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, session?: Session | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session ? { cookie: session.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const setProvinces = (id: string, provinceCodes: string[], session = admin) => call('PUT', `/api/partners/${id}/provinces`, session, { provinceCodes });

beforeAll(async () => {
  t = await buildTestApp();
  [admin, staff, ssp, partner] = await Promise.all([signInAs(t, 'admin'), signInAs(t, 'staff'), signInAs(t, 'ssp'), signInAs(t, 'service_partner')]);
  customer = await createCustomer(t, 'Rosa');
  otherPartnerId = await createUserWithRoles(t.database.db, {
    email: 'luzon-partner@hatid.test',
    firstName: 'Luzon',
    lastName: 'Couriers',
    roles: ['service_partner'],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('assigning provinces', () => {
  it('lets admins set the provinces a partner serves, logged with before and after', async () => {
    const res = await setProvinces(partner.userId, [PAMPANGA(), BATANGAS()]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.provinces.map((p: { name: string }) => p.name)).toEqual(['Batangas', 'Pampanga']);
    const again = await setProvinces(partner.userId, [PAMPANGA()]);
    expect(again.json().data.provinces).toEqual([
      expect.objectContaining({ provinceCode: PAMPANGA(), name: 'Pampanga', retrievalFeeInCents: expect.any(Number) }),
    ]);
    const [batangas] = await t.database.db.select().from(coveredProvinces).where(eq(coveredProvinces.provinceCode, BATANGAS()));
    expect(batangas).toMatchObject({ partnerId: null, partnerStatus: 'partner' });

    const logs = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Partner'), eq(activityLogs.entityId, partner.userId)))
      .orderBy(activityLogs.createdAt);
    expect(logs.map((l) => [l.before, l.after, l.actorId, l.category])).toEqual([
      [{ provinceCodes: [] }, { provinceCodes: [BATANGAS(), PAMPANGA()].sort() }, admin.userId, 'partners'],
      [{ provinceCodes: [BATANGAS(), PAMPANGA()].sort() }, { provinceCodes: [PAMPANGA()] }, admin.userId, 'partners'],
    ]);
    // The same list again changes nothing and logs nothing.
    await setProvinces(partner.userId, [PAMPANGA()]);
    expect(await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, partner.userId))).toHaveLength(2);
  });

  it('refuses provinces we do not serve, another partner’s, non-partners and non-admins', async () => {
    const taken = await setProvinces(otherPartnerId, [ILOILO(), PAMPANGA()]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0]).toEqual({ field: 'provinceCodes.1', message: 'Pampanga is served by another partner; take it from them first' });
    const palawan = place('Palawan', 'Puerto Princesa City').provinceCode;
    const uncovered = await setProvinces(otherPartnerId, [palawan]);
    expect(uncovered.statusCode).toBe(422);
    expect(uncovered.json().details[0].field).toBe('provinceCodes.0');
    expect((await setProvinces(otherPartnerId, [ILOILO(), ILOILO()])).statusCode).toBe(400);
    expect((await setProvinces(otherPartnerId, ['Iloilo'])).statusCode).toBe(400);
    expect((await setProvinces(customer.userId, [ILOILO()])).statusCode).toBe(404);
    for (const who of [staff, ssp, partner]) expect((await setProvinces(otherPartnerId, [ILOILO()], who)).statusCode).toBe(403);
    expect((await setProvinces(otherPartnerId, [ILOILO()])).statusCode).toBe(200);
  });
});

describe('reading partners', () => {
  beforeAll(async () => {
    const db = t.database.db;
    await setProvinces(partner.userId, [PAMPANGA()]);
    await setProvinces(otherPartnerId, [ILOILO()]);
    const iloilo = place('Iloilo', 'Iloilo City');
    // From Pampanga to Iloilo: both partners'. Within Pampanga: counted once for its partner.
    await insertShipment(db, { ownerId: customer.userId, from: SAN_FERNANDO(), to: iloilo });
    await insertShipment(db, { ownerId: customer.userId, from: SAN_FERNANDO(), to: SAN_FERNANDO(), deliveryStatus: 'Delivered', status: 'OnGoing' });
    await insertShipment(db, { ownerId: customer.userId, from: MAKATI(), to: SAN_FERNANDO(), ...CANCELLED });
    await insertShipment(db, { ownerId: customer.userId, from: MAKATI(), to: CEBU_CITY() });
    await insertShipment(db, { ownerId: customer.userId, from: MAKATI(), to: SAN_FERNANDO(), deletedAt: new Date() });
  });

  it('lists every partner with provinces and shipment counts for admins and ssp', async () => {
    for (const who of [admin, ssp]) {
      const res = await call('GET', '/api/partners?limit=100', who);
      expect(res.statusCode, res.body).toBe(200);
      const byId = new Map(res.json().data.map((p: { id: string }) => [p.id, p]));
      expect(byId.get(partner.userId)).toMatchObject({
        status: 'ACTIVE',
        provinces: [{ provinceCode: PAMPANGA(), name: 'Pampanga' }],
        shipments: { total: 3, active: 1, delivered: 1, cancelled: 1 },
      });
      expect(byId.get(otherPartnerId)).toMatchObject({ name: 'Luzon Couriers', shipments: { total: 1, active: 1, delivered: 0, cancelled: 0 } });
    }
    const found = (await call('GET', '/api/partners?search=luzon', admin)).json();
    expect(found.data.map((p: { id: string }) => p.id)).toEqual([otherPartnerId]);
    expect(found).toMatchObject({ total: 1, page: 1, totalPages: 1, hasNextPage: false });
  });

  it('shows a partner only itself, and nobody else anything', async () => {
    const own = (await call('GET', '/api/partners', partner)).json();
    expect(own.data.map((p: { id: string }) => p.id)).toEqual([partner.userId]);
    expect((await call('GET', `/api/partners/${partner.userId}`, partner)).statusCode).toBe(200);
    expect((await call('GET', `/api/partners/${otherPartnerId}`, partner)).statusCode).toBe(404);
    expect((await call('GET', `/api/partners/${customer.userId}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/partners/${otherPartnerId}`, ssp)).json().data.provinces[0].name).toBe('Iloilo');
    for (const who of [staff, customer]) {
      expect((await call('GET', '/api/partners', who)).statusCode).toBe(403);
      expect((await call('GET', `/api/partners/${partner.userId}`, who)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/partners', null)).statusCode).toBe(401);
  });

  it("narrows the partner shipment list and its download to one partner's provinces", async () => {
    const list = (await call('GET', `/api/shipments/partners?partnerId=${otherPartnerId}&limit=100`, admin)).json();
    expect(list.total).toBe(1);
    expect(list.data[0].receiverAddress.provinceCode).toBe(ILOILO());
    expect((await call('GET', `/api/shipments/partners?partnerId=${partner.userId}&limit=100`, admin)).json().total).toBe(3);
    // A partner asking about another partner's provinces sees only what is also its own.
    expect((await call('GET', `/api/shipments/partners?partnerId=${otherPartnerId}`, partner)).json().total).toBe(1);
    const csv = await call('GET', `/api/shipments/partners/export?partnerId=${otherPartnerId}`, admin);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(2);
    expect((await call('GET', '/api/shipments/partners?partnerId=nobody', admin)).statusCode).toBe(400);
  });
});
