import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { DEFAULT_PRICING_CONFIG, quotePrice } from '@hatid/domain';
import { shipments } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, type Session } from '../../testing/auth.js';
import { bookingInput, priceOf } from '../../testing/shipments.js';

let t: TestApp;
let customer: Session;
beforeAll(async () => {
  t = await buildTestApp();
  customer = await createCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

const catalogueBox = fc.record({
  boxName: fc.constantFrom('Small Box' as const, 'Medium Box' as const, 'Large Pouch' as const),
  quantity: fc.integer({ min: 1, max: 4 }),
  weightInGrams: fc.integer({ min: 100, max: 3000 }),
});
const ownBox = fc.record({
  boxName: fc.constant('Your Box' as const),
  quantity: fc.integer({ min: 1, max: 3 }),
  weightInGrams: fc.integer({ min: 100, max: 40_000 }),
  lengthInCm: fc.integer({ min: 5, max: 120 }),
  widthInCm: fc.integer({ min: 5, max: 80 }),
  heightInCm: fc.integer({ min: 5, max: 80 }),
});

describe('the price the server stores', () => {
  it('equals the domain’s pure pricing function for the same booking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(catalogueBox, ownBox), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 2_000_000 }).map((cents) => cents / 100),
        async (packages, declaredInsuranceValue) => {
          const input = bookingInput({
            packages: packages.map((p) => ({ ...p, itemCategory: 'Other' as const })),
            declaredInsuranceValue,
          });
          const expectedTotalInCents = await priceOf(t, input);
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/shipments/customer',
            headers: { cookie: customer.cookie },
            payload: { ...input, expectedTotalInCents },
          });
          expect(res.statusCode).toBe(201);
          const [stored] = await t.database.db.select().from(shipments).where(eq(shipments.id, res.json().data.id));
          const pure = quotePrice({ deliveryType: 'next_day', packages, declaredInsuranceValue }, DEFAULT_PRICING_CONFIG);
          expect({
            packagesTotal: stored!.packagesTotalInCents,
            surcharge: stored!.surchargeInCents,
            subtotal: stored!.subtotalInCents,
            insurance: stored!.insuranceFeeInCents,
            total: stored!.totalInCents,
          }).toEqual({
            packagesTotal: pure.packagesTotalInCents,
            surcharge: pure.surchargeInCents,
            subtotal: pure.subtotalInCents,
            insurance: pure.insuranceValueInCents,
            total: pure.totalInCents,
          });
        },
      ),
      { numRuns: 15 },
    );
  });
});
