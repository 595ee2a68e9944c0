import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '@hatid/domain';
import { activityLogs } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { book } from '../../testing/shipments.js';
import { REVIEW_RULES } from './reviews.service.js';

let t: TestApp;
let ana: Session;
let ben: Session;
let staff: Session;
beforeAll(async () => {
  t = await buildTestApp();
  ana = await signUpCustomer(t);
  ben = await createCustomer(t, 'Ben');
  staff = await signInAs(t, 'staff');
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: Session, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

/** Staff move the shipment along the real Next Day route, as the operations screens do. */
const ROUTE = [
  'On the way for pickup',
  'Package picked up',
  'At origin hub',
  'Loaded for shipping',
  'In-transit',
  'Arrived at destination port',
  'Arrived at destination hub',
  'Out for delivery',
  'Delivered',
];
async function delivered(owner: Session) {
  const shipment = await book(t, owner);
  for (const activity of ROUTE) {
    const res = await call('POST', `/api/shipments/${shipment.trackingNumber}/deliveryStatus`, staff, { activity });
    expect(res.statusCode, `${activity}: ${res.body}`).toBe(200);
  }
  return shipment;
}
const review = async (who: Session, body: object) => {
  const res = await call('POST', '/api/reviews', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; rating: number; comment: string | null };
};

describe('writing a review', () => {
  it('reviews my delivered shipment once; a second review is a 409 with a clear message', async () => {
    const shipment = await delivered(ana);
    const created = await review(ana, { shipmentId: shipment.id, rating: 5, comment: '  Fast and careful rider  ' });
    expect(created).toMatchObject({
      rating: 5,
      comment: 'Fast and careful rider',
      userId: ana.userId,
      userName: 'Ana Cruz',
      shipmentId: shipment.id,
      trackingNumber: shipment.trackingNumber,
    });
    const again = await call('POST', '/api/reviews', ana, { shipmentId: shipment.id, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: REVIEW_MESSAGES.onePerShipment });

    const found = await call('GET', `/api/reviews/user-shipment/${ana.userId}/${shipment.id}`, ana);
    expect(found.json().data).toMatchObject({ id: created.id, rating: 5 });
    const logged = await t.database.db
      .select({ action: activityLogs.action })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Review'), eq(activityLogs.entityId, created.id)));
    expect(logged).toEqual([{ action: 'CREATED' }]);
  });

  it('two reviews sent at once: one is stored, the other gets the same 409', async () => {
    const shipment = await delivered(ana);
    const answers = await Promise.all([5, 4].map((rating) => call('POST', '/api/reviews', ana, { shipmentId: shipment.id, rating })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(REVIEW_MESSAGES.onePerShipment);
  });

  it('only once the shipment is delivered: 422 with the reason', async () => {
    const shipment = await book(t, ana);
    const early = await call('POST', '/api/reviews', ana, { shipmentId: shipment.id, rating: 4 });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(REVIEW_RULES.notDelivered(shipment.trackingNumber, 'Order placed'));
    expect(early.json().details[0].field).toBe('shipmentId');

    const cancelled = await book(t, ana);
    expect((await call('PUT', `/api/shipments/${cancelled.id}/cancel`, ana, { reasonForCancellation: 'Changed my mind' })).statusCode).toBe(200);
    const res = await call('POST', '/api/reviews', ana, { shipmentId: cancelled.id, rating: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(REVIEW_RULES.cancelled(cancelled.trackingNumber));
  });

  it("only for my own shipment: another customer's answers 404", async () => {
    const bens = await delivered(ben);
    const res = await call('POST', '/api/reviews', ana, { shipmentId: bens.id, rating: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json().details).toEqual([{ field: 'shipmentId', message: REVIEW_RULES.notYourShipment }]);
    const byStaff = await call('POST', '/api/reviews', staff, { shipmentId: bens.id, rating: 5 });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().message).toBe(REVIEW_RULES.onlyYourShipment);
  });

  it('names the field and the reason for a bad rating or comment, and stores nothing', async () => {
    const shipment = await delivered(ana);
    for (const rating of [0, 6, 3.5, '5', undefined]) {
      const res = await call('POST', '/api/reviews', ana, { shipmentId: shipment.id, rating });
      expect([rating, res.statusCode]).toEqual([rating, 400]);
      expect(res.json().details).toEqual([{ field: 'rating', message: REVIEW_MESSAGES.rating }]);
    }
    const long = await call('POST', '/api/reviews', ana, { shipmentId: shipment.id, rating: 4, comment: 'x'.repeat(1025) });
    expect(long.json().details).toEqual([{ field: 'comment', message: 'Text must be at most 1024 characters', reason: 'validation.max_text' }]);
    const noShipment = await call('POST', '/api/reviews', ana, { shipmentId: 'ND123456785PH', rating: 4 });
    expect(noShipment.json().details).toEqual([{ field: 'shipmentId', message: REVIEW_MESSAGES.shipment }]);
    expect((await call('GET', `/api/reviews/user-shipment/${ana.userId}/${shipment.id}`, ana)).json().data).toBeNull();
    expect((await call('POST', '/api/reviews', undefined, { shipmentId: shipment.id, rating: 4 })).statusCode).toBe(401);
  });
});

describe('reading reviews', () => {
  it('lists my reviews, filtered by rating and comment words, with pages', async () => {
    const cara = await createCustomer(t, 'Cara');
    const written = [];
    for (const [rating, comment] of [
      [5, 'Rider was polite'],
      [3, 'Box arrived dented'],
      [5, null],
      [1, 'Late, 100% late'],
    ] as const) {
      written.push(await review(cara, { shipmentId: (await delivered(cara)).id, rating, comment }));
    }
    const page1 = (await call('GET', '/api/reviews?limit=3', cara)).json();
    expect(page1).toMatchObject({ page: 1, limit: 3, total: 4, totalPages: 2, hasNextPage: true });
    expect(page1.data.map((r: { id: string }) => r.id)).toEqual([written[3]!.id, written[2]!.id, written[1]!.id]);
    const page2 = (await call('GET', '/api/reviews?limit=3&page=2', cara)).json();
    expect(page2).toMatchObject({ page: 2, hasNextPage: false });
    expect(page2.data.map((r: { id: string }) => r.id)).toEqual([written[0]!.id]);

    const fives = (await call('GET', '/api/reviews?rating=5', cara)).json();
    expect(fives.data.map((r: { id: string }) => r.id)).toEqual([written[2]!.id, written[0]!.id]);
    const dented = (await call('GET', '/api/reviews?comment=DENTED', cara)).json();
    expect(dented.data.map((r: { id: string }) => r.id)).toEqual([written[1]!.id]);
    // % is a character to find, not a wildcard.
    expect((await call('GET', `/api/reviews?comment=${encodeURIComponent('100%')}`, cara)).json().total).toBe(1);
    expect((await call('GET', `/api/reviews?comment=${encodeURIComponent('r%e')}`, cara)).json().total).toBe(0);
    const bad = await call('GET', '/api/reviews?rating=7', cara);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toEqual({ field: 'rating', message: REVIEW_MESSAGES.rating });

    // Staff read everyone's; another customer reads none of Cara's.
    expect((await call('GET', '/api/reviews?rating=3&comment=dented&limit=100', staff)).json().data.map((r: { id: string }) => r.id)).toContain(written[1]!.id);
    expect((await call('GET', '/api/reviews?comment=dented', ben)).json().total).toBe(0);
  });

  it("another customer's review or user-shipment look-up answers 404", async () => {
    const shipment = await delivered(ana);
    const mine = await review(ana, { shipmentId: shipment.id, rating: 4 });
    expect((await call('GET', `/api/reviews/${mine.id}`, ben)).statusCode).toBe(404);
    const lookUp = await call('GET', `/api/reviews/user-shipment/${ana.userId}/${shipment.id}`, ben);
    expect(lookUp.statusCode).toBe(404);
    expect((await call('GET', `/api/reviews/user-shipment/${ana.userId}/${shipment.id}`, staff)).json().data.id).toBe(mine.id);
    expect((await call('GET', `/api/reviews/${mine.id}`, staff)).json().data.rating).toBe(4);
  });
});

describe('changing and deleting a review', () => {
  it('the author edits and deletes; another customer gets 404; staff may delete but not rewrite', async () => {
    const shipment = await delivered(ana);
    const mine = await review(ana, { shipmentId: shipment.id, rating: 2, comment: 'Slow' });
    const edited = await call('PATCH', `/api/reviews/${mine.id}`, ana, { rating: 4, comment: '' });
    expect(edited.json().data).toMatchObject({ rating: 4, comment: null });
    const bad = await call('PATCH', `/api/reviews/${mine.id}`, ana, { rating: 9 });
    expect(bad.json().details).toEqual([{ field: 'rating', message: REVIEW_MESSAGES.rating }]);
    expect((await call('PATCH', `/api/reviews/${mine.id}`, ana, {})).statusCode).toBe(400);

    expect((await call('PATCH', `/api/reviews/${mine.id}`, ben, { rating: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/reviews/${mine.id}`, ben)).statusCode).toBe(404);
    const rewrite = await call('PATCH', `/api/reviews/${mine.id}`, staff, { comment: 'Great!' });
    expect(rewrite.statusCode).toBe(403);
    expect(rewrite.json().message).toBe(REVIEW_RULES.onlyAuthor);
    expect((await call('GET', `/api/reviews/${mine.id}`, ana)).json().data).toMatchObject({ rating: 4, comment: null });

    expect((await call('DELETE', `/api/reviews/${mine.id}`, ana)).statusCode).toBe(204);
    expect((await call('GET', `/api/reviews/${mine.id}`, ana)).statusCode).toBe(404);
    // Deleted, the shipment may be reviewed afresh.
    const fresh = await review(ana, { shipmentId: shipment.id, rating: 5 });
    expect((await call('DELETE', `/api/reviews/${fresh.id}`, staff)).statusCode).toBe(204);
    const actions = await t.database.db
      .select({ action: activityLogs.action, actorId: activityLogs.actorId })
      .from(activityLogs)
      .where(eq(activityLogs.entityId, fresh.id));
    expect(actions).toEqual(expect.arrayContaining([{ action: 'DELETED', actorId: staff.userId }]));
  });
});
