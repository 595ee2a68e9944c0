import { BOXES, DEFAULT_PRICING_CONFIG, toBoxDisplay, type BoxDisplayDto } from '@hatid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';

let t: TestApp;
let admin: Session;
let customer: Session;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, customer] = await Promise.all([signInAs(t, 'admin'), signUpCustomer(t)]);
});
afterAll(async () => {
  await t?.close();
});

const boxes = async (session?: Session): Promise<BoxDisplayDto[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/boxes', headers: session ? { cookie: session.cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const box = (list: BoxDisplayDto[], name: string) => list.find((b) => b.name === name)!;
const putConfig = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/shipments/pricing/configs', payload, headers: { cookie: admin.cookie } });
const price = (url: string, session: Session | null, packages: object[]) =>
  t.app.inject({ method: 'POST', url, payload: { deliveryType: 'next_day', packages }, headers: session ? { cookie: session.cookie } : {} });

describe('GET /boxes', () => {
  it('answers the catalogue at the default prices before anyone changes them', async () => {
    expect(await boxes()).toEqual(BOXES.map(toBoxDisplay));
  });

  it('shows an admin’s new Small Box price at once, and the booking price uses it', async () => {
    // Read once first, so a cached copy of the old config exists when the change lands.
    expect(box(await boxes(customer), 'Small Box').basePrice).toBe(220);

    const saved = await putConfig({ boxes: { 'Small Box': { basePriceInCents: 25050 } } });
    expect(saved.statusCode).toBe(200);

    const small = box(await boxes(customer), 'Small Box');
    expect(small.basePrice).toBe(250.5);
    // Everything else about the box is the catalogue's.
    expect(small).toMatchObject({ id: 'small-box', length: 30.5, width: 25.4, height: 12.7, maxWeight: 3 });
    expect(box(await boxes(), 'Medium Box').basePrice).toBe(370);

    const smallBox = { boxName: 'Small Box', quantity: 2, weightInGrams: 1000 };
    const calculated = await price('/api/shipments/calculations', customer, [smallBox]);
    expect(calculated.json().data.packagesTotalInCents).toBe(2 * 25050);
    const details = await price('/api/shipments/pricing-details', null, [smallBox]);
    expect(details.json().data.packages[0]).toMatchObject({ unitPriceInCents: 25050, label: 'Base Delivery Fee (₱250.50 x 2)' });
  });

  it('follows limits, negotiated box rates and the Your Box rates of the config', async () => {
    const saved = await putConfig({
      boxes: { 'Large Box': { maxWeightInGrams: 12000 } },
      boxRatesInCents: { 'Medium Box': 30000 },
      yourBoxRatePerKgInCents: 8000,
      yourBoxMinimumKg: 4,
      ownBoxSurchargeInCents: 2500,
    });
    expect(saved.statusCode).toBe(200);

    const list = await boxes();
    expect(box(list, 'Large Box').maxWeight).toBe(12);
    // A negotiated rate replaces the base price, as the booking charges it.
    expect(box(list, 'Medium Box').basePrice).toBe(300);
    expect(box(list, 'Your Box')).toMatchObject({ basePrice: 320, perKgRate: 80, minWeight: 4, surcharge: 25 });
    const medium = await price('/api/shipments/calculations', null, [{ boxName: 'Medium Box', quantity: 1, weightInGrams: 1000 }]);
    expect(medium.json().data.packagesTotalInCents).toBe(30000);

    // Back to the defaults: so is the catalogue.
    expect((await putConfig(DEFAULT_PRICING_CONFIG)).statusCode).toBe(200);
    expect(await boxes()).toEqual(BOXES.map(toBoxDisplay));
  });
});
