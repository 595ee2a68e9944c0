import { describe, expect, it } from 'vitest';
import type { Promo } from '../promo/check.js';
import { DEFAULT_PRICING_CONFIG, type PricingConfig } from './config.js';
import { insuranceFeeInCents } from './insurance.js';
import { packageBreakdownLabel } from './labels.js';
import { quotePrice, type PricingPackage, type PricingRequest } from './quote.js';
import { PricingError, chargeableWeightKg } from './weight.js';

const pkg = (over: Partial<PricingPackage> = {}): PricingPackage => ({ boxName: 'Small Box', quantity: 1, weightInGrams: 1000, ...over });
const req = (over: Partial<PricingRequest> = {}): PricingRequest => ({ deliveryType: 'next_day', packages: [pkg()], ...over });
const promo: Promo = {
  code: 'SAVE50',
  type: 'flat',
  amount: 5000,
  startDate: new Date('2026-01-01T00:00:00+08:00'),
  endDate: new Date('2026-12-31T23:59:59+08:00'),
  usageCount: 0,
  maxUsage: null,
  maxUsagePerUser: null,
  applicableBoxTypes: [],
};
const now = new Date('2026-06-01T10:00:00+08:00');

describe('catalogue boxes', () => {
  it('charges base price × quantity, plus ₱10 insurance', () => {
    const r = quotePrice(req({ packages: [pkg({ quantity: 2 }), pkg({ boxName: 'Large Box', weightInGrams: 10000 })] }));
    expect(r.packagesTotalInCents).toBe(2 * 22000 + 72000);
    expect(r.totalQuantity).toBe(3);
    expect(r.surchargeInCents).toBe(0);
    expect(r.insuranceValueInCents).toBe(1000);
    expect(r.totalInCents).toBe(116000 + 1000);
    expect(r.total).toBe(1170);
    expect(packageBreakdownLabel(r.packages[0]!)).toBe('Base Delivery Fee (₱220.00 x 2)');
  });

  it('uses a configured box rate instead of the base price and labels it Box Rate', () => {
    const config: PricingConfig = { ...DEFAULT_PRICING_CONFIG, boxRatesInCents: { 'Small Box': 18000 } };
    const r = quotePrice(req({ packages: [pkg({ quantity: 3 })] }), config);
    expect(r.packagesTotalInCents).toBe(54000);
    expect(r.packages[0]).toMatchObject({ boxRateInCents: 18000, baseDeliveryFeeInCents: 22000, priceKind: 'box_rate' });
    expect(packageBreakdownLabel(r.packages[0]!)).toBe('Box Rate (₱180.00 x 3)');
  });

  it.each([
    ['Small Box', 3000, '3'],
    ['Medium Box', 5000, '5'],
    ['Large Box', 10000, '10'],
    ['Large Pouch', 3000, '3'],
    ['Passport', 1000, '1'],
  ] as const)('refuses a %s over its limit, naming box, limit and alternative', (boxName, limit, kg) => {
    expect(() => quotePrice(req({ packages: [pkg({ boxName, weightInGrams: limit })] }))).not.toThrow();
    const heavy = () => quotePrice(req({ packages: [pkg({ boxName, weightInGrams: limit + 1 })] }));
    expect(heavy).toThrow(PricingError);
    expect(heavy).toThrow(`${boxName} takes up to ${kg} kg. For a heavier package choose Your Box or Cargo.`);
  });
});

describe('Your Box and Cargo', () => {
  it('charges at least 5 kg (₱375) plus the ₱20 surcharge per box', () => {
    const r = quotePrice(req({ packages: [pkg({ boxName: 'Your Box', weightInGrams: 1200, quantity: 2 })] }));
    expect(r.packages[0]).toMatchObject({ chargeableWeightKg: 5, unitPriceInCents: 37500, lineTotalInCents: 75000, surchargeInCents: 4000 });
    expect(r.packagesTotalInCents).toBe(75000);
    expect(r.surchargeInCents).toBe(4000);
    expect(r.subtotalInCents).toBe(79000);
    expect(packageBreakdownLabel(r.packages[0]!)).toBe('Chargeable weight fee');
  });

  it('rounds the actual weight up to the next whole kg', () => {
    expect(chargeableWeightKg({ weightInGrams: 7001 })).toBe(8);
    expect(chargeableWeightKg({ weightInGrams: 7000 })).toBe(7);
  });

  it('charges volumetric weight L×W×H/3500 when it is larger', () => {
    // 50 × 40 × 30 = 60000 cm³ → 17.14 kg → 18 kg.
    expect(chargeableWeightKg({ weightInGrams: 2000, lengthInCm: 50, widthInCm: 40, heightInCm: 30 })).toBe(18);
    // 35 × 20 × 30 = 21000 cm³ → exactly 6 kg, not 7.
    expect(chargeableWeightKg({ weightInGrams: 100, lengthInCm: 35, widthInCm: 20, heightInCm: 30 })).toBe(6);
  });

  it('prices Cargo like Your Box and takes any weight', () => {
    const r = quotePrice(req({ packages: [pkg({ boxName: 'Cargo', weightInGrams: 25_500 })] }));
    expect(r.packages[0]).toMatchObject({ category: 'Cargo', chargeableWeightKg: 26, unitPriceInCents: 26 * 7500, surchargeInCents: 2000 });
  });
});

describe('delivery type, fees and insurance', () => {
  it('adds ₱2,000 once per Same Day booking, whatever the quantity', () => {
    const r = quotePrice(req({ deliveryType: 'same_day', packages: [pkg({ quantity: 4 })] }));
    expect(r.sameDayFeeInCents).toBe(200000);
    expect(r.surchargeInCents).toBe(200000);
    expect(r.subtotalInCents).toBe(4 * 22000 + 200000);
    expect(quotePrice(req({ deliveryType: 'intra_city' })).sameDayFeeInCents).toBe(0);
  });

  it('adds the staff fees as given and the retrieval fee once', () => {
    const r = quotePrice(
      req({ packages: [pkg({ quantity: 3 })], dangerousGoodsFeeInCents: 100, fuelChargeFeeInCents: 200, othersFeeInCents: 300, sizeAdjustmentFeeInCents: 400 }),
      DEFAULT_PRICING_CONFIG,
      { retrievalFeeInCents: 15000 },
    );
    expect(r.feesInCents).toBe(1000);
    expect(r.retrievalFeeInCents).toBe(15000);
    expect(r.totalInCents).toBe(66000 + 1000 + 1000 + 15000);
  });

  it.each([
    [0, 1000],
    [499.99, 1000],
    [500, 1000],
    [500.01, 1500],
    [1000, 1500],
    [1000.01, 2000],
    [2500, 3000],
  ])('charges insurance for a declared ₱%d as %i cents', (declared, fee) => {
    expect(insuranceFeeInCents(declared)).toBe(fee);
    expect(quotePrice(req({ declaredInsuranceValue: declared })).insuranceValue).toBe(fee / 100);
  });
});

describe('promo codes in a quote', () => {
  it('takes the discount off the packages total only', () => {
    const r = quotePrice(req({ promoCode: 'SAVE50', deliveryType: 'same_day' }), DEFAULT_PRICING_CONFIG, { promo: { ...promo, amount: 999_999 }, now });
    expect(r.discountAmountInCents).toBe(22000);
    expect(r.totalInCents).toBe(200000 + 1000);
    expect(r.promoCodeError).toBeNull();
  });

  it('reports why a code does not apply and charges the full price', () => {
    const r = quotePrice(req({ promoCode: 'NOPE' }), DEFAULT_PRICING_CONFIG, { promo: null, now });
    expect(r.promoCodeError).toBe('Promo code not found');
    expect(r.discountAmountInCents).toBe(0);
    const used = quotePrice(req({ promoCode: 'SAVE50' }), DEFAULT_PRICING_CONFIG, { promo: { ...promo, maxUsagePerUser: 1 }, userUses: 1, now });
    expect(used.promoCodeError).toBe('You have used up all possible uses of this promo code');
  });

  it('ignores a loaded promo when the request names no code', () => {
    const r = quotePrice(req({ promoCode: null }), DEFAULT_PRICING_CONFIG, { promo, now });
    expect(r.discountAmountInCents).toBe(0);
    expect(r.promoCodeError).toBeNull();
  });
});
