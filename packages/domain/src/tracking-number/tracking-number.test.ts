import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deliveryTypeOfTrackingNumber,
  isValidTrackingNumber,
  makeTrackingNumber,
  normalizeTrackingNumber,
  s10CheckDigit,
  trackingNumberSchema,
} from './index.js';

describe('S10 check digit', () => {
  it('matches the published UPU example RR 47312482 9 GB', () => {
    expect(s10CheckDigit('47312482')).toBe(9);
  });

  it('maps 10 to 0 and 11 to 5', () => {
    expect(s10CheckDigit('00000000')).toBe(5); // sum 0 → 11 → 5
    expect(s10CheckDigit('70000000')).toBe(0); // sum 56 ≡ 1 → 10 → 0
  });
});

describe('tracking numbers', () => {
  it('builds ND/SD/IC numbers from the serial with its check digit and PH', () => {
    const fixed = () => 47312482;
    expect(makeTrackingNumber('next_day', fixed)).toBe('ND473124829PH');
    expect(makeTrackingNumber('same_day', fixed)).toBe('SD473124829PH');
    expect(makeTrackingNumber('intra_city', () => 42)).toBe(`IC00000042${s10CheckDigit('00000042')}PH`);
  });

  it('makes valid, random numbers by default', () => {
    const made = Array.from({ length: 200 }, () => makeTrackingNumber('next_day'));
    expect(made.every(isValidTrackingNumber)).toBe(true);
    expect(new Set(made).size).toBeGreaterThan(195);
  });

  it('accepts any case and surrounding spaces, and tells the delivery type', () => {
    expect(isValidTrackingNumber('  nd473124829ph ')).toBe(true);
    expect(deliveryTypeOfTrackingNumber('sd473124829PH')).toBe('same_day');
    expect(trackingNumberSchema.parse(' ic473124829ph')).toBe('IC473124829PH');
  });

  it.each([
    ['ND 868227645 PH', 'ND868227645PH'],
    ['ND8682-2764-5PH', 'ND868227645PH'],
    ['nd 8682 2764 5 ph', 'ND868227645PH'],
    ['ND\u00a0868227645\tPH', 'ND868227645PH'],
    ['ND–868227645–PH', 'ND868227645PH'],
  ])('reads %j, spaced, grouped with hyphens or in lower case, as %s', (typed, stored) => {
    expect(normalizeTrackingNumber(typed)).toBe(stored);
    expect(isValidTrackingNumber(typed)).toBe(true);
    expect(trackingNumberSchema.parse(typed)).toBe(stored);
  });

  it('still refuses a grouped number with a wrong check digit', () => {
    expect(trackingNumberSchema.safeParse('ND 868227646 PH').success).toBe(false);
  });

  it.each(['RR473124829GB', 'ND473124828PH', 'ND47312482PH', 'ND4731248290PH', 'XX473124829PH', ''])('refuses %j', (value) => {
    expect(isValidTrackingNumber(value)).toBe(false);
    expect(trackingNumberSchema.safeParse(value).error?.issues[0]?.message).toBe('Check the tracking number: it has a typo');
  });

  it('catches every wrong check digit', () => {
    for (let d = 0; d <= 9; d++) expect(isValidTrackingNumber(`ND47312482${d}PH`)).toBe(d === 9);
  });

  it('catches a single mistyped serial digit, except where S10 maps remainders 0 and 6 both to 5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 9 }), (n, pos, delta) => {
        const valid = makeTrackingNumber('next_day', () => n);
        const serial = valid.slice(2, 10).split('');
        serial[pos] = String((Number(serial[pos]) + delta) % 10);
        const typo = `ND${serial.join('')}${valid[10]}PH`;
        const sumOf = (s: string) => [8, 6, 4, 2, 3, 5, 9, 7].reduce((t, w, i) => t + w * Number(s[i]), 0) % 11;
        const remainders = new Set([sumOf(valid.slice(2, 10)), sumOf(serial.join(''))]);
        const knownBlindSpot = remainders.has(0) && remainders.has(6);
        expect(isValidTrackingNumber(typo)).toBe(knownBlindSpot);
      }),
      { numRuns: 2000 },
    );
    // The blind spot, concretely: both numbers carry check digit 5.
    expect(isValidTrackingNumber('ND000000005PH')).toBe(true);
    expect(isValidTrackingNumber('ND000300005PH')).toBe(true);
  });
});
