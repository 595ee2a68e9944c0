import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROMO_MESSAGES, checkPromoCode, computeDiscount, type Promo } from './check.js';
import { createPromoCodeBody, updatePromoCodeBody } from './schema.js';

const promo = (over: Partial<Promo> = {}): Promo => ({
  code: 'HATID10',
  type: 'percentage',
  amount: 10,
  startDate: new Date('2026-01-01T00:00:00+08:00'),
  endDate: new Date('2026-12-31T23:59:59.999+08:00'),
  usageCount: 0,
  maxUsage: 100,
  maxUsagePerUser: 1,
  applicableBoxTypes: [],
  ...over,
});
const ctx = { boxNames: ['Small Box' as const], now: new Date('2026-06-01T12:00:00+08:00'), userUses: 0 };

describe('checkPromoCode', () => {
  it('accepts a valid code', () => {
    expect(checkPromoCode(promo(), ctx)).toEqual({ ok: true, promo: promo() });
  });

  it('says not found for a missing code', () => {
    expect(checkPromoCode(null, ctx)).toEqual({ ok: false, message: 'Promo code not found' });
  });

  it('refuses box types the code does not cover, counting a missing box name as Large Box', () => {
    const largeOnly = promo({ applicableBoxTypes: ['Large Box'] });
    expect(checkPromoCode(largeOnly, ctx)).toEqual({ ok: false, message: PROMO_MESSAGES.notApplicable });
    expect(checkPromoCode(largeOnly, { ...ctx, boxNames: [undefined, null] }).ok).toBe(true);
    expect(checkPromoCode(largeOnly, { ...ctx, boxNames: ['Large Box', 'Passport'] }).ok).toBe(false);
    expect(checkPromoCode(promo({ applicableBoxTypes: ['Your Box'] }), { ...ctx, boxNames: ['Cargo'] }).ok).toBe(true);
  });

  it('is expired before its start and after its end, valid on both edges', () => {
    const p = promo();
    expect(checkPromoCode(p, { ...ctx, now: new Date(p.startDate.getTime() - 1) })).toEqual({ ok: false, message: 'Promo code has expired' });
    expect(checkPromoCode(p, { ...ctx, now: new Date(p.endDate.getTime() + 1) })).toEqual({ ok: false, message: 'Promo code has expired' });
    expect(checkPromoCode(p, { ...ctx, now: p.startDate }).ok).toBe(true);
    expect(checkPromoCode(p, { ...ctx, now: p.endDate }).ok).toBe(true);
  });

  it('is used up when the total uses reach the limit, and never with no limit', () => {
    expect(checkPromoCode(promo({ usageCount: 100 }), ctx)).toEqual({ ok: false, message: 'This promo code has been used up' });
    expect(checkPromoCode(promo({ usageCount: 99 }), ctx).ok).toBe(true);
    expect(checkPromoCode(promo(), { ...ctx, totalUses: 100 }).ok).toBe(false);
    expect(checkPromoCode(promo({ maxUsage: null, usageCount: 10_000 }), ctx).ok).toBe(true);
  });

  it('stops a person who used all their uses', () => {
    expect(checkPromoCode(promo(), { ...ctx, userUses: 1 })).toEqual({
      ok: false,
      message: 'You have used up all possible uses of this promo code',
    });
    expect(checkPromoCode(promo({ maxUsagePerUser: null }), { ...ctx, userUses: 50 }).ok).toBe(true);
  });

  it('reports the first failing check in the spec order', () => {
    const everythingWrong = promo({ applicableBoxTypes: ['Passport'], usageCount: 100, endDate: new Date('2026-01-02') });
    expect(checkPromoCode(everythingWrong, { ...ctx, userUses: 5 })).toEqual({ ok: false, message: PROMO_MESSAGES.notApplicable });
    expect(checkPromoCode({ ...everythingWrong, applicableBoxTypes: [] }, { ...ctx, userUses: 5 })).toEqual({ ok: false, message: PROMO_MESSAGES.expired });
    expect(checkPromoCode(promo({ usageCount: 100 }), { ...ctx, userUses: 5 })).toEqual({ ok: false, message: PROMO_MESSAGES.usedUp });
  });
});

describe('computeDiscount', () => {
  it('takes a percentage of the packages total, rounded to the centavo', () => {
    expect(computeDiscount({ type: 'percentage', amount: 10 }, 22000)).toBe(2200);
    expect(computeDiscount({ type: 'percentage', amount: 12.5 }, 999)).toBe(125);
  });

  it('takes a flat amount but never more than the packages total', () => {
    expect(computeDiscount({ type: 'flat', amount: 5000 }, 22000)).toBe(5000);
    expect(computeDiscount({ type: 'flat', amount: 50000 }, 22000)).toBe(22000);
  });

  it('is never negative and never above the total', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('flat' as const, 'percentage' as const),
        fc.integer({ min: -1000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (type, amount, total) => {
          const d = computeDiscount({ type, amount: type === 'percentage' ? amount % 101 : amount }, total);
          return Number.isInteger(d) && d >= 0 && d <= total;
        },
      ),
    );
  });
});

describe('promo code form', () => {
  const valid = { code: ' summer25 ', type: 'percentage', percentOff: '25', startDate: '2026-11-01', endDate: '2026-11-30' };

  it('uppercases the code and makes the end day last until midnight in Manila', () => {
    const parsed = createPromoCodeBody.parse(valid);
    expect(parsed.code).toBe('SUMMER25');
    expect(parsed.startDate.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(parsed.endDate.toISOString()).toBe('2026-11-30T15:59:59.999Z');
    expect(parsed).toMatchObject({ percentOff: 25, amountInCents: null, maxUsage: null, maxUsagePerUser: null, applicableBoxTypes: [] });
  });

  it('refuses a percentage above 100 or with a fraction, a fractional flat amount and an end before the start', () => {
    const messages = (input: object) => createPromoCodeBody.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message);
    expect(messages({ percentOff: 101 })).toEqual(['Value must not exceed 100']);
    expect(messages({ percentOff: 12.5 })).toEqual(['A percentage is a whole number']);
    expect(messages({ type: 'flat', percentOff: undefined, amountInCents: 100.5 })).toEqual(['A flat amount is in whole centavos']);
    expect(messages({ endDate: '2026-10-31' })).toEqual(['End date must be on or after the start date']);
  });

  it('takes the amount in the field of the code’s type only, so a unit is never guessed', () => {
    const issues = (input: object) =>
      createPromoCodeBody.safeParse({ ...valid, ...input }).error?.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    expect(createPromoCodeBody.parse({ ...valid, type: 'flat', percentOff: null, amountInCents: 5000 })).toMatchObject({
      amountInCents: 5000,
      percentOff: null,
    });
    expect(issues({ percentOff: undefined })).toEqual([{ field: 'percentOff', message: 'Enter the percentage off' }]);
    expect(issues({ type: 'flat', percentOff: undefined })).toEqual([{ field: 'amountInCents', message: 'Enter the discount amount' }]);
    expect(issues({ amountInCents: 5000 })).toEqual([{ field: 'amountInCents', message: 'Only a flat code takes an amount in centavos' }]);
    expect(issues({ type: 'flat', amountInCents: 5000 })).toEqual([{ field: 'percentOff', message: 'Only a percentage code takes a percentage off' }]);
  });

  it('leaves fields out of an update instead of resetting them', () => {
    expect(updatePromoCodeBody.parse({ percentOff: 30 })).toEqual({ percentOff: 30 });
    expect(updatePromoCodeBody.safeParse({ type: 'flat', percentOff: 30 }).success).toBe(false);
  });
});
