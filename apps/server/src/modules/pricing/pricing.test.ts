import { and, eq } from 'drizzle-orm';
import { DEFAULT_PRICING_CONFIG, PROMO_MESSAGES } from '@hatid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { insertTestShipment, insertTestUser } from './promo-codes.fixtures.js';
import { reservePromoUse } from './promo-codes.service.js';
import { loadPricingConfig } from './pricing.service.js';

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

const post = (url: string, payload: object, session?: Session | null) =>
  t.app.inject({ method: 'POST', url, payload, headers: session ? { cookie: session.cookie } : {} });
const putConfig = (payload: object, session?: Session | null) =>
  t.app.inject({ method: 'PUT', url: '/api/shipments/pricing/configs', payload, headers: session ? { cookie: session.cookie } : {} });
const calculate = (body: object, session?: Session | null) => post('/api/shipments/calculations', body, session);
const smallBox = { boxName: 'Small Box', quantity: 1, weightInGrams: 1000 };
const request = (over: object = {}) => ({ deliveryType: 'next_day', packages: [smallBox], ...over });

async function createPromo(body: Record<string, unknown>) {
  const discount = body.type === 'flat' ? {} : { type: 'percentage', percentOff: 10 };
  const res = await post('/api/promo-codes', { ...discount, startDate: '2020-01-01', endDate: '2099-12-31', ...body }, admin);
  if (res.statusCode !== 201) throw new Error(`create promo failed: ${res.body}`);
}
async function useOnce(code: string, userId: string) {
  const shipmentId = await insertTestShipment(t.app.db, userId);
  await t.app.db.transaction((tx) => reservePromoUse(tx, { code, userId, shipmentId, boxNames: ['Small Box'], packagesTotalInCents: 22000 }));
}

describe('POST /shipments/calculations', () => {
  it('prices a booking for anyone, signed in or not, with the spec’s result fields', async () => {
    const res = await calculate(
      request({
        packages: [
          { ...smallBox, quantity: 2 },
          { boxName: 'Your Box', quantity: 1, weightInGrams: 1200 },
        ],
        declaredInsuranceValue: 1200,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      totalQuantity: 3,
      packagesTotalInCents: 44000 + 37500,
      packagesTotal: 815,
      surchargeInCents: 2000,
      surcharge: 20,
      ownBoxSurchargeInCents: 2000,
      sameDayFeeInCents: 0,
      subtotalInCents: 83500,
      subtotal: 835,
      insuranceInCents: 2000,
      insurance: 20,
      insuranceValueInCents: 2000,
      insuranceValue: 20,
      feesInCents: 0,
      retrievalFeeInCents: 0,
      discountAmountInCents: 0,
      discountAmount: 0,
      promoCodeError: null,
      totalInCents: 85500,
      total: 855,
    });
    expect((await calculate(request(), customer)).statusCode).toBe(200);
  });

  it('adds the receiver province’s retrieval fee once', async () => {
    const provinces = (await t.app.inject({ method: 'GET', url: '/api/addresses/covered-provinces' })).json().data as {
      provinceCode: string;
      name: string;
      retrievalFeeInCents: number;
    }[];
    const benguet = provinces.find((p) => p.name === 'Benguet')!;
    const res = await calculate(request({ receiverProvinceCode: benguet.provinceCode, packages: [{ ...smallBox, quantity: 3 }] }));
    expect(res.json().data.retrievalFeeInCents).toBe(benguet.retrievalFeeInCents);
    expect(res.json().data.totalInCents).toBe(3 * 22000 + 1000 + benguet.retrievalFeeInCents);
  });

  it('refuses a package over its box’s limit with 422 naming the package’s weight field', async () => {
    const res = await calculate(request({ packages: [smallBox, { boxName: 'Medium Box', quantity: 1, weightInGrams: 5001 }] }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'RULE_BROKEN',
      message: 'Medium Box takes up to 5 kg. For a heavier package choose Your Box or Cargo.',
      details: [{ field: 'packages.1.weightInGrams', message: 'Medium Box takes up to 5 kg. For a heavier package choose Your Box or Cargo.' }],
    });
  });

  it('reports each of the five promo problems as promoCodeError with a 200 and the full price', async () => {
    await createPromo({ code: 'CALC-LARGE', applicableBoxTypes: ['Large Box'] });
    await createPromo({ code: 'CALC-OLD', startDate: '2020-01-01', endDate: '2020-12-31' });
    await createPromo({ code: 'CALC-LAST', maxUsage: 1 });
    await createPromo({ code: 'CALC-MINE', maxUsagePerUser: 1 });
    await useOnce('CALC-LAST', await insertTestUser(t.app.db));
    await useOnce('CALC-MINE', customer.userId);

    const cases: [string, string, Session | undefined][] = [
      ['NOSUCHCODE', PROMO_MESSAGES.notFound, undefined],
      ['calc-large', PROMO_MESSAGES.notApplicable, undefined],
      ['CALC-OLD', PROMO_MESSAGES.expired, undefined],
      ['CALC-LAST', PROMO_MESSAGES.usedUp, undefined],
      ['CALC-MINE', PROMO_MESSAGES.userUsedUp, customer],
    ];
    for (const [code, message, session] of cases) {
      const res = await calculate(request({ promoCode: code }), session);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ promoCodeError: message, discountAmountInCents: 0, totalInCents: 23000 });
    }
    // The same code works for someone who has not used it.
    expect((await calculate(request({ promoCode: 'CALC-MINE' }))).json().data).toMatchObject({ promoCodeError: null, discountAmountInCents: 2200 });
  });

  it('never discounts more than the packages total, whatever the fees', async () => {
    await createPromo({ code: 'HUGEFLAT', type: 'flat', amountInCents: 100_000_000 });
    const res = await calculate(request({ promoCode: 'hugeflat', deliveryType: 'same_day', fuelChargeFeeInCents: 5000 }));
    const data = res.json().data;
    expect(data.discountAmountInCents).toBe(data.packagesTotalInCents);
    expect(data.totalInCents).toBe(200000 + 1000 + 5000);
  });
});

describe('limits and docs', () => {
  it('allows 120 calculations a minute from one address, then answers 429', async () => {
    const from = () =>
      t.app.inject({ method: 'POST', url: '/api/shipments/calculations', payload: request(), remoteAddress: '10.7.7.7' }).then((r) => r.statusCode);
    const codes = await Promise.all(Array.from({ length: 120 }, () => from()));
    expect(codes.every((c) => c === 200)).toBe(true);
    expect(await from()).toBe(429);
    // Another address still has its own budget.
    expect((await t.app.inject({ method: 'POST', url: '/api/shipments/calculations', payload: request(), remoteAddress: '10.7.7.8' })).statusCode).toBe(200);
  });

  it('documents the pricing and promo code calls in the OpenAPI description', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/shipments/calculations',
        '/api/shipments/pricing-details',
        '/api/shipments/pricing/configs',
        '/api/promo-codes/',
        '/api/promo-codes/{id}',
        '/api/promo-codes/verification',
      ]),
    );
  });
});

describe('POST /shipments/pricing-details', () => {
  it('adds each package line with its breakdown label', async () => {
    const res = await post(
      '/api/shipments/pricing-details',
      request({
        packages: [
          { ...smallBox, quantity: 2 },
          { boxName: 'Cargo', quantity: 1, weightInGrams: 12_300 },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const { packages, totalInCents } = res.json().data;
    expect(packages.map((p: { label: string }) => p.label)).toEqual(['Base Delivery Fee (₱220.00 x 2)', 'Chargeable weight fee']);
    expect(packages[1]).toMatchObject({ category: 'Cargo', chargeableWeightKg: 13, lineTotalInCents: 13 * 7500, surchargeInCents: 2000 });
    expect(totalInCents).toBe(44000 + 97500 + 2000 + 1000);
  });
});

describe('pricing configs', () => {
  it('shows the config in force to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shipments/pricing/configs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.boxes['Large Box']).toEqual({ basePriceInCents: 72000, maxWeightInGrams: 10000 });
    expect(res.json().data.sameDayFeeInCents).toBe(200000);
  });

  it('lets staff change prices and limits, which the very next calculation uses, and logs the change', async () => {
    await loadPricingConfig(t.app.db); // warm the cache: the change must still show at once
    const res = await putConfig(
      { boxes: { 'Small Box': { basePriceInCents: 25000, maxWeightInGrams: 2000 } }, boxRatesInCents: { 'Medium Box': 30000 } },
      staff,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.boxes['Small Box']).toEqual({ basePriceInCents: 25000, maxWeightInGrams: 2000 });
    expect(res.json().data.boxes['Medium Box']).toEqual(DEFAULT_PRICING_CONFIG.boxes['Medium Box']);

    const priced = await post('/api/shipments/pricing-details', request({ packages: [smallBox, { boxName: 'Medium Box', quantity: 2, weightInGrams: 100 }] }));
    expect(priced.json().data.packagesTotalInCents).toBe(25000 + 2 * 30000);
    expect(priced.json().data.packages[1].label).toBe('Box Rate (₱300.00 x 2)');
    const heavy = await calculate(request({ packages: [{ ...smallBox, weightInGrams: 2500 }] }));
    expect(heavy.statusCode).toBe(422);
    expect(heavy.json().message).toBe('Small Box takes up to 2 kg. For a heavier package choose Your Box or Cargo.');
    expect((await t.app.inject({ method: 'GET', url: '/api/shipments/pricing/configs' })).json().data.boxRatesInCents).toEqual({ 'Medium Box': 30000 });

    const [log] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'PricingConfig'), eq(activityLogs.actorId, staff.userId)));
    expect(log).toMatchObject({ action: 'UPDATED', category: 'pricing', actorName: 'Teresa Reyes' });
    expect(log!.after).toMatchObject({ boxRatesInCents: { 'Medium Box': 30000 } });

    // Removing the negotiated rate and restoring the box: the price follows again.
    expect((await putConfig({ boxRatesInCents: {}, boxes: { 'Small Box': DEFAULT_PRICING_CONFIG.boxes['Small Box'] } }, admin)).statusCode).toBe(200);
    expect((await calculate(request())).json().data.packagesTotalInCents).toBe(22000);
  });

  it('refuses customers (403), signed-out people (401) and invalid values (400)', async () => {
    expect((await putConfig({ sameDayFeeInCents: 1 }, customer)).statusCode).toBe(403);
    expect((await putConfig({ sameDayFeeInCents: 1 })).statusCode).toBe(401);
    const bad = await putConfig({ sameDayFeeInCents: -5, boxes: { 'Small Box': { basePriceInCents: 1.5 } } }, staff);
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['boxes.Small Box.basePriceInCents', 'sameDayFeeInCents']);
    expect((await putConfig({ surprise: 1 }, staff)).statusCode).toBe(400);
    expect((await calculate(request({ deliveryType: 'same_day' }))).json().data.sameDayFeeInCents).toBe(200000);
  });
});
