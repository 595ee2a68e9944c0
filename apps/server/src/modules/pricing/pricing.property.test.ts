import fc from 'fast-check';
import { calculationBody, quotePrice, type PricingConfig, type Promo } from '@hatid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';

let t: TestApp;
let config: PricingConfig;
let promo: Promo;
beforeAll(async () => {
  t = await buildTestApp();
  const staff = await signInAs(t, 'staff');
  const admin = await signInAs(t, 'admin');
  // A non-default config, so the property also shows the server prices with the stored one.
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/shipments/pricing/configs',
    headers: { cookie: staff.cookie },
    payload: { boxRatesInCents: { 'Small Box': 19900 }, yourBoxRatePerKgInCents: 8000, insuranceStepFeeInCents: 700 },
  });
  if (put.statusCode !== 200) throw new Error(put.body);
  config = (await t.app.inject({ method: 'GET', url: '/api/shipments/pricing/configs' })).json().data;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/promo-codes',
    headers: { cookie: admin.cookie },
    payload: {
      code: 'PROP15',
      type: 'percentage',
      percentOff: 15,
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      applicableBoxTypes: ['Small Box', 'Your Box', 'Large Box'],
    },
  });
  const p = created.json().data;
  promo = { ...p, amount: p.percentOff, startDate: new Date(p.startDate), endDate: new Date(p.endDate) };
});
afterAll(async () => {
  await t?.close();
});

const limits = { 'Small Box': 3000, 'Medium Box': 5000, 'Large Box': 10000, 'Large Pouch': 3000, Passport: 1000, 'Your Box': 60000, Cargo: 300000 };
const twoDecimals = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100);
const packageArb = fc.constantFrom(...(Object.keys(limits) as (keyof typeof limits)[])).chain((boxName) =>
  fc.record(
    {
      boxName: fc.constant(boxName),
      quantity: fc.integer({ min: 1, max: 25 }),
      weightInGrams: fc.integer({ min: 0, max: limits[boxName] }),
      lengthInCm: twoDecimals(200),
      widthInCm: twoDecimals(200),
      heightInCm: twoDecimals(200),
    },
    { requiredKeys: ['boxName', 'quantity', 'weightInGrams'] },
  ),
);
const fee = fc.integer({ min: 0, max: 500_000 });
const requestArb = fc.record(
  {
    deliveryType: fc.constantFrom('next_day', 'same_day', 'intra_city'),
    packages: fc.array(packageArb, { minLength: 1, maxLength: 4 }),
    declaredInsuranceValue: twoDecimals(100_000),
    promoCode: fc.constantFrom(null, 'PROP15', 'prop15', 'NOSUCH'),
    dangerousGoodsFeeInCents: fee,
    fuelChargeFeeInCents: fee,
    othersFeeInCents: fee,
    sizeAdjustmentFeeInCents: fee,
  },
  { requiredKeys: ['deliveryType', 'packages'] },
);

describe('POST /shipments/calculations against the domain', () => {
  it('answers exactly what quotePrice gives for the same input and config', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(requestArb, async (input) => {
        run += 1;
        // Each run from its own address: the property checks prices, not the per-IP rate limit.
        const res = await t.app.inject({ method: 'POST', url: '/api/shipments/calculations', payload: input, remoteAddress: `10.9.0.${run % 250}` });
        expect(res.statusCode).toBe(200);
        const parsed = calculationBody.parse(input);
        // What the server loads: the code named (any case) if it exists, nothing otherwise.
        const named = parsed.promoCode === promo.code ? promo : null;
        const expected = quotePrice(parsed, config, { promo: named, userUses: 0, now: new Date() });
        const { packages: _lines, ...fields } = expected;
        expect(res.json().data).toEqual(fields);
      }),
      { numRuns: 50 },
    );
  });
});
