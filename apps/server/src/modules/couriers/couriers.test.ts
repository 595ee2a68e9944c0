import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIR_CARRIERS } from '../../seed/couriers.js';
import { activityLogs, couriers } from '../../db/schema/index.js';
import { seedDatabase } from '../../seed/index.js';
import { signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';

let t: TestApp;
let staff: Session;
let ssp: Session;
let consolidator: Session;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session: Session | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session ? { cookie: session.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await buildTestApp();
  [staff, ssp, consolidator] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'ssp'), signInAs(t, 'consolidator')]);
});
afterAll(async () => {
  await t?.close();
});

describe('couriers', () => {
  it('lets staff add, change, deactivate and reactivate a courier, each logged; lists filter by type, category and status', async () => {
    const created = await call('POST', '/api/couriers', staff, {
      name: ' Sunlight Air Cargo ',
      type: 'carrier',
      category: 'air',
      code: '2n',
      contactEmail: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const courier = created.json().data;
    expect(courier).toMatchObject({ name: 'Sunlight Air Cargo', code: '2N', contactEmail: null, isActive: true });
    await call('POST', '/api/couriers', staff, { name: '2GO Sea Freight', type: 'carrier', category: 'sea' });
    await call('POST', '/api/couriers', staff, { name: 'Bicol Last Mile', type: 'partner', category: 'last_mile' });

    const changed = await call('PATCH', `/api/couriers/${courier.id}`, staff, { contactName: 'Cargo desk', contactNumber: '+63 2 8702 0888' });
    expect(changed.json().data).toMatchObject({ contactName: 'Cargo desk', contactNumber: '+63 2 8702 0888' });
    const off = await call('PATCH', `/api/couriers/${courier.id}/deactivate`, staff);
    expect(off.json().data.isActive).toBe(false);
    const air = await call('GET', '/api/couriers/by-category/air', consolidator);
    expect(air.json().data.map((c: { name: string }) => c.name)).not.toContain('Sunlight Air Cargo');
    expect((await call('GET', '/api/couriers?status=inactive', ssp)).json().data.map((c: { name: string }) => c.name)).toEqual(['Sunlight Air Cargo']);
    await call('PATCH', `/api/couriers/${courier.id}/activate`, staff);
    expect((await call('GET', '/api/couriers/by-category/air', consolidator)).json().data.map((c: { name: string }) => c.name)).toContain('Sunlight Air Cargo');
    expect((await call('GET', '/api/couriers?type=partner', staff)).json().data.map((c: { name: string }) => c.name)).toEqual(['Bicol Last Mile']);
    expect((await call('GET', '/api/couriers?category=sea&search=2go', staff)).json()).toMatchObject({ total: 1, data: [{ name: '2GO Sea Freight' }] });
    // The six seeded air carriers and the three added here.
    expect((await call('GET', '/api/couriers/all-active', consolidator)).json().data).toHaveLength(AIR_CARRIERS.length + 3);
    expect((await call('GET', `/api/couriers/${courier.id}`, ssp)).json().data.code).toBe('2N');

    const logged = await t.database.db
      .select({ action: activityLogs.action })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Courier'), eq(activityLogs.entityId, courier.id)));
    expect(logged.map((l) => l.action).sort()).toEqual(['ACTIVATED', 'CREATED', 'DEACTIVATED', 'UPDATED']);
  });

  it('deletes only a courier nothing points at; one that carried a consolidation is kept (deactivate it)', async () => {
    const spare = (await call('POST', '/api/couriers', staff, { name: 'Mistake Air', type: 'carrier', category: 'air' })).json().data;
    expect((await call('DELETE', `/api/couriers/${spare.id}`, staff)).statusCode).toBe(204);
    expect((await call('GET', `/api/couriers/${spare.id}`, staff)).statusCode).toBe(404);
    const used = (await call('POST', '/api/couriers', staff, { name: 'AirSWIFT Cargo', type: 'carrier', category: 'air' })).json().data;
    const opened = await call('POST', '/api/consolidations', consolidator, { senderAirport: 'MNL', receiverAirport: 'PPS', courierId: used.id });
    expect(opened.statusCode, opened.body).toBe(201);
    const refused = await call('DELETE', `/api/couriers/${used.id}`, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('AirSWIFT Cargo has carried shipments, so it stays on record: deactivate it instead');
  });

  it('a fresh database has the Philippine air carriers, once; a consolidator may read the list and one courier (issue 29, item 4)', async () => {
    const air = (await call('GET', '/api/couriers?category=air&limit=50', consolidator)).json();
    const names = air.data.map((c: { name: string }) => c.name);
    for (const name of ['Cebu Pacific Cargo', 'PAL Cargo (Philippine Airlines)', 'AirAsia Philippines Cargo (Teleport)', 'Cebgo', 'AirSWIFT'])
      expect(names).toContain(name);
    const cebuPacific = air.data.find((c: { name: string }) => c.name === 'Cebu Pacific Cargo');
    expect(cebuPacific).toMatchObject({ type: 'carrier', category: 'air', code: '5J', isActive: true });
    expect((await call('GET', `/api/couriers/${cebuPacific.id}`, consolidator)).json().data.name).toBe('Cebu Pacific Cargo');
    // Seeding again (every start) adds nothing: the list is staff's once it has anything.
    const before = (await t.database.db.select({ id: couriers.id }).from(couriers)).length;
    await seedDatabase(t.database.db, { demo: false });
    expect((await t.database.db.select({ id: couriers.id }).from(couriers)).length).toBe(before);
    // Reading is all: keeping the list stays staff's.
    expect((await call('POST', '/api/couriers', consolidator, { name: 'Consolidator Air', type: 'carrier', category: 'air' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/couriers/${cebuPacific.id}/deactivate`, consolidator)).statusCode).toBe(403);
  });

  it('answers bad input with the error shape, and refuses whoever may not keep couriers', async () => {
    const missing = await call('POST', '/api/couriers', staff, { type: 'ship', category: 'rail' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['category', 'name', 'type']);
    await call('POST', '/api/couriers', staff, { name: 'LBC Air Cargo', type: 'carrier', category: 'air' });
    const twice = await call('POST', '/api/couriers', staff, { name: 'lbc air cargo', type: 'carrier', category: 'air' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details).toEqual([{ field: 'name', message: 'A courier with this name already exists' }]);
    expect((await call('GET', '/api/couriers/by-category/rail', staff)).json().details[0].field).toBe('category');
    expect((await call('GET', '/api/couriers/not-a-uuid', staff)).statusCode).toBe(400);
    expect((await call('POST', '/api/couriers', ssp, { name: 'Ssp Air', type: 'carrier', category: 'air' })).statusCode).toBe(403);
    expect((await call('GET', '/api/couriers', null)).statusCode).toBe(401);
  });
});
