import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { cachedEstimate, estimateOfParts, forgetEstimates } from '../../db/estimate.js';
import { METRO_MANILA_CODE } from '../../platform/psgc/index.js';
import { shipmentPackages, shipments, transactions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { book } from '../../testing/shipments.js';
import { countShipments, listShipments, resolveSearch, searchCandidates, searchCondition } from './lists.service.js';
import { actorFrom } from '../../core/actor.js';
import { loadUserWithRoles } from '../users/index.js';
import { CEBU_CITY, insertShipment, insertShipments, MAKATI, SAN_FERNANDO, servePartnerProvince } from './lists.fixtures.js';
import type { ShipmentRow } from './shipments.repository.js';
import { rowsOf } from '../../db/rendered.js';
import { selectByIds } from './list-rows.js';

let t: TestApp;
let ana: Session;
let ben: Session;
let carl: Session;
let staff: Session;
let rider: Session;
let agent: Session;
let partner: Session;
let consolidator: Session;
const rowsOfIds = (result: unknown) => rowsOf<{ id: string }>(result as never).map((r) => r.id);
const s: Record<string, ShipmentRow | { id: string; trackingNumber: string }> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  [ana, ben, staff, rider, agent, partner, consolidator] = await Promise.all([
    signUpCustomer(t),
    signUpCustomer(t),
    signInAs(t, 'staff'),
    signInAs(t, 'rider'),
    signInAs(t, 'sales_agent'),
    signInAs(t, 'service_partner'),
    signInAs(t, 'consolidator'),
  ]);
  const [agentRow] = await db.select().from(users).where(eq(users.id, agent.userId));
  carl = await signUpCustomer(t, undefined, { agentCode: agentRow!.agentCode });
  await servePartnerProvince(db, SAN_FERNANDO().provinceCode, partner.userId);

  s.a1 = await insertShipment(db, { ownerId: ana.userId, createdAt: new Date('2026-03-01T02:00:00Z') });
  s.a2 = await insertShipment(db, {
    ownerId: ana.userId,
    to: MAKATI(),
    deliveryType: 'same_day',
    deliveryStatus: 'For pickup',
    status: 'OnGoing',
    receiverName: 'Maria Peñaflor',
    createdAt: new Date('2026-03-02T02:00:00Z'),
  });
  s.a3 = await insertShipment(db, { ownerId: ana.userId, from: SAN_FERNANDO(), createdAt: new Date('2026-01-10T03:00:00Z') });
  // 00:30 on 11 January in Manila, still the 10th in UTC.
  s.a4 = await insertShipment(db, {
    ownerId: ana.userId,
    shipmentType: 'Drop Off',
    deliveryCategory: 'air',
    senderMobileNumber: '+639170001111',
    createdAt: new Date('2026-01-10T16:30:00Z'),
  });
  s.b1 = await book(t, ben);
  s.b2 = await insertShipment(db, { ownerId: ben.userId, deliveryStatus: 'Orig. hub', status: 'OnGoing', createdAt: new Date('2026-02-01T00:00:00Z') });
  s.c1 = await insertShipment(db, { ownerId: carl.userId, from: CEBU_CITY(), to: CEBU_CITY(), createdAt: new Date('2026-02-15T00:00:00Z') });

  // a3 has a payment; a1 only a voided one, so it still counts as "without transactions".
  await db.insert(transactions).values([
    { shipmentId: s.a3.id, method: 'cash', amountInCents: 23000 },
    { shipmentId: s.a1.id, method: 'cash', amountInCents: 100, voidedAt: new Date(), voidReason: 'Wrong amount' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, session: Session) => t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
const put = (url: string, session: Session, payload: object) => t.app.inject({ method: 'PUT', url, headers: { cookie: session.cookie }, payload });
const numbers = async (url: string, session: Session) => {
  const res = await get(url, session);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { trackingNumber: string }[]).map((x) => x.trackingNumber).sort();
};
const tn = (...keys: string[]) => keys.map((k) => s[k]!.trackingNumber).sort();

describe('scope: who sees what', () => {
  it('a customer sees only their own shipments, and every other list is closed to them', async () => {
    expect(await numbers('/api/shipments/me?limit=100', ana)).toEqual(tn('a1', 'a2', 'a3', 'a4'));
    expect(await numbers('/api/shipments/me', ben)).toEqual(tn('b1', 'b2'));
    // A filter cannot widen the scope.
    expect(await numbers(`/api/shipments/me?userId=${ben.userId}`, ana)).toEqual([]);
    for (const url of [
      '/api/shipments',
      '/api/shipments/partners',
      '/api/shipments/me/rider',
      '/api/shipments/me/consolidator',
      '/api/shipments/partners/export',
    ]) {
      expect((await get(url, ana)).statusCode, url).toBe(403);
    }
  });

  it("answers 404 for another customer's shipment by id and by tracking number", async () => {
    for (const key of [s.b1!.id, s.b1!.trackingNumber, s.b1!.trackingNumber.toLowerCase()]) {
      const res = await get(`/api/shipments/${key}`, ana);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Shipment not found');
      expect((await get(`/api/shipments/${key}/weights`, ana)).statusCode).toBe(404);
    }
    const own = await get(`/api/shipments/${s.a1!.trackingNumber}`, ana);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: s.a1!.id, trackingNumber: s.a1!.trackingNumber });
    expect((await get(`/api/shipments/${s.a1!.id}/weights`, ana)).json()).toEqual({ data: [] });
  });

  it('a rider sees only the shipments assigned to them; active ones on the courier list', async () => {
    expect((await put(`/api/shipments/${s.a1!.id}`, staff, { pickupRiderId: rider.userId })).statusCode).toBe(200);
    const delivered = await put(`/api/shipments/${s.a2!.trackingNumber}`, staff, { dropOffRiderId: rider.userId });
    expect(delivered.statusCode).toBe(200);
    await t.database.db.update(shipments).set({ deliveryStatus: 'Delivered', deliveredAt: new Date() }).where(eq(shipments.id, s.a2!.id));

    expect(await numbers('/api/shipments/me/rider', rider)).toEqual(tn('a1', 'a2'));
    expect(await numbers('/api/shipments/me/rider/courier', rider)).toEqual(tn('a1'));
    expect(await numbers(`/api/shipments/me/rider/courier?search=${s.a2!.trackingNumber}`, rider)).toEqual([]);
    expect((await get(`/api/shipments/${s.a1!.id}`, rider)).statusCode).toBe(200);
    expect((await get(`/api/shipments/${s.b1!.trackingNumber}`, rider)).statusCode).toBe(404);
    expect((await get('/api/shipments', rider)).statusCode).toBe(403);
    expect((await get('/api/shipments/me/rider', staff)).statusCode).toBe(403);
    expect(await numbers(`/api/shipments?pickupById=${rider.userId}`, staff)).toEqual(tn('a1'));
    expect(await numbers(`/api/shipments?dropOffById=${rider.userId}`, staff)).toEqual(tn('a2'));
  });

  it('only a person with the rider role can be assigned as a rider', async () => {
    const res = await put(`/api/shipments/${s.a1!.id}`, staff, { dropOffRiderId: ana.userId });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'dropOffRiderId', message: 'Choose an active rider' }]);
  });

  it("a sales agent sees their referred customers' shipments and nobody else's", async () => {
    expect(await numbers('/api/shipments', agent)).toEqual(tn('c1'));
    expect((await get(`/api/shipments/${s.c1!.id}`, agent)).statusCode).toBe(200);
    expect((await get(`/api/shipments/${s.a1!.id}`, agent)).statusCode).toBe(404);
    const [agentRow] = await t.database.db.select().from(users).where(eq(users.id, agent.userId));
    expect(await numbers(`/api/shipments?agentCode=${agentRow!.agentCode!.toLowerCase()}`, staff)).toEqual(tn('c1'));
  });

  it('a service partner sees only shipments in its provinces; staff see every partner province', async () => {
    expect(await numbers('/api/shipments/partners', partner)).toEqual(tn('a3'));
    expect((await get(`/api/shipments/${s.a1!.trackingNumber}`, partner)).statusCode).toBe(404);
    expect((await get(`/api/shipments/${s.a3!.trackingNumber}`, partner)).statusCode).toBe(200);
    expect(await numbers('/api/shipments/partners', staff)).toEqual(tn('a3'));
  });

  it('a consolidator sees the mid-mile shipments', async () => {
    expect(await numbers('/api/shipments/me/consolidator', consolidator)).toEqual(tn('b2'));
    expect((await get(`/api/shipments/${s.a1!.id}`, consolidator)).statusCode).toBe(404);
  });
});

describe('filters', () => {
  const all = '/api/shipments?limit=100';
  it('narrow by delivery status, delivery types (one or many), province and shipment type', async () => {
    expect(await numbers(`${all}&deliveryStatus=Orig.%20hub`, staff)).toEqual(tn('b2'));
    expect(await numbers(`${all}&deliveryTypes=same_day`, staff)).toEqual(tn('a2'));
    const many = tn('a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'c1');
    expect(await numbers(`${all}&deliveryTypes=same_day,next_day`, staff)).toEqual(many);
    expect(await numbers(`${all}&deliveryTypes=same_day&deliveryTypes=next_day`, staff)).toEqual(many);
    expect(await numbers(`${all}&senderProvince=${SAN_FERNANDO().provinceCode}`, staff)).toEqual(tn('a3'));
    expect(await numbers(`${all}&receiverProvince=${METRO_MANILA_CODE}`, staff)).toEqual(tn('a2'));
    expect(await numbers(`${all}&shipmentType=Drop%20Off`, staff)).toEqual(tn('a4'));
    expect(await numbers(`${all}&deliveryCategory=air`, staff)).toEqual(tn('a4'));
    expect(await numbers(`${all}&shipmentStatus=OnGoing`, staff)).toEqual(tn('a2', 'b2'));
    expect(await numbers(`${all}&userId=${carl.userId}`, staff)).toEqual(tn('c1'));
    expect((await get(`${all}&deliveryCategory=rocket`, staff)).statusCode).toBe(400);
    expect((await get(`${all}&deliveryTypes=teleport`, staff)).statusCode).toBe(400);
  });

  it('narrow by created date, whole days in Manila time', async () => {
    expect(await numbers(`${all}&startDate=2026-01-10&endDate=2026-01-10`, staff)).toEqual(tn('a3'));
    expect(await numbers(`${all}&startDate=2026-01-11&endDate=2026-01-11`, staff)).toEqual(tn('a4'));
    expect(await numbers(`${all}&startDate=2026-01-01&endDate=2026-02-28`, staff)).toEqual(tn('a3', 'a4', 'b2', 'c1'));
    expect(await numbers(`${all}&endDate=2026-01-31`, staff)).toEqual(tn('a3', 'a4'));
    expect(await numbers(`${all}&startDate=2026-01-10T16:00:00Z&endDate=2026-01-10T17:00:00Z`, staff)).toEqual(tn('a4'));
  });

  it('search by tracking number prefix, name or mobile number', async () => {
    const a1 = s.a1!.trackingNumber;
    expect(await numbers(`${all}&search=${a1}`, staff)).toEqual(tn('a1'));
    expect(await numbers(`${all}&search=${a1.slice(0, 9).toLowerCase()}`, staff)).toContain(a1);
    expect(await numbers(`${all}&search=${encodeURIComponent('peñaf')}`, staff)).toEqual(tn('a2'));
    expect(await numbers(`${all}&search=${encodeURIComponent('0917 000 1111')}`, staff)).toEqual(tn('a4'));
    expect(await numbers(`${all}&search=${encodeURIComponent('100%')}`, staff)).toEqual([]);
  });

  it('"Show shipments without transactions" leaves out shipments with a payment that is not void', async () => {
    const without = await numbers(`${all}&includeTransactions=false`, staff);
    expect(without).toContain(s.a1!.trackingNumber);
    expect(without).not.toContain(s.a3!.trackingNumber);
    expect(await numbers(`${all}&includeTransactions=true`, staff)).toContain(s.a3!.trackingNumber);
  });
});

describe('pagination', () => {
  it('pages newest first with limit, total, totalPages and hasNextPage', async () => {
    const first = (await get('/api/shipments?limit=3&page=1', staff)).json();
    expect(first).toMatchObject({ page: 1, limit: 3, total: 7, totalPages: 3, hasNextPage: true });
    expect(first.data).toHaveLength(3);
    const created = first.data.map((x: { createdAt: string }) => x.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(first.data[0].trackingNumber).toBe(s.b1!.trackingNumber); // booked just now
    const last = (await get('/api/shipments?limit=3&page=3', staff)).json();
    expect(last).toMatchObject({ page: 3, total: 7, totalPages: 3, hasNextPage: false });
    expect(last.data).toHaveLength(1);
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) {
      for (const x of (await get(`/api/shipments?limit=3&page=${page}`, staff)).json().data) seen.add(x.trackingNumber);
    }
    expect(seen.size).toBe(7);
    expect((await get('/api/shipments?limit=101', staff)).statusCode).toBe(400);
  });

  it('sorts by booking time either way when asked, the whole list and not just the page', async () => {
    const created = async (order: string) => {
      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const res = (await get(`/api/shipments?limit=3&page=${page}&sortBy=createdAt&sortOrder=${order}`, staff)).json();
        seen.push(...res.data.map((x: { createdAt: string }) => x.createdAt));
      }
      return seen;
    };
    const oldest = await created('asc');
    expect(oldest).toHaveLength(7);
    expect(oldest).toEqual([...oldest].sort());
    expect(await created('desc')).toEqual([...oldest].reverse());
    const bad = await get('/api/shipments?sortBy=trackingNumber', staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sortBy');
  });
});

describe('tab counts', () => {
  it('count each tab for the same search and filters, and only when asked', async () => {
    const res = (await get('/api/shipments?limit=1&tabCounts=true', staff)).json();
    expect(res.tabCounts).toMatchObject({ estimated: false });
    const counts = res.tabCounts.counts as Record<string, number>;
    expect(counts.All).toBe(7);
    // Each tab's count is what that tab lists (earlier tests moved some shipments along).
    const listed = async (query: string) => (await get(`/api/shipments?limit=100&${query}`, staff)).json().total;
    expect(counts['Order placed']).toBe(await listed('deliveryStatus=Order%20placed&shipmentStatus=Pending,OnGoing'));
    expect(counts['Order placed']).toBeGreaterThanOrEqual(4);
    expect(counts['Orig. hub']).toBe(await listed('deliveryStatus=Orig.%20hub&shipmentStatus=Pending,OnGoing'));
    expect(counts.Cancelled).toBe(await listed('shipmentStatus=Cancelled'));
    const tabsTotal = Object.entries(counts)
      .filter(([tab]) => tab !== 'All')
      .reduce((sum, [, n]) => sum + n, 0);
    expect(tabsTotal).toBe(7); // every shipment sits in exactly one tab
    const sameDay = (await get('/api/shipments?limit=1&tabCounts=true&deliveryTypes=same_day', staff)).json();
    expect(sameDay.tabCounts.counts.All).toBe(1);
    const a2Status = (await get('/api/shipments?limit=1&deliveryTypes=same_day', staff)).json().data[0].deliveryStatus;
    expect(sameDay.tabCounts.counts[a2Status]).toBe(1); // a2, the one same-day shipment, in its own tab
    expect((await get('/api/shipments?limit=1', staff)).json().tabCounts).toBeUndefined();
    // What someone may see bounds the counts: a partner counts its provinces only.
    const partnerCounts = (await get('/api/shipments/partners?limit=1&tabCounts=true', partner)).json();
    expect(partnerCounts.tabCounts.counts.All).toBe(1);
  });

  it('ssp, who move any shipment, list every shipment without the admin view', async () => {
    const ssp = await signInAs(t, 'ssp');
    expect((await get('/api/shipments?limit=1', ssp)).json().total).toBe(7);
  });
});

describe('totals of large results', () => {
  it('counts small results exactly and takes the planner’s estimate above the limit, marked as such', async () => {
    const db = t.database.db;
    await insertShipments(db, 60, { ownerId: ben.userId });
    await db.execute(sql`analyze shipments`);
    forgetEstimates();
    const mine = and(eq(shipments.ownerId, ben.userId))!;
    const exact = await countShipments(db, mine);
    expect(exact.estimated).toBe(false);
    const [actual] = await db.select({ n: count() }).from(shipments).where(mine);
    expect(exact.value).toBe(Number(actual!.n));
    const estimated = await countShipments(db, mine, 10);
    expect(estimated.estimated).toBe(true);
    // Statistics are fresh, so the estimate is close to the truth.
    expect(estimated.value).toBeGreaterThan(Number(actual!.n) * 0.5);
    expect(estimated.value).toBeLessThan(Number(actual!.n) * 2);
  });
});

describe('estimates from the filters one by one', () => {
  it('gives what the planner expects of the whole WHERE, a date range read as one range', async () => {
    const db = t.database.db;
    await insertShipments(db, 40, { ownerId: carl.userId, deliveryType: 'same_day', from: SAN_FERNANDO(), createdAt: new Date('2026-02-15T02:00:00Z') });
    await insertShipments(db, 30, { ownerId: carl.userId, status: 'OnGoing', deliveryStatus: 'Picked up', createdAt: new Date('2026-06-15T02:00:00Z') });
    await db.execute(sql`analyze shipments`);
    forgetEstimates();
    const february = and(gte(shipments.createdAt, new Date('2026-02-01T00:00:00Z')), lt(shipments.createdAt, new Date('2026-03-01T00:00:00Z')))!;
    const combinations: SQL[][] = [
      [isNull(shipments.deletedAt), eq(shipments.deliveryType, 'same_day')],
      [isNull(shipments.deletedAt), eq(shipments.ownerId, carl.userId), eq(shipments.senderProvinceCode, SAN_FERNANDO().provinceCode)],
      [isNull(shipments.deletedAt), inArray(shipments.status, ['Pending', 'OnGoing']), eq(shipments.deliveryStatus, 'Picked up'), february],
      [isNull(shipments.deletedAt), eq(shipments.deliveryType, 'same_day'), february],
    ];
    for (const [c, conditions] of combinations.entries()) {
      const whole = await cachedEstimate(db, shipments, and(...conditions));
      const byParts = await estimateOfParts(
        db,
        shipments,
        conditions.map((condition, i) => ({ key: `test ${c}.${i}`, condition })),
      );
      // Each part's estimate is a whole number of rows: the product may differ from the whole's by rounding only.
      expect(Math.abs(byParts - whole), `${byParts} against ${whole}`).toBeLessThanOrEqual(Math.max(1, whole * 0.03));
    }
    // Nothing can match a `false` part, and nothing is expected to.
    expect(await estimateOfParts(db, shipments, [{ key: 'test none', condition: sql`false` }])).toBe(0);
  });
});

describe('the two ways to a page', () => {
  it('a small result (matches found once, counted) and a large one (the ordered walk) give the same pages', async () => {
    const db = t.database.db;
    const actor = actorFrom((await loadUserWithRoles(db, staff.userId))!);
    for (const sortOrder of ['desc', 'asc'] as const) {
      for (const page of [1, 2, 3, 4]) {
        const query = { page, limit: 2, sortOrder, shipmentStatus: undefined };
        const small = await listShipments(db, actor, 'all', query);
        // Counting exactly only up to 1: an estimate above it takes the ordered walk; one at or below it finds
        // the matches once, sees more than 1, and goes back to the walk (an estimate far too low).
        const large = await listShipments(db, actor, 'all', query, 1);
        expect(large.totalIsEstimate).toBe(true);
        expect(small.totalIsEstimate).toBe(false);
        expect(large.data.map((d) => d.id)).toEqual(small.data.map((d) => d.id));
        expect(large.hasNextPage).toBe(small.hasNextPage);
      }
    }
  });

  it("a province as either end (sender's or recipient's) pages the same both ways, each shipment once", async () => {
    const db = t.database.db;
    const actor = actorFrom((await loadUserWithRoles(db, staff.userId))!);
    const province = METRO_MANILA_CODE;
    const both = await insertShipment(db, { ownerId: ben.userId, from: MAKATI(), to: MAKATI(), createdAt: new Date('2026-02-01T00:00:00Z') });
    const rows = await db
      .select({ id: shipments.id, createdAt: shipments.createdAt })
      .from(shipments)
      .where(sql`${shipments.deletedAt} is null and (${shipments.senderProvinceCode} = ${province} or ${shipments.receiverProvinceCode} = ${province})`);
    expect(rows.map((r) => r.id)).toContain(both.id);
    for (const sortOrder of ['desc', 'asc'] as const) {
      const expected = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1)).map((r) => r.id);
      if (sortOrder === 'desc') expected.reverse();
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 3) + 1; page++) {
        const query = { page, limit: 3, sortOrder, location: province };
        const small = await listShipments(db, actor, 'all', query);
        const large = await listShipments(db, actor, 'all', query, 1);
        expect(large.data.map((d) => d.id)).toEqual(small.data.map((d) => d.id));
        expect(large.hasNextPage).toBe(small.hasNextPage);
        seen.push(...large.data.map((d) => d.id));
      }
      expect(seen).toEqual(expected);
    }
  });
});

describe('search candidates', () => {
  it('finds name and tracking-number matches through their indexes, and gives up past the cap', async () => {
    const db = t.database.db;
    const a1 = s.a1!.trackingNumber;
    expect(await searchCandidates(db, 'peñaf')).toEqual([s.a2!.id]);
    expect(await searchCandidates(db, a1.slice(0, 9).toLowerCase())).toContain(s.a1!.id);
    expect(await searchCandidates(db, a1)).toEqual([s.a1!.id]);
    expect(await searchCandidates(db, 'no such name anywhere')).toEqual([]);
    // A mobile number has equality indexes of its own; no search, nothing to resolve.
    expect(await searchCandidates(db, '0917 000 1111')).toBeNull();
    expect(await searchCandidates(db, '  ')).toBeNull();
    // Any length of a word's beginning has its range in the index; "ña" starts no word of "Maria Peñaflor".
    expect(await searchCandidates(db, 'pe')).toContain(s.a2!.id);
    expect(await searchCandidates(db, 'ña')).toEqual([]);
    // As many matches as the cap: the list filters as it walks instead (a common surname).
    expect(await searchCandidates(db, 'peñaf', 1)).toBeNull();
  });

  it('a name search finds the beginning of any word of either name, in any case, and nothing mid-word', async () => {
    const db = t.database.db;
    const made = await insertShipment(db, { ownerId: ben.userId, senderName: "Quintin O'Brien-Dela Paz", receiverName: 'Quintin Zamora' });
    const found = async (search: string) => (await searchCandidates(db, search)) ?? [];
    for (const search of ['quintin', 'QUINTIN O', "o'brien", 'brien', 'dela paz', 'Paz', 'zamora', 'quintin zamora', '-dela', '  (paz']) {
      expect(await found(search), search).toEqual([made.id]);
    }
    for (const search of ['uintin', 'rien', 'elapaz', 'quintin paz', 'amora']) expect(await found(search), search).toEqual([]);
    // The list, the walk's filter and the export agree with the index (searchCondition).
    const listed = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(searchCondition('dela p'), eq(shipments.ownerId, ben.userId)));
    expect(listed.map((r) => r.id)).toEqual([made.id]);
    const midWord = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(searchCondition('ela paz'), eq(shipments.ownerId, ben.userId)));
    expect(midWord).toEqual([]);
    await db.delete(shipments).where(eq(shipments.id, made.id));
    expect(await found("o'brien")).toEqual([]);
  });

  it('keeps the name index in step with every edit, deletion and restoration of a shipment', async () => {
    const db = t.database.db;
    const made = await insertShipment(db, { ownerId: ben.userId, senderName: 'Lualhati Sumulong', receiverName: 'Lualhati Sumulong' });
    // Both names match: one shipment, once.
    expect(await searchCandidates(db, 'lualhati')).toEqual([made.id]);
    await db.update(shipments).set({ receiverName: 'Perla Mangubat' }).where(eq(shipments.id, made.id));
    expect(await searchCandidates(db, 'mangubat')).toEqual([made.id]);
    expect(await searchCandidates(db, 'sumulong')).toEqual([made.id]);
    await db.update(shipments).set({ senderName: 'Nilo Tiongson' }).where(eq(shipments.id, made.id));
    expect(await searchCandidates(db, 'sumulong')).toEqual([]);
    expect(await searchCandidates(db, 'nilo t')).toEqual([made.id]);
    await db.update(shipments).set({ deletedAt: new Date() }).where(eq(shipments.id, made.id));
    expect(await searchCandidates(db, 'nilo')).toEqual([]);
    await db.update(shipments).set({ deletedAt: null }).where(eq(shipments.id, made.id));
    expect(await searchCandidates(db, 'nilo')).toEqual([made.id]);
    await db.delete(shipments).where(eq(shipments.id, made.id));
    expect(await searchCandidates(db, 'nilo')).toEqual([]);
  });

  it('a tracking-number search finds live shipments only, and its tab counts are exact', async () => {
    const db = t.database.db;
    const made = await insertShipment(db, { ownerId: ben.userId, receiverName: 'Teodoro Salcedo' });
    const number = made.trackingNumber;
    expect(await searchCandidates(db, number)).toEqual([made.id]);
    const tabs = async () => (await get(`/api/shipments?search=${number}&tabCounts=true`, staff)).json();
    expect(await tabs()).toMatchObject({ total: 1, tabCounts: { counts: { All: 1 } } });
    await db.update(shipments).set({ deletedAt: new Date() }).where(eq(shipments.id, made.id));
    expect(await searchCandidates(db, number)).toEqual([]);
    expect(await tabs()).toMatchObject({ data: [], total: 0, tabCounts: { counts: { All: 0 } } });
    await db.update(shipments).set({ deletedAt: null }).where(eq(shipments.id, made.id));
    expect(await searchCandidates(db, number.slice(0, -2).toLowerCase())).toContain(made.id);
    await db.delete(shipments).where(eq(shipments.id, made.id));
  });

  it('a search alone pages its matches by booking time, ties by id, exactly as a filtered search does', async () => {
    const db = t.database.db;
    const actor = actorFrom((await loadUserWithRoles(db, staff.userId))!);
    const at = new Date('2025-06-01T00:00:00Z');
    const made = [];
    for (let i = 0; i < 7; i++) {
      // Three share one instant, two differ by a microsecond only (a Date cannot tell those apart).
      made.push(
        await insertShipment(db, { ownerId: ben.userId, receiverName: `Lorna Bagatsing ${i}`, createdAt: new Date(at.getTime() + (i < 3 ? 0 : i) * 1000) }),
      );
    }
    await db.execute(
      sql`update shipments set created_at = (select created_at from shipments where id = ${made[5]!.id}) + interval '1 microsecond' where id = ${made[6]!.id}`,
    );
    for (const sortOrder of ['desc', 'asc'] as const) {
      const expected = rowsOfIds(
        await db.execute(
          sql`select id from shipments where receiver_name ilike '%bagatsing%' order by created_at ${sql.raw(sortOrder)}, id ${sql.raw(sortOrder)}`,
        ),
      );
      expect(expected).toHaveLength(7);
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const alone = await listShipments(db, actor, 'all', { page, limit: 3, sortOrder, search: 'lorna bagatsing' });
        // Any other filter sends the search through the database's ordering instead.
        const filtered = await listShipments(db, actor, 'all', { page, limit: 3, sortOrder, search: 'lorna bagatsing', startDate: '2020-01-01' });
        expect(alone.data.map((d) => d.id)).toEqual(filtered.data.map((d) => d.id));
        expect(alone).toMatchObject({ total: 7, totalPages: 3, totalIsEstimate: false, hasNextPage: page < 3 });
        seen.push(...alone.data.map((d) => d.id));
      }
      expect(seen).toEqual(expected);
    }
    // A customer searching sees only their own matches, counted as such.
    const own = await listShipments(db, actorFrom((await loadUserWithRoles(db, ana.userId))!), 'mine', { page: 1, limit: 10, search: 'lorna bagatsing' });
    expect(own).toMatchObject({ data: [], total: 0 });
  });

  it('a search with no match answers an empty first page, not an error', async () => {
    const res = await get('/api/shipments?search=Zzyzx%20Qwerty&tabCounts=true', staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: [], total: 0, totalPages: 0, hasNextPage: false, tabCounts: { counts: { All: 0 } } });
  });
});

describe('list rows', () => {
  /** The lines a list row carries, read back through the list statement. */
  const listedLines = async (id: string) => {
    const [row] = await selectByIds(t.database.db, [id]);
    return row!.packages.map((p) => [p.boxName, p.quantity, p.position, p.weightInGrams]);
  };

  it('carry each shipment’s own package lines', async () => {
    const dana = await signUpCustomer(t);
    const booked = await book(t, dana, {
      packages: [
        { boxName: 'Large Box', quantity: 2, weightInGrams: 8000, itemCategory: 'Appliances' },
        { boxName: 'Passport', quantity: 1, weightInGrams: 200, itemCategory: 'Passport' },
      ],
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/shipments/me', headers: { cookie: dana.cookie } });
    const [row] = res.json().data;
    expect(row.trackingNumber).toBe(booked.trackingNumber);
    expect(row.packages.map((p: { boxName: string; quantity: number }) => [p.boxName, p.quantity])).toEqual([
      ['Large Box', 2],
      ['Passport', 1],
    ]);
    // They come from the copy on the shipment row (migration 0020), which equals shipment_packages field for field.
    const db = t.database.db;
    const [listed] = await selectByIds(db, [booked.id]);
    const recorded = await db.select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, booked.id)).orderBy(asc(shipmentPackages.position));
    expect(listed!.packages).toEqual(recorded.map(({ shipmentId: _s, createdAt: _c, ...line }) => line));
  });

  it('follow every write of shipment_packages, whoever writes them, in position order (the copy on the shipment row)', async () => {
    const db = t.database.db;
    const row = await insertShipment(db, { ownerId: carl.userId });
    expect(await listedLines(row.id)).toEqual([]);
    // Two lines in one statement, out of position order.
    await db.insert(shipmentPackages).values([
      {
        shipmentId: row.id,
        position: 1,
        boxName: 'Large Pouch',
        packagingCategory: 'Box',
        quantity: 3,
        priceInCents: 9000,
        basePriceInCents: 3000,
        weightInGrams: 300,
      },
      {
        shipmentId: row.id,
        position: 0,
        boxName: 'Small Box',
        packagingCategory: 'Box',
        quantity: 1,
        priceInCents: 22000,
        basePriceInCents: 22000,
        weightInGrams: 1500,
      },
    ]);
    expect(await listedLines(row.id)).toEqual([
      ['Small Box', 1, 0, 1500],
      ['Large Pouch', 3, 1, 300],
    ]);
    await db
      .update(shipmentPackages)
      .set({ quantity: 5 })
      .where(and(eq(shipmentPackages.shipmentId, row.id), eq(shipmentPackages.position, 1)));
    expect(await listedLines(row.id)).toEqual([
      ['Small Box', 1, 0, 1500],
      ['Large Pouch', 5, 1, 300],
    ]);
    await db.delete(shipmentPackages).where(and(eq(shipmentPackages.shipmentId, row.id), eq(shipmentPackages.position, 0)));
    expect(await listedLines(row.id)).toEqual([['Large Pouch', 5, 1, 300]]);
    // Deleting the shipment takes its lines with it (the cascade's own trigger finds no shipment to update).
    await db.delete(shipments).where(eq(shipments.id, row.id));
    expect(await db.select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, row.id))).toEqual([]);
  });
});

describe('a common search term', () => {
  it('a common surname pages from the name index: the same pages, ties and order as the filter, both ways', async () => {
    const db = t.database.db;
    const actor = actorFrom((await loadUserWithRoles(db, staff.userId))!);
    const at = Date.UTC(2024, 5, 1);
    await db.transaction(async (tx) => {
      for (let i = 0; i < 1010; i++) {
        // Two terms ("magbanua", "magbanua-reyes"), some shipments under both, and ties in booking time.
        const name = i % 3 === 0 ? 'Nena Magbanua-Reyes' : 'Nena Magbanua';
        await insertShipment(tx, {
          ownerId: carl.userId,
          receiverName: name,
          ...(i % 5 === 0 ? { senderName: 'Rudy Magbanua' } : {}),
          ...(i % 4 === 0 ? { deliveryStatus: 'Picked up' as const, status: 'OnGoing' as const } : {}),
          createdAt: new Date(at + Math.floor(i / 2) * 60_000),
        });
      }
    });
    expect(await resolveSearch(db, 'magbanua')).toEqual({ kind: 'many', atLeast: expect.any(Number), by: 'name' });
    for (const sortOrder of ['desc', 'asc'] as const) {
      const dir = sortOrder === 'desc' ? desc : asc;
      const expected = (
        await db
          .select({ id: shipments.id })
          .from(shipments)
          .where(
            sql`(${shipments.receiverName} ilike 'magbanua%' or ${shipments.receiverName} ilike '% magbanua%' or ${shipments.senderName} ilike '% magbanua%') and ${shipments.deletedAt} is null`,
          )
          .orderBy(dir(shipments.createdAt), dir(shipments.id))
      ).map((r) => r.id);
      expect(expected).toHaveLength(1010);
      for (const [page, limit] of [
        [1, 10],
        [2, 100],
        [20, 50],
        [101, 10],
        [11, 100],
      ] as const) {
        const result = await listShipments(db, actor, 'all', { page, limit, sortOrder, search: 'Magbanua' });
        expect(
          result.data.map((d) => d.id),
          `${sortOrder} page ${page} of ${limit}`,
        ).toEqual(expected.slice((page - 1) * limit, page * limit));
        expect(result.hasNextPage).toBe(page * limit < expected.length);
        if (result.hasNextPage) {
          expect(result.totalIsEstimate).toBe(true);
          expect(result.total).toBeGreaterThanOrEqual(1001);
        } else {
          // The last page: every match has been seen, so the total is exact.
          expect({ total: result.total, estimated: result.totalIsEstimate }).toEqual({ total: 1010, estimated: false });
        }
      }
    }
  });

  it('a common surname within a tab pages like the filter, and a customer searching it sees only their own', async () => {
    const db = t.database.db;
    const actor = actorFrom((await loadUserWithRoles(db, staff.userId))!);
    // One term ("lacsamana", under both names of some), over a thousand shipments, a quarter of them picked up.
    await db.transaction(async (tx) => {
      for (let i = 0; i < 1020; i++) {
        await insertShipment(tx, {
          ownerId: carl.userId,
          receiverName: 'Ising Lacsamana',
          ...(i % 7 === 0 ? { senderName: 'Berto Lacsamana' } : {}),
          ...(i % 4 === 0 ? { deliveryStatus: 'Picked up' as const, status: 'OnGoing' as const } : {}),
          createdAt: new Date(Date.UTC(2023, 2, 1) + Math.floor(i / 3) * 60_000),
        });
      }
    });
    expect(await resolveSearch(db, 'lacsamana')).toEqual({ kind: 'many', atLeast: 1001, by: 'name' });
    const tab = { deliveryStatus: ['Picked up' as const], shipmentStatus: ['Pending' as const, 'OnGoing' as const] };
    const named = sql`(${shipments.receiverName} ilike '% lacsamana' or ${shipments.senderName} ilike '% lacsamana')`;
    for (const sortOrder of ['desc', 'asc'] as const) {
      const dir = sortOrder === 'desc' ? desc : asc;
      const expected = (
        await db
          .select({ id: shipments.id })
          .from(shipments)
          .where(
            sql`${named} and ${shipments.deliveryStatus} = 'Picked up' and ${shipments.status} in ('Pending', 'OnGoing') and ${shipments.deletedAt} is null`,
          )
          .orderBy(dir(shipments.createdAt), dir(shipments.id))
      ).map((r) => r.id);
      expect(expected).toHaveLength(255);
      for (const [page, limit] of [
        [1, 10],
        [3, 50],
        [6, 50],
        [26, 10],
      ] as const) {
        const result = await listShipments(db, actor, 'all', { page, limit, sortOrder, search: 'Lacsamana', ...tab });
        expect(
          result.data.map((d) => d.id),
          `${sortOrder} page ${page} of ${limit}`,
        ).toEqual(expected.slice((page - 1) * limit, page * limit));
        expect(result.hasNextPage).toBe(page * limit < expected.length);
        if (!result.hasNextPage && result.data.length > 0)
          expect({ total: result.total, estimated: result.totalIsEstimate }).toEqual({ total: expected.length, estimated: false });
      }
    }
    // Carl booked them all; Ana, searching her own shipments, finds none of them.
    const own = await listShipments(db, actorFrom((await loadUserWithRoles(db, ana.userId))!), 'mine', { page: 1, limit: 10, search: 'lacsamana' });
    expect(own.data).toEqual([]);
    const carls = await listShipments(db, actorFrom((await loadUserWithRoles(db, carl.userId))!), 'mine', { page: 1, limit: 10, search: 'lacsamana' });
    expect(carls.data).toHaveLength(10);
  });

  it('more than 1,000 matches: pages exactly like the filter, with at least 1,001 as an estimated total until the last page', async () => {
    const db = t.database.db;
    const actor = actorFrom((await loadUserWithRoles(db, staff.userId))!);
    await db.transaction(async (tx) => {
      for (let i = 0; i < 1005; i++) {
        await insertShipment(tx, {
          ownerId: carl.userId,
          receiverName: `Tala Dimaculangan ${i}`,
          trackingNumber: `ND77${String(i).padStart(7, '0')}PH`,
          createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
        });
      }
    });
    expect(await resolveSearch(db, 'dimaculangan')).toEqual({ kind: 'many', atLeast: 1001, by: 'name' });
    const expected = (
      await db
        .select({ id: shipments.id })
        .from(shipments)
        .where(sql`${shipments.receiverName} ilike '%dimaculangan%' and ${shipments.deletedAt} is null`)
        .orderBy(desc(shipments.createdAt), desc(shipments.id))
    ).map((r) => r.id);
    expect(expected).toHaveLength(1005);
    for (const page of [1, 2, 50, 51]) {
      const result = await listShipments(db, actor, 'all', { page, limit: 20, search: 'Dimaculangan' });
      expect(result.data.map((d) => d.id)).toEqual(expected.slice((page - 1) * 20, page * 20));
      expect(result.hasNextPage).toBe(page * 20 < expected.length);
      // More than the cap matched: the total is a lower bound, marked as an estimate, until the last page.
      if (page === 51) expect({ total: result.total, estimated: result.totalIsEstimate }).toEqual({ total: 1005, estimated: false });
      else {
        expect(result.totalIsEstimate).toBe(true);
        expect(result.total).toBeGreaterThanOrEqual(Math.max(1001, page * 20));
      }
    }
    // The same shipments by the start of their tracking numbers: over the cap too, and walked the same way.
    expect(await resolveSearch(db, 'ND77')).toEqual({ kind: 'many', atLeast: 1001, by: 'tracking' });
    const byNumber = (
      await db
        .select({ id: shipments.id })
        .from(shipments)
        .where(sql`${shipments.trackingNumber} like 'ND77%' and ${shipments.deletedAt} is null`)
        .orderBy(desc(shipments.createdAt), desc(shipments.id))
    ).map((r) => r.id);
    expect(byNumber.length).toBeGreaterThanOrEqual(1005);
    for (const page of [1, 2, 50]) {
      const result = await listShipments(db, actor, 'all', { page, limit: 20, search: 'nd77' });
      expect(result.data.map((d) => d.id)).toEqual(byNumber.slice((page - 1) * 20, page * 20));
      expect(result.hasNextPage).toBe(true);
    }
  });
});
