import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, shipmentActivities, shipments, tickets, users } from '../../db/schema/index.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { decodeBarcodes, pdfText, rasterizePdf } from '../../testing/pdf-tools.js';
import { CEBU_CITY, DAVAO_CITY, waitingAtHub } from './consolidations.fixtures.js';

let t: TestApp;
let staff: Session;
let consolidator: Session;
let customer: Session;
let airCarrier: { id: string };
let truck: { id: string };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session: Session | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session ? { cookie: session.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const ok = async (method: Method, url: string, session: Session, payload?: unknown, status = 200) => {
  const res = await call(method, url, session, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json().data;
};
const db = () => t.database.db;
const lastActivity = async (shipmentId: string) =>
  (await db().select().from(shipmentActivities).where(eq(shipmentActivities.shipmentId, shipmentId)).orderBy(desc(shipmentActivities.createdAt)).limit(1))[0]!;
const statusOf = async (shipmentId: string) => (await db().select().from(shipments).where(eq(shipments.id, shipmentId)))[0]!.deliveryStatus;

beforeAll(async () => {
  // The webhooks test below registers an endpoint on this machine (nothing is sent: tests run no sender).
  t = await buildTestApp({ config: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  [staff, consolidator] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'consolidator')]);
  customer = await createCustomer(t, 'Sender');
  airCarrier = await ok('POST', '/api/couriers', staff, { name: 'Philippine Airlines Cargo', type: 'carrier', category: 'air', code: 'PR' }, 201);
  truck = await ok('POST', '/api/couriers', staff, { name: 'Luzon Trucking', type: 'carrier', category: 'land' }, 201);
});
afterAll(async () => {
  await t?.close();
});

describe('a consolidation from MNL to CEB, through every status', () => {
  it('opens, fills, seals, lands, finds a package missing (hold + ticket), and completes only once every package is confirmed', async () => {
    const [a, b, c] = [
      await waitingAtHub(db(), { ownerId: customer.userId }),
      await waitingAtHub(db(), { ownerId: customer.userId, pieces: 3 }),
      await waitingAtHub(db(), { ownerId: customer.userId }),
    ];
    const toDavao = await waitingAtHub(db(), { ownerId: customer.userId, to: DAVAO_CITY() });
    const notYet = await waitingAtHub(db(), { ownerId: customer.userId, deliveryStatus: 'Picked up' });

    const opened = await ok('POST', '/api/consolidations', consolidator, { senderAirport: 'mnl', receiverAirport: 'CEB' }, 201);
    expect(opened.tag).toMatch(/^MNL-CEB-\d{8}-01$/);
    expect(opened.status).toBe('pending');
    expect(opened.waiting.map((w: { trackingNumber: string }) => w.trackingNumber)).toEqual(
      expect.arrayContaining([a.trackingNumber, b.trackingNumber, c.trackingNumber]),
    );
    expect(opened.waiting.map((w: { trackingNumber: string }) => w.trackingNumber)).not.toContain(toDavao.trackingNumber);
    const second = await ok('POST', '/api/consolidations', consolidator, { senderAirport: 'MNL', receiverAirport: 'CEB' }, 201);
    expect(second.tag).toBe(opened.tag.replace(/-01$/, '-02'));

    // Scanning: each number is taken or refused on its own, with the reason.
    const added = await ok('POST', '/api/shipments/consolidate', consolidator, {
      consolidationId: opened.id,
      trackingNumbers: [a.trackingNumber, b.trackingNumber, c.trackingNumber, toDavao.trackingNumber, notYet.trackingNumber],
    });
    expect(added.done.sort()).toEqual([a, b, c].map((s) => s.trackingNumber).sort());
    expect(added.refused).toEqual([
      { trackingNumber: toDavao.trackingNumber, reason: 'This shipment does not fly MNL to CEB' },
      // Before the hub it is not a consolidator's shipment at all (the mid mile is their scope).
      { trackingNumber: notYet.trackingNumber, reason: 'Shipment not found' },
    ]);
    expect(added.consolidation).toMatchObject({ shipmentCount: 3, totalPieces: 7, totalWeightInGrams: 10_500 });
    // In one consolidation at most: the second one cannot take a shipment the first holds.
    const taken = await ok('POST', '/api/shipments/consolidate', consolidator, { consolidationId: second.id, trackingNumbers: [a.trackingNumber] });
    expect(taken.refused).toEqual([{ trackingNumber: a.trackingNumber, reason: 'This shipment is already in a consolidation' }]);
    const removed = await ok('POST', '/api/shipments/consolidate', consolidator, {
      consolidationId: opened.id,
      action: 'remove',
      trackingNumbers: [c.trackingNumber],
    });
    expect(removed.done).toEqual([c.trackingNumber]);
    await ok('POST', '/api/shipments/consolidate', consolidator, { consolidationId: opened.id, trackingNumbers: [c.trackingNumber] });

    // Sealing needs the carrier and its master air waybill number, and says in words which is missing (issue 29, item 4).
    const unsealed = await call('POST', `/api/consolidations/${opened.tag}/completeConsolidation`, consolidator);
    expect(unsealed.statusCode).toBe(422);
    expect(unsealed.json().message).toBe('Choose the carrier and enter the master air waybill (MAWB) number before sealing');
    expect(unsealed.json().details).toEqual([
      { field: 'courierId', message: 'Choose the carrier before sealing' },
      { field: 'masterAwbNumber', message: 'Enter the master air waybill (MAWB) number before sealing' },
    ]);
    await ok('PUT', `/api/consolidations/${opened.id}`, consolidator, { masterAwbNumber: '079-12345675' });
    const noCarrier = await call('POST', `/api/consolidations/${opened.tag}/completeConsolidation`, consolidator);
    expect(noCarrier.statusCode).toBe(422);
    expect(noCarrier.json()).toMatchObject({
      message: 'Choose the carrier before sealing',
      details: [{ field: 'courierId', message: 'Choose the carrier before sealing' }],
    });
    expect(await statusOf(a.id)).toBe('Orig. hub');
    const wrongCarrier = await call('PUT', `/api/consolidations/${opened.id}`, consolidator, { courierId: truck.id });
    expect(wrongCarrier.statusCode).toBe(422);
    expect(wrongCarrier.json().details[0].field).toBe('courierId');
    await ok('PUT', `/api/consolidations/${opened.id}`, consolidator, { courierId: airCarrier.id, masterAwbNumber: '079-12345675' });

    // Transport details per shipment: an air or sea carrier, flight, departure before arrival.
    const byTruck = await call('PATCH', `/api/consolidations/shipment/${a.id}/transport-details`, consolidator, { carrierId: truck.id });
    expect(byTruck.statusCode).toBe(422);
    const backwards = await call('PATCH', `/api/consolidations/shipment/${a.id}/transport-details`, consolidator, {
      departureAt: '2026-11-22T10:00:00+08:00',
      arrivalAt: '2026-11-22T09:00:00+08:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toEqual([{ field: 'arrivalAt', message: 'Arrival cannot be before departure' }]);
    for (const s of [a, b, c]) {
      await ok('PATCH', `/api/consolidations/shipment/${s.id}/transport-details`, consolidator, {
        carrierId: airCarrier.id,
        flightNumber: 'pr 1845',
        departureAt: '2026-11-22T08:00:00+08:00',
        arrivalAt: '2026-11-22T09:25:00+08:00',
      });
    }

    const events: { type: string; channels: string[]; payload: Record<string, unknown> }[] = [];
    const stopListening = t.app.events.subscribe((event) => void events.push(event));
    const sealed = await ok('POST', `/api/consolidations/${opened.tag}/completeConsolidation`, consolidator);
    stopListening();
    // The people following each shipment hear of it (a hint on its channel and its sender's).
    const hinted = events.filter((e) => e.type === 'DELIVERY_STATUS_UPDATED' && e.payload.activity === 'Loaded for shipping');
    expect(hinted.map((e) => e.payload.trackingNumber).sort()).toEqual([a, b, c].map((s) => s.trackingNumber).sort());
    expect(hinted[0]!.channels).toEqual(expect.arrayContaining([`user:${customer.userId}`, 'admin']));
    expect(sealed.status).toBe('consolidated');
    expect(sealed.shipments[0]).toMatchObject({ flightNumber: 'PR 1845', carrier: { name: 'Philippine Airlines Cargo' } });
    for (const s of [a, b, c]) {
      expect(await statusOf(s.id)).toBe('Orig. port');
      expect(await lastActivity(s.id)).toMatchObject({ name: 'Loaded for shipping', type: 'consolidation', location: 'MNL' });
    }
    expect(
      (await call('POST', '/api/shipments/consolidate', consolidator, { consolidationId: opened.id, trackingNumbers: [toDavao.trackingNumber] })).statusCode,
    ).toBe(409);
    expect((await call('POST', `/api/consolidations/${opened.tag}/completeConsolidation`, consolidator)).statusCode).toBe(409);

    const landed = await ok('POST', `/api/consolidations/${opened.tag}/startDeconsolidation`, consolidator);
    expect(landed.status).toBe('deconsolidating');
    for (const s of [a, b, c]) expect(await lastActivity(s.id)).toMatchObject({ name: 'Arrived at destination port', deliveryStatus: 'Dest. port' });

    const early = await call('POST', `/api/consolidations/${opened.tag}/completeDeconsolidation`, consolidator);
    expect(early.statusCode).toBe(422);
    expect(early.json().details[0].field).toBe('packages');

    const checked = await ok('POST', `/api/consolidations/${opened.tag}/confirmPackages`, consolidator, {
      packages: [
        { trackingNumber: a.trackingNumber, status: 'received' },
        { trackingNumber: b.trackingNumber.toLowerCase(), status: 'missing', note: 'Not in the ULD' },
      ],
    });
    expect(checked.confirmedCount).toBe(2);
    // The missing package: on hold (status unchanged), and a ticket about it for support.
    expect(await lastActivity(b.id)).toMatchObject({ name: 'On hold - Requires documentation', type: 'on_hold', deliveryStatus: 'Dest. port' });
    const progress = (await ok('GET', `/api/shipment-miles/progress/${b.trackingNumber}`, staff)) as { miles: { mile: string; status: string }[] };
    expect(progress.miles.find((m) => m.mile === 'mid')?.status).toBe('on_hold');
    const [ticket] = await db().select().from(tickets).where(eq(tickets.shipmentId, b.id));
    expect(ticket).toMatchObject({ subject: `Package missing: ${b.trackingNumber}`, status: 'open' });
    expect(ticket!.description).toContain(`Package missing at deconsolidation of ${opened.tag} (CEB): Not in the ULD`);
    expect((await ok('GET', `/api/tickets/shipment/${b.id}`, staff)).length).toBe(1);
    // Confirming the same finding again opens no second ticket.
    await ok('POST', `/api/consolidations/${opened.tag}/confirmPackages`, consolidator, {
      packages: [{ trackingNumber: b.trackingNumber, status: 'missing', note: 'Not in the ULD' }],
    });
    expect(await db().select().from(tickets).where(eq(tickets.shipmentId, b.id))).toHaveLength(1);
    expect(await lastActivity(a.id)).toMatchObject({ name: 'Arrived at destination port' });

    const stillOne = await call('POST', `/api/consolidations/${opened.tag}/completeDeconsolidation`, consolidator);
    expect(stillOne.statusCode).toBe(422);
    expect(stillOne.json().message).toContain(c.trackingNumber);

    const stranger = await waitingAtHub(db(), { ownerId: customer.userId });
    const notHere = await call('POST', `/api/consolidations/${opened.tag}/confirmPackages`, consolidator, {
      packages: [{ trackingNumber: stranger.trackingNumber, status: 'received' }],
    });
    expect(notHere.statusCode).toBe(422);

    await ok('POST', `/api/consolidations/${opened.tag}/confirmPackages`, consolidator, {
      packages: [{ trackingNumber: c.trackingNumber, status: 'damaged' }],
    });
    expect(
      await db()
        .select()
        .from(tickets)
        .where(and(eq(tickets.shipmentId, c.id))),
    ).toHaveLength(1);
    const done = await ok('POST', `/api/consolidations/${opened.tag}/completeDeconsolidation`, consolidator);
    expect(done).toMatchObject({ status: 'completed', confirmedCount: 3 });
    expect(done.completedAt).not.toBeNull();
    // Completion ends the mid mile: the package received goes on to the destination hub; the missing and the
    // damaged one stay at the port, on hold with their tickets (issue 29, item 19's consolidation part).
    expect(await statusOf(a.id)).toBe('Dest. hub');
    expect(await lastActivity(a.id)).toMatchObject({ name: 'Arrived at destination hub', deliveryStatus: 'Dest. hub', location: 'CEB' });
    expect(done.shipments.find((l: { trackingNumber: string }) => l.trackingNumber === a.trackingNumber).deliveryStatus).toBe('Dest. hub');
    for (const held of [b, c]) {
      expect(await statusOf(held.id)).toBe('Dest. port');
      expect(await lastActivity(held.id)).toMatchObject({ name: 'On hold - Requires documentation' });
    }
    // The customer's public tracking tells the truth too.
    expect((await call('GET', `/api/shipments/track/${a.trackingNumber}`, null)).json().data.deliveryStatus).toBe('Dest. hub');

    // Found again by its master air waybill number, or by one shipment's tracking number (a scan).
    expect((await ok('GET', '/api/consolidations/tracking-number/079-12345675', staff)).tag).toBe(opened.tag);
    expect((await ok('GET', `/api/consolidations/tracking-number/${b.trackingNumber}`, staff)).tag).toBe(opened.tag);
    expect((await ok('GET', `/api/consolidations/${opened.id}`, staff)).tag).toBe(opened.tag);
    const mine = await call('GET', '/api/consolidations/me?status=completed', consolidator);
    expect(mine.json().data.map((r: { tag: string }) => r.tag)).toEqual([opened.tag]);
  });

  it('prints a manifest: tag, airports, carrier, flight, one Code 128 per shipment, totals', async () => {
    const a = await waitingAtHub(db(), { ownerId: customer.userId, pieces: 1 });
    const b = await waitingAtHub(db(), { ownerId: customer.userId, pieces: 4 });
    const made = await ok(
      'POST',
      '/api/consolidations',
      consolidator,
      {
        senderAirport: 'MNL',
        receiverAirport: 'CEB',
        courierId: airCarrier.id,
        masterAwbNumber: '079-55551234',
        trackingNumbers: [a.trackingNumber, b.trackingNumber],
      },
      201,
    );
    for (const s of [a, b]) {
      await ok('PATCH', `/api/consolidations/shipment/${s.id}/transport-details`, consolidator, {
        carrierId: airCarrier.id,
        flightNumber: 'PR 1863',
        departureAt: '2026-11-22T14:00:00+08:00',
      });
    }
    const res = await call('GET', `/api/consolidations/${made.tag}/manifest`, consolidator);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    const text = await pdfText(pdf, 'manifest');
    for (const expected of [
      made.tag,
      'MNL (Manila)',
      'CEB (Cebu)',
      'Philippine Airlines Cargo (PR)',
      '079-55551234',
      'PR 1863',
      a.trackingNumber,
      b.trackingNumber,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Totals: 2 shipment\(s\), 5 piece\(s\), 7\.50 kg/);
    const [page] = await rasterizePdf(pdf, 'manifest');
    const codes = await decodeBarcodes(page!);
    expect(codes).toEqual(expect.arrayContaining([`CODE-128:${a.trackingNumber}`, `CODE-128:${b.trackingNumber}`]));
  });
});

describe("a business's webhooks", () => {
  it('hear of its shipments moved by a consolidation (sealed, then landed), and only of its own', async () => {
    const [business] = await db().insert(businesses).values({ name: 'Sari-sari Hub' }).returning({ id: businesses.id });
    const bizAdmin = await signInAs(t, 'business_admin');
    await db().update(users).set({ businessId: business!.id }).where(eq(users.id, bizAdmin.userId));
    const endpoint = await ok('POST', '/api/webhooks/endpoints', bizAdmin, { url: 'http://127.0.0.1:9/hooks', events: ['shipment.status_changed'] }, 201);
    const ours = await waitingAtHub(db(), { ownerId: bizAdmin.userId, businessId: business!.id });
    const notOurs = await waitingAtHub(db(), { ownerId: customer.userId });

    const opened = await ok('POST', '/api/consolidations', consolidator, { senderAirport: 'MNL', receiverAirport: 'CEB' }, 201);
    await ok('POST', '/api/shipments/consolidate', consolidator, {
      consolidationId: opened.id,
      trackingNumbers: [ours.trackingNumber, notOurs.trackingNumber],
    });
    await ok('PUT', `/api/consolidations/${opened.id}`, consolidator, { courierId: airCarrier.id, masterAwbNumber: '079-12345675' });
    await ok('POST', `/api/consolidations/${opened.tag}/completeConsolidation`, consolidator);
    await ok('POST', `/api/consolidations/${opened.tag}/startDeconsolidation`, consolidator);

    // The request fanned the events out after its commit: the endpoint's deliveries are listed at once, newest first.
    const deliveries = (await ok('GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries?limit=50`, bizAdmin)) as {
      eventType: string;
      trackingNumber: string;
    }[];
    expect(deliveries.map((d) => [d.eventType, d.trackingNumber])).toEqual([
      ['shipment.status_changed', ours.trackingNumber],
      ['shipment.status_changed', ours.trackingNumber],
    ]);
    expect(await statusOf(ours.id)).toBe('Dest. port');
  });
});

describe('tags', () => {
  it("numbers the day's consolidations of a pair one after the other, past 10 too", async () => {
    const tags: string[] = [];
    for (let i = 0; i < 12; i++) tags.push((await ok('POST', '/api/consolidations', consolidator, { senderAirport: 'ILO', receiverAirport: 'MNL' }, 201)).tag);
    expect(tags.map((tag) => tag.split('-')[3])).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
  });
});

describe('automated consolidation', () => {
  it('groups everything waiting at the origin hub by airport pair, and tops up its open consolidation later', async () => {
    const owner = (await createCustomer(t, 'Bulk')).userId;
    const toCebu = [await waitingAtHub(db(), { ownerId: owner }), await waitingAtHub(db(), { ownerId: owner })];
    const toDavao = await waitingAtHub(db(), { ownerId: owner, to: DAVAO_CITY() });
    const fromCebu = await waitingAtHub(db(), { ownerId: owner, from: CEBU_CITY(), to: DAVAO_CITY() });
    const made = (await ok('POST', '/api/consolidations/automated', consolidator, { senderAirport: 'MNL' })) as {
      tag: string;
      isAutomated: boolean;
      receiverAirport: string;
      shipments: { trackingNumber: string }[];
    }[];
    const byDestination = Object.fromEntries(made.map((c) => [c.receiverAirport, c]));
    expect(Object.keys(byDestination).sort()).toEqual(['CEB', 'DVO']);
    expect(byDestination.CEB!.isAutomated).toBe(true);
    expect(byDestination.CEB!.shipments.map((s) => s.trackingNumber)).toEqual(expect.arrayContaining(toCebu.map((s) => s.trackingNumber)));
    expect(byDestination.DVO!.shipments.map((s) => s.trackingNumber)).toContain(toDavao.trackingNumber);
    expect(made.flatMap((c) => c.shipments.map((s) => s.trackingNumber))).not.toContain(fromCebu.trackingNumber);

    const late = await waitingAtHub(db(), { ownerId: owner });
    const again = (await ok('POST', '/api/consolidations/automated', consolidator, { senderAirport: 'MNL' })) as {
      tag: string;
      shipments: { trackingNumber: string }[];
    }[];
    expect(again.map((c) => c.tag)).toEqual([byDestination.CEB!.tag]);
    expect(again[0]!.shipments.map((s) => s.trackingNumber)).toContain(late.trackingNumber);
  });
});

describe('bad input and who may', () => {
  it('answers bad input with the error shape, naming the field', async () => {
    const same = await call('POST', '/api/consolidations', consolidator, { senderAirport: 'MNL', receiverAirport: 'MNL' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'receiverAirport', message: 'Choose a destination other than the origin' }],
    });
    const unknown = await call('POST', '/api/consolidations', consolidator, { senderAirport: 'LAX', receiverAirport: 'CEB' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'senderAirport', message: 'Choose a Philippine airport from the list' }]);
    const badStatus = await call('POST', '/api/consolidations/MNL-CEB-20261122-01/confirmPackages', consolidator, {
      packages: [{ trackingNumber: 'ND000000000PH', status: 'lost' }],
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().details.map((d: { field: string }) => d.field)).toContain('packages.0.status');
    const badScan = await call('POST', '/api/shipments/consolidate', consolidator, { consolidationId: 'not-an-id', trackingNumbers: [] });
    expect(badScan.statusCode).toBe(400);
    expect(
      badScan
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['consolidationId', 'trackingNumbers']);
    expect((await call('GET', '/api/consolidations/NOPE-NOPE', staff)).statusCode).toBe(404);
  });

  it('keeps customers out (their table row is their own leg, not operations), and partners to their own', async () => {
    expect((await call('GET', '/api/consolidations', customer)).statusCode).toBe(403);
    expect((await call('POST', '/api/consolidations', customer, { senderAirport: 'MNL', receiverAirport: 'CEB' })).statusCode).toBe(403);
    const partner = await signInAs(t, 'service_partner');
    const theirs = await ok('POST', '/api/consolidations', partner, { senderAirport: 'DVO', receiverAirport: 'CEB' }, 201);
    const list = (await ok('GET', '/api/consolidations?limit=100', partner)) as { id: string }[];
    expect(list.map((c) => c.id)).toEqual([theirs.id]);
    const ssp = await signInAs(t, 'ssp');
    expect((await call('GET', `/api/consolidations/${theirs.id}`, ssp)).statusCode).toBe(200);
    expect((await call('PUT', `/api/consolidations/${theirs.id}`, ssp, { masterAwbNumber: '123-45678901' })).statusCode).toBe(403);
  });
});
