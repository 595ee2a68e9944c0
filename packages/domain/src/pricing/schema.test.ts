import { describe, expect, it } from 'vitest';
import { quotePrice } from './quote.js';
import { pricingRequestSchema } from './schema.js';

const form = {
  deliveryType: 'next_day',
  declaredInsuranceValue: '1500.50',
  promoCode: ' save50 ',
  packages: [{ boxName: 'Your Box', quantity: '2', weightInGrams: '7000', lengthInCm: '40', widthInCm: '30.5', heightInCm: '' }],
};

describe('pricing request form', () => {
  it('turns form strings into numbers, blank fees into 0 and uppercases the promo code', () => {
    expect(pricingRequestSchema.parse(form)).toEqual({
      deliveryType: 'next_day',
      declaredInsuranceValue: 1500.5,
      promoCode: 'SAVE50',
      dangerousGoodsFeeInCents: 0,
      fuelChargeFeeInCents: 0,
      othersFeeInCents: 0,
      sizeAdjustmentFeeInCents: 0,
      packages: [{ boxName: 'Your Box', quantity: 2, weightInGrams: 7000, lengthInCm: 40, widthInCm: 30.5, heightInCm: 0 }],
    });
  });

  it('points the weight error at the package that is too heavy', () => {
    const result = pricingRequestSchema.safeParse({
      ...form,
      packages: [form.packages[0], { boxName: 'Medium Box', quantity: 1, weightInGrams: 5200 }],
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['packages', 1, 'weightInGrams'],
        message: 'Medium Box takes up to 5 kg. For a heavier package choose Your Box or Cargo.',
      }),
    ]);
  });

  it('applies the numeric rules to fees and quantities', () => {
    const messages = (over: object) => pricingRequestSchema.safeParse({ ...form, ...over }).error?.issues.map((i) => i.message);
    expect(messages({ fuelChargeFeeInCents: '1e3' })).toEqual(['Scientific notation is not allowed']);
    expect(messages({ othersFeeInCents: -5 })).toEqual(['Value must be at least 0']);
    expect(messages({ declaredInsuranceValue: '10.555' })).toEqual(['Value must have at most 2 decimal places']);
    expect(messages({ packages: [{ ...form.packages[0], quantity: 0 }] })).toEqual(['Value must be at least 1']);
    expect(messages({ packages: [] })).toEqual(['Add at least one package']);
  });

  it('feeds a parsed form straight into the quote', () => {
    // Your Box 7 kg × 2 = ₱1,050, surcharge ₱40, insurance on ₱1,500.50 = ₱10 + 3 × ₱5.
    const r = quotePrice(pricingRequestSchema.parse(form));
    expect([r.packagesTotal, r.surcharge, r.insuranceValue, r.total]).toEqual([1050, 40, 25, 1115]);
  });
});
