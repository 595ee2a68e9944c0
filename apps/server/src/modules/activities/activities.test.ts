import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, coveredProvinces } from '../../db/schema/index.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { book, place } from '../../testing/shipments.js';
import { addDays, manilaToday } from '../../core/manila-time.js';

let t: TestApp;
let admin: Session;
let staff: Session;
let rider: Session;
let ssp: Session;
let consolidator: Session;
let customer: Session;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, session?: Session | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session ? { cookie: session.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

interface Entry {
  id: string;
  action: string;
  entity: string | null;
  entityId: string | null;
  category: string;
  status: string | null;
  summary: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdById: string | null;
  createdByName: string | null;
  entityName?: string | null;
  createdAt: string;
}
const entries = async (url: string, session: Session) => {
  const res = await call('GET', url, session);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { data: Entry[]; total: number; page: number; limit: number; totalPages: number; hasNextPage: boolean };
};

let shipment: { id: string; trackingNumber: string };
let ticketId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, staff, rider, ssp, consolidator] = await Promise.all([
    signInAs(t, 'admin'),
    signInAs(t, 'staff'),
    signInAs(t, 'rider'),
    signInAs(t, 'ssp'),
    signInAs(t, 'consolidator'),
  ]);
  customer = await createCustomer(t, 'Logan');

  // Changes made through the API by earlier work: pricing, a ticket, shipment operations, a retrieval fee.
  const pricing = await call('PUT', '/api/shipments/pricing/configs', staff, { sameDayFeeInCents: 210_000 });
  expect(pricing.statusCode, pricing.body).toBe(200);
  const ticket = await call('POST', '/api/tickets', customer, { subject: 'Late parcel', description: 'Where is it?' });
  expect(ticket.statusCode, ticket.body).toBe(201);
  ticketId = ticket.json().data.id;
  const picked = await call('PATCH', `/api/tickets/${ticketId}`, staff, { status: 'in_progress' });
  expect(picked.statusCode, picked.body).toBe(200);
  shipment = await book(t, customer);
  const assigned = await call('PUT', `/api/shipments/${shipment.id}`, staff, { pickupRiderId: rider.userId, dropOffRiderId: rider.userId });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const moved = await call('POST', `/api/shipments/${shipment.trackingNumber}/deliveryStatus`, rider, { activity: 'On the way for pickup' });
  expect(moved.statusCode, moved.body).toBe(200);
  const pampanga = place('Pampanga', 'San Fernando City').provinceCode;
  const fee = await call('PATCH', `/api/addresses/covered-provinces/${pampanga}/retrieval-fee`, staff, { retrievalFeeInCents: 12_300 });
  expect(fee.statusCode, fee.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('the global activity log', () => {
  it('shows every staff change with who, what, when and before/after, newest first', async () => {
    const { data } = await entries('/api/activities/global?limit=100', admin);
    const find = (pred: (e: Entry) => boolean) => data.find(pred);

    expect(find((e) => e.entity === 'PricingConfig')).toMatchObject({
      action: 'UPDATED',
      category: 'pricing',
      createdById: staff.userId,
      createdByName: expect.stringMatching(/\S/),
      before: { sameDayFeeInCents: 200_000 },
      after: { sameDayFeeInCents: 210_000 },
    });
    expect(find((e) => e.entity === 'Ticket' && e.action === 'UPDATED')).toMatchObject({
      entityId: ticketId,
      category: 'tickets',
      createdById: staff.userId,
      status: 'in_progress',
      before: { status: 'open' },
      after: { status: 'in_progress' },
    });
    // In words, with names (issue 29 item 10): not "Updated ND…: pickupRiderId, dropOffRiderId", nor the shipment's id.
    expect(find((e) => e.category === 'rider_assignment')).toMatchObject({
      entity: 'Shipment',
      entityId: shipment.id,
      entityName: shipment.trackingNumber,
      summary: `${shipment.trackingNumber}: Assigned rider Ramon Aquino for pick-up; assigned rider Ramon Aquino for delivery`,
      before: { pickupRiderId: null, dropOffRiderId: null },
      after: { pickupRiderId: rider.userId, dropOffRiderId: rider.userId },
    });
    expect(find((e) => e.category === 'delivery_status')).toMatchObject({
      entityId: shipment.id,
      createdById: rider.userId,
      status: 'For pickup',
      summary: `${shipment.trackingNumber}: On the way for pickup`,
      before: { deliveryStatus: 'Order placed', status: 'Pending' },
      after: { deliveryStatus: 'For pickup', status: 'OnGoing' },
    });
    expect(find((e) => e.entity === 'CoveredProvince')).toMatchObject({
      category: 'pricing',
      createdById: staff.userId,
      after: { retrievalFeeInCents: 12_300 },
    });
    const times = data.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by category, words and Manila days', async () => {
    const pricing = await entries('/api/activities/global?category=pricing', admin);
    expect(pricing.data.length).toBeGreaterThanOrEqual(2);
    expect(new Set(pricing.data.map((e) => e.category))).toEqual(new Set(['pricing']));
    const byWord = await entries(`/api/activities/global?search=${shipment.trackingNumber.slice(0, 8)}`, admin);
    expect(byWord.data.some((e) => e.category === 'delivery_status')).toBe(true);
    expect(byWord.data.every((e) => e.entityId === shipment.id || e.summary?.includes(shipment.trackingNumber))).toBe(true);
    const today = manilaToday();
    expect((await entries(`/api/activities/global?startDate=${today}&endDate=${today}`, admin)).total).toBeGreaterThan(0);
    const yesterday = addDays(today, -1);
    expect((await entries(`/api/activities/global?startDate=${yesterday}&endDate=${yesterday}`, admin)).total).toBe(0);
    expect((await entries(`/api/activities/global?startDate=${addDays(today, 1)}`, admin)).total).toBe(0);
    expect((await call('GET', `/api/activities/global?startDate=${today}&endDate=${yesterday}`, admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/activities/global?startDate=yesterday', admin)).statusCode).toBe(400);
    const paged = await entries('/api/activities/global?limit=2&page=1', admin);
    expect(paged).toMatchObject({ limit: 2, page: 1, hasNextPage: true });
    expect(paged.data).toHaveLength(2);
  });

  it('is for admins only', async () => {
    for (const who of [staff, ssp, rider, customer]) expect((await call('GET', '/api/activities/global', who)).statusCode).toBe(403);
    expect((await call('GET', '/api/activities/global', null)).statusCode).toBe(401);
  });

  it('never shows credentials that a caller logged by mistake', async () => {
    await t.database.db.insert(activityLogs).values({
      action: 'UPDATED',
      entity: 'User',
      entityId: 'secret-check',
      category: 'users',
      before: { passwordHash: '$argon2id$leaked-hash', name: 'Old' },
      after: { name: 'New', nested: { resetToken: 'leaked-reset-token', kept: 1 } },
    });
    const [entry] = (await entries('/api/activities?entityId=secret-check', admin)).data;
    expect(entry).toMatchObject({ before: { name: 'Old' }, after: { name: 'New', nested: { kept: 1 } } });
    // Values no generated id can contain (a random uuid once held "abc").
    expect(JSON.stringify(entry)).not.toMatch(/argon2|leaked-/);
  });
});

describe('GET /activities', () => {
  it('shows everyone but admins only what they did themselves', async () => {
    const mine = await entries('/api/activities?limit=100', staff);
    expect(mine.data.length).toBeGreaterThanOrEqual(3);
    expect(new Set(mine.data.map((e) => e.createdById))).toEqual(new Set([staff.userId]));
    expect((await entries(`/api/activities?createdById=${admin.userId}`, staff)).total).toBe(0);
    const riderOwn = await entries('/api/activities', rider);
    expect(riderOwn.data.map((e) => e.category)).toEqual(['delivery_status']);
    // Customers' own changes are theirs to read too (the ticket they opened).
    expect((await entries('/api/activities', customer)).data.map((e) => [e.entity, e.action])).toEqual([['Ticket', 'CREATED']]);
  });

  it('filters by person, record, status and action', async () => {
    const byRider = await entries(`/api/activities?createdById=${rider.userId}`, admin);
    expect(byRider.data.every((e) => e.createdById === rider.userId)).toBe(true);
    const history = await entries(`/api/activities?entity=Shipment&entityId=${shipment.id}`, admin);
    expect(history.data.map((e) => e.category).sort()).toEqual(['delivery_status', 'rider_assignment']);
    expect((await entries('/api/activities?status=For%20pickup', admin)).data.map((e) => e.entityId)).toEqual([shipment.id]);
    const created = await entries('/api/activities?action=CREATED&entity=Ticket', admin);
    expect(created.data.map((e) => e.entityId)).toEqual([ticketId]);
    expect((await call('GET', '/api/activities?action=RENAMED', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/activities?createdById=someone', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/activities', null)).statusCode).toBe(401);
  });
});

describe('POST /activities', () => {
  it('stores what a consolidator or an admin writes as a note by them, whatever verb, category or status they send', async () => {
    const res = await call('POST', '/api/activities', consolidator, {
      action: 'DELETED',
      entity: 'Shipment',
      entityId: shipment.id,
      category: 'delivery_status',
      status: 'Delivered',
      summary: ' Sack handed to the port at 3 PM ',
      before: { forged: true },
      createdById: admin.userId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      action: 'NOTE',
      entity: 'Shipment',
      entityId: shipment.id,
      category: 'manual',
      status: null,
      summary: 'Sack handed to the port at 3 PM',
      createdById: consolidator.userId,
      createdByName: expect.stringMatching(/\S/),
      before: null,
      after: null,
    });
    // A note about no record in particular.
    const general = await call('POST', '/api/activities', admin, { summary: 'Hub closed early: typhoon signal no. 2' });
    expect(general.statusCode, general.body).toBe(201);
    expect(general.json().data).toMatchObject({ action: 'NOTE', entity: null, entityId: null, createdById: admin.userId });
    // The shipment's history shows the note as a note by its author, beside the server's events.
    const history = await entries(`/api/activities?entity=Shipment&entityId=${shipment.id}`, admin);
    expect(history.data[0]).toMatchObject({ action: 'NOTE', createdById: consolidator.userId });
    expect((await entries('/api/activities?action=NOTE&limit=100', admin)).data.map((e) => e.summary)).toEqual(
      expect.arrayContaining(['Sack handed to the port at 3 PM', 'Hub closed early: typhoon signal no. 2']),
    );
    expect((await entries('/api/activities?action=DELETED', admin)).data.some((e) => e.createdById === consolidator.userId)).toBe(false);
  });

  it('lets no rider (or anyone without the activities ability) write an entry that looks like a system event', async () => {
    const forged = { action: 'DELETED', entity: 'Invoice', entityId: 'INV-000001', summary: 'Invoice INV-000001 (₱12,000.00) voided' };
    for (const who of [rider, staff, ssp, customer]) {
      const res = await call('POST', '/api/activities', who, forged);
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await call('POST', '/api/activities', null, forged)).statusCode).toBe(401);
    const { data } = await entries('/api/activities/global?search=INV-000001', admin);
    expect(data).toEqual([]);
  });

  it('shows an entry written by hand before notes existed as a note too', async () => {
    // The audit's entry: a rider's {DELETED, Invoice} with the default category of hand-written entries.
    await t.database.db.insert(activityLogs).values({
      actorId: rider.userId,
      actorName: 'Rico Rider',
      action: 'DELETED',
      entity: 'Invoice',
      entityId: 'INV-000002',
      category: 'manual',
      summary: 'Invoice INV-000002 voided',
    });
    const [old] = (await entries('/api/activities/global?search=INV-000002', admin)).data;
    expect(old).toMatchObject({ action: 'NOTE', createdByName: 'Rico Rider' });
    expect((await entries('/api/activities?entityId=INV-000002&action=NOTE', admin)).total).toBe(1);
    expect((await entries('/api/activities?entityId=INV-000002&action=DELETED', admin)).total).toBe(0);
  });

  it('refuses a note about a kind of record the writer cannot see, and bad bodies', async () => {
    const hidden = await call('POST', '/api/activities', consolidator, { entity: 'Invoice', entityId: 'INV-000001', summary: 'Voided' });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().details[0].field).toBe('entity');
    const bad = await call('POST', '/api/activities', admin, { entity: 'Spaceship', summary: '' });
    expect(bad.statusCode).toBe(400);
    const fields = bad
      .json()
      .details.map((d: { field: string }) => d.field.replace(/^body\./, ''))
      .sort();
    expect(fields).toEqual(['entity', 'summary']);
    const idAlone = await call('POST', '/api/activities', admin, { entityId: shipment.id, summary: 'About what?' });
    expect(idAlone.statusCode).toBe(400);
  });

  it('keeps no change of a retrieval fee that did not change, and logs one that did once', async () => {
    const pampanga = place('Pampanga', 'San Fernando City').provinceCode;
    const [row] = await t.database.db.select().from(coveredProvinces).where(eq(coveredProvinces.provinceCode, pampanga));
    await call('PATCH', `/api/addresses/covered-provinces/${pampanga}/retrieval-fee`, staff, { retrievalFeeInCents: row!.retrievalFeeInCents });
    const logged = await entries(`/api/activities?entity=CoveredProvince&entityId=${pampanga}`, admin);
    expect(logged.total).toBe(1);
  });
});
