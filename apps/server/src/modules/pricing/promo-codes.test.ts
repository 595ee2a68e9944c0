import { and, eq } from 'drizzle-orm';
import { PROMO_MESSAGES } from '@hatid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, promoCodes } from '../../db/schema/index.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { insertTestShipment, insertTestUser } from './promo-codes.fixtures.js';
import { releasePromoUse, reservePromoUse } from './promo-codes.service.js';

let t: TestApp;
let admin: Session;
let staff: Session;
let customer: Session;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, staff, customer] = await Promise.all([signInAs(t, 'admin'), signInAs(t, 'staff'), signUpCustomer(t)]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session?: Session | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session ? { cookie: session.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const thisYear = { startDate: '2020-01-01', endDate: '2099-12-31' };
async function createPromo(body: Record<string, unknown>) {
  // A percentage code of 10% unless the body says otherwise (a flat code brings its amountInCents).
  const discount = body.type === 'flat' ? {} : { type: 'percentage', percentOff: 10 };
  const res = await call('POST', '/api/promo-codes', admin, { ...discount, ...thisYear, ...body });
  if (res.statusCode !== 201) throw new Error(`create promo failed: ${res.body}`);
  return res.json().data as { id: string; code: string; usageCount: number };
}
/** Books a use of the code for `userId` the way the booking code does, in its own transaction. */
async function useOnce(code: string, userId: string) {
  const shipmentId = await insertTestShipment(t.app.db, userId);
  await t.app.db.transaction((tx) => reservePromoUse(tx, { code, userId, shipmentId, boxNames: ['Small Box'], packagesTotalInCents: 22000 }));
  return shipmentId;
}
const verify = (body: object, session?: Session | null) => call('POST', '/api/promo-codes/verification', session, body);

describe('promo code administration', () => {
  it('lets an admin create, read, list, search, change and delete a code', async () => {
    const created = await call('POST', '/api/promo-codes', admin, {
      code: ' rainy25 ',
      description: 'Rainy season',
      type: 'percentage',
      percentOff: '25',
      startDate: '2026-06-01',
      endDate: '2026-09-30',
      maxUsage: 500,
      maxUsagePerUser: 2,
      applicableBoxTypes: ['Small Box', 'Medium Box'],
    });
    expect(created.statusCode).toBe(201);
    const promo = created.json().data;
    expect(promo).toMatchObject({
      code: 'RAINY25',
      percentOff: 25,
      amountInCents: null,
      usageCount: 0,
      maxUsage: 500,
      startDate: '2026-05-31T16:00:00.000Z', // midnight in Manila
      endDate: '2026-09-30T15:59:59.999Z',
    });

    expect((await call('GET', `/api/promo-codes/${promo.id}`, admin)).json().data.code).toBe('RAINY25');
    const page = (await call('GET', '/api/promo-codes?limit=10&page=1&search=rainy', admin)).json();
    expect(page).toMatchObject({ page: 1, limit: 10, total: 1, totalPages: 1, hasNextPage: false });
    expect(page.data.map((p: { code: string }) => p.code)).toEqual(['RAINY25']);

    const changed = await call('PATCH', `/api/promo-codes/${promo.id}`, admin, { percentOff: 30, maxUsagePerUser: null });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ percentOff: 30, maxUsagePerUser: null, maxUsage: 500, description: 'Rainy season' });

    expect((await call('DELETE', `/api/promo-codes/${promo.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/promo-codes/${promo.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/promo-codes?search=RAINY25', admin)).json().total).toBe(0);
    expect((await verify({ code: 'rainy25' })).json().data).toEqual({ valid: false, message: PROMO_MESSAGES.notFound });

    const logged = await t.app.db
      .select({ action: activityLogs.action })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'PromoCode'), eq(activityLogs.entityId, promo.id)));
    expect(logged.map((l) => l.action).sort()).toEqual(['CREATED', 'DELETED', 'UPDATED']);
  });

  it('refuses customers and staff (403) and people who are not signed in (401)', async () => {
    const body = { code: 'NOPE10', type: 'flat', amountInCents: 1000, ...thisYear };
    expect((await call('POST', '/api/promo-codes', customer, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/promo-codes', customer)).statusCode).toBe(403);
    // The role table gives staff no promo code ability; only admins manage codes.
    expect((await call('POST', '/api/promo-codes', staff, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/promo-codes', null, body)).statusCode).toBe(401);
    const { id } = await createPromo({ code: 'GUARDED' });
    expect((await call('PATCH', `/api/promo-codes/${id}`, customer, { percentOff: 50 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/promo-codes/${id}`, customer)).statusCode).toBe(403);
  });

  it('keeps codes unique whatever the case, even after a delete', async () => {
    const { id } = await createPromo({ code: 'ONCEONLY' });
    const again = await call('POST', '/api/promo-codes', admin, { code: 'onceonly', type: 'flat', amountInCents: 500, ...thisYear });
    expect(again.statusCode).toBe(409);
    expect(again.json().details[0].field).toBe('code');
    await call('DELETE', `/api/promo-codes/${id}`, admin);
    expect((await call('POST', '/api/promo-codes', admin, { code: 'OnceOnly', type: 'flat', amountInCents: 500, ...thisYear })).statusCode).toBe(409);
  });

  it('checks the whole record: whole percentages, at most 100%, end after start, limit not below uses', async () => {
    const bad = (body: object) => call('POST', '/api/promo-codes', admin, { code: 'BADONE', type: 'percentage', percentOff: 10, ...thisYear, ...body });
    expect((await bad({ percentOff: 12.5 })).json().details).toEqual([{ field: 'percentOff', message: 'A percentage is a whole number' }]);
    expect((await bad({ percentOff: 101 })).json().details[0].message).toBe('Value must not exceed 100');
    expect((await bad({ startDate: '2026-05-01', endDate: '2026-04-30' })).statusCode).toBe(400);

    const promo = await createPromo({ code: 'CAPPED', type: 'flat', amountInCents: 5000, maxUsage: 3 });
    // Switching to a percentage keeps nothing of the old flat amount (centavos are not percent): it asks for one.
    const switched = await call('PATCH', `/api/promo-codes/${promo.id}`, admin, { type: 'percentage' });
    expect(switched.statusCode).toBe(400);
    expect(switched.json().details[0]).toEqual({ field: 'percentOff', message: 'Enter the percentage off' });
    const sent = await call('PATCH', `/api/promo-codes/${promo.id}`, admin, { type: 'percentage', percentOff: 15 });
    expect(sent.json().data).toMatchObject({ type: 'percentage', percentOff: 15, amountInCents: null });
    // A number in the other type's field is refused rather than read in the wrong unit.
    const mixed = await call('PATCH', `/api/promo-codes/${promo.id}`, admin, { amountInCents: 2000 });
    expect(mixed.json().details).toEqual([{ field: 'amountInCents', message: 'Only a flat code takes an amount in centavos' }]);
    const back = await call('PATCH', `/api/promo-codes/${promo.id}`, admin, { type: 'flat', amountInCents: 5000 });
    expect(back.json().data).toMatchObject({ type: 'flat', percentOff: null, amountInCents: 5000 });
    await useOnce('CAPPED', customer.userId);
    await useOnce('CAPPED', customer.userId);
    const lowered = await call('PATCH', `/api/promo-codes/${promo.id}`, admin, { maxUsage: 1 });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().details[0].field).toBe('maxUsage');
  });
});

describe('promo code verification', () => {
  it('answers each of the spec’s five messages, in the spec’s words', async () => {
    await createPromo({ code: 'LARGEONLY', applicableBoxTypes: ['Large Box'] });
    await createPromo({ code: 'OLDNEWS', startDate: '2020-01-01', endDate: '2020-12-31' });
    await createPromo({ code: 'LASTONE', maxUsage: 1 });
    await createPromo({ code: 'ONEEACH', maxUsagePerUser: 1 });
    await useOnce('LASTONE', await insertTestUser(t.app.db));
    await useOnce('ONEEACH', customer.userId);

    const message = async (code: string, session?: Session) => (await verify({ code, boxNames: ['Small Box'] }, session)).json().data.message;
    expect(await message('NOSUCHCODE')).toBe('Promo code not found');
    expect(await message('largeonly')).toBe('Promo code is not applicable for the selected box types');
    expect(await message('OLDNEWS')).toBe('Promo code has expired');
    expect(await message('LASTONE')).toBe('This promo code has been used up');
    expect(await message('ONEEACH', customer)).toBe('You have used up all possible uses of this promo code');
    // Signed out, nobody's uses are known; another customer still has their one use.
    expect((await verify({ code: 'ONEEACH', boxNames: ['Small Box'] })).json().data.valid).toBe(true);
  });

  it('shows the public fields and previews a discount that never exceeds the packages total', async () => {
    await createPromo({ code: 'BIGFLAT', type: 'flat', amountInCents: 1_000_000, maxUsage: 10 });
    const res = await verify({ code: 'bigflat', packages: [{ boxName: 'Small Box', quantity: 2, weightInGrams: 1000 }] });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      valid: true,
      promo: { code: 'BIGFLAT', type: 'flat', amountInCents: 1_000_000, percentOff: null },
      discountPreviewInCents: 44000,
    });
    expect(data.promo.usageCount).toBeUndefined();
    expect(data.promo.maxUsage).toBeUndefined();
    // A missing box name counts as Large Box.
    expect((await verify({ code: 'LARGEONLY', boxNames: [null] })).json().data.valid).toBe(true);
  });
});

describe('promo uses of shipments', () => {
  it('gives a cancelled shipment’s use back once, even after the code was deleted', async () => {
    const promo = await createPromo({ code: 'GIVEBACK', maxUsage: 2, maxUsagePerUser: 1 });
    const userId = await insertTestUser(t.app.db);
    const shipmentId = await useOnce('GIVEBACK', userId);
    await expect(useOnce('GIVEBACK', userId)).rejects.toMatchObject({
      code: 'RULE_BROKEN',
      message: PROMO_MESSAGES.userUsedUp,
      details: [{ field: 'promoCode', message: PROMO_MESSAGES.userUsedUp }],
    });
    await call('DELETE', `/api/promo-codes/${promo.id}`, admin);
    const usage = async () => (await t.app.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id)))[0]!.usageCount;
    expect(await usage()).toBe(1);
    expect(await t.app.db.transaction((tx) => releasePromoUse(tx, shipmentId))).toBe(true);
    expect(await t.app.db.transaction((tx) => releasePromoUse(tx, shipmentId))).toBe(false);
    expect(await usage()).toBe(0);
    // Deleted codes cannot be used for new bookings.
    await expect(useOnce('GIVEBACK', userId)).rejects.toMatchObject({ message: PROMO_MESSAGES.notFound });
  });

  it('frees the person’s use when their shipment is cancelled', async () => {
    await createPromo({ code: 'AGAINLATER', maxUsagePerUser: 1 });
    const userId = await insertTestUser(t.app.db);
    const first = await useOnce('AGAINLATER', userId);
    await t.app.db.transaction((tx) => releasePromoUse(tx, first));
    await expect(useOnce('AGAINLATER', userId)).resolves.toBeTypeOf('string');
  });

  it('returns the discount it counted, capped at the packages total', async () => {
    await createPromo({ code: 'TINYBOX', type: 'flat', amountInCents: 50_000 });
    const userId = await insertTestUser(t.app.db);
    const shipmentId = await insertTestShipment(t.app.db, userId);
    const reserved = await t.app.db.transaction((tx) =>
      reservePromoUse(tx, { code: 'tinybox', userId, shipmentId, boxNames: ['Passport'], packagesTotalInCents: 39900 }),
    );
    expect(reserved.discountInCents).toBe(39900);
    expect(reserved.promoCodeId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
