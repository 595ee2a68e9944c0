import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Promo } from '../promo/check.js';
import { DEFAULT_PRICING_CONFIG } from './config.js';
import { insuranceFeeInCents } from './insurance.js';
import { quotePrice, type PricingRequest } from './quote.js';

const fits = { 'Small Box': 3000, 'Medium Box': 5000, 'Large Box': 10000, 'Large Pouch': 3000, Passport: 1000, 'Your Box': 50000, Cargo: 200000 };
const dimension = fc.integer({ min: 0, max: 20000 }).map((h) => h / 100);
const packageArb = fc.constantFrom(...(Object.keys(fits) as (keyof typeof fits)[])).chain((boxName) =>
  fc.record({
    boxName: fc.constant(boxName),
    quantity: fc.integer({ min: 1, max: 20 }),
    weightInGrams: fc.integer({ min: 0, max: fits[boxName] }),
    lengthInCm: dimension,
    widthInCm: dimension,
    heightInCm: dimension,
  }),
);
const fee = fc.integer({ min: 0, max: 1_000_000 });
const requestArb: fc.Arbitrary<PricingRequest> = fc.record({
  deliveryType: fc.constantFrom('next_day' as const, 'same_day' as const, 'intra_city' as const),
  packages: fc.array(packageArb, { minLength: 1, maxLength: 5 }),
  declaredInsuranceValue: fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100),
  promoCode: fc.constant('ANY'),
  dangerousGoodsFeeInCents: fee,
  fuelChargeFeeInCents: fee,
  othersFeeInCents: fee,
  sizeAdjustmentFeeInCents: fee,
});
const promoArb: fc.Arbitrary<Promo> = fc
  .oneof(
    fc.record({ type: fc.constant('percentage' as const), amount: fc.integer({ min: 0, max: 10000 }).map((a) => a / 100) }),
    fc.record({ type: fc.constant('flat' as const), amount: fc.integer({ min: 0, max: 10_000_000 }) }),
  )
  .map((p) => ({
    ...p,
    code: 'ANY',
    startDate: new Date(0),
    endDate: new Date(8.64e15),
    usageCount: 0,
    maxUsage: null,
    maxUsagePerUser: null,
    applicableBoxTypes: [],
  }));

describe('pricing properties', () => {
  it('never gives a negative discount nor one above the packages total', () => {
    fc.assert(
      fc.property(requestArb, promoArb, (request, promo) => {
        const r = quotePrice(request, DEFAULT_PRICING_CONFIG, { promo, now: new Date() });
        expect(r.discountAmountInCents).toBeGreaterThanOrEqual(0);
        expect(r.discountAmountInCents).toBeLessThanOrEqual(r.packagesTotalInCents);
        expect(Number.isInteger(r.discountAmountInCents)).toBe(true);
      }),
    );
  });

  it('adds up: total = subtotal + insurance + fees + retrieval − discount, subtotal = packages + surcharges', () => {
    fc.assert(
      fc.property(requestArb, promoArb, fc.integer({ min: 0, max: 100_000 }), (request, promo, retrievalFeeInCents) => {
        const r = quotePrice(request, DEFAULT_PRICING_CONFIG, { promo, now: new Date(), retrievalFeeInCents });
        expect(r.subtotalInCents).toBe(r.packagesTotalInCents + r.surchargeInCents);
        expect(r.totalInCents).toBe(r.subtotalInCents + r.insuranceValueInCents + r.feesInCents + r.retrievalFeeInCents - r.discountAmountInCents);
        expect(r.total).toBeCloseTo(r.totalInCents / 100, 10);
        expect(r.totalQuantity).toBe(request.packages.reduce((n, p) => n + p.quantity, 0));
      }),
    );
  });

  it('never lowers insurance when the declared value goes up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(insuranceFeeInCents(low / 100)).toBeLessThanOrEqual(insuranceFeeInCents(high / 100));
      }),
    );
  });

  it('steps insurance by exactly ₱5 just above each ₱500 boundary and nowhere inside a band', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 49_999 }), (k, insideCents) => {
        const boundary = k * 500;
        const atBoundary = insuranceFeeInCents(boundary);
        expect(atBoundary).toBe(1000 + 500 * (k - 1));
        expect(insuranceFeeInCents(boundary + 0.01)).toBe(atBoundary + 500);
        expect(insuranceFeeInCents(boundary + insideCents / 100)).toBe(atBoundary + 500);
      }),
    );
  });
});
