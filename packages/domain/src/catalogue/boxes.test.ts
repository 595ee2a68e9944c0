import { describe, expect, it } from 'vitest';
import { boxDisplayDto, toBoxDisplay } from './box-display.js';
import { BOXES, findBox, packagingCategoryOf } from './boxes.js';
import { BOX_NAMES } from './enums.js';
import { centsToPesos, cmToInches, gramsToKg, pesosToCents } from './units.js';

describe('box catalogue', () => {
  it('offers every box name exactly once', () => {
    expect(BOXES.map((b) => b.name).sort()).toEqual([...BOX_NAMES].sort());
  });

  it.each([
    ['Small Box', { basePrice: 220, maxWeight: 3, length: 30.5, width: 25.4, height: 12.7 }],
    ['Medium Box', { basePrice: 370, maxWeight: 5, length: 35.6, width: 26.7, height: 17.8 }],
    ['Large Box', { basePrice: 720, maxWeight: 10, length: 45.7, width: 30.5, height: 22.9 }],
    ['Large Pouch', { basePrice: 230, maxWeight: 3, length: 40.5, width: 28, height: null }],
    ['Passport', { basePrice: 399, maxWeight: 1, length: null, width: null, height: null }],
  ] as const)('shows %s with the spec price, limit and size, and no extra rates', (name, expected) => {
    const shown = toBoxDisplay(findBox(name));
    expect(shown).toMatchObject({ ...expected, minWeight: null, perKgRate: 0, sameDayPrice: 0, surcharge: 0 });
  });

  it('shows Your Box from 5 kg with no maximum, ₱75 a kg and the ₱20 own-box surcharge', () => {
    expect(toBoxDisplay(findBox('Your Box'))).toMatchObject({
      basePrice: 375,
      minWeight: 5,
      maxWeight: null,
      perKgRate: 75,
      surcharge: 20,
    });
  });

  it('gives each box an image path and a display shape the API schema accepts', () => {
    for (const b of BOXES) {
      const shown = toBoxDisplay(b);
      expect(boxDisplayDto.parse(shown)).toEqual(shown);
    }
    expect(toBoxDisplay(findBox('Small Box')).imageUrl).toBe('/boxes/small-box.svg');
    expect(toBoxDisplay(findBox('Your Box')).imageUrl).toBe('/boxes/your-box.svg');
  });

  it('calls Your Box from 10 kg Cargo', () => {
    expect(packagingCategoryOf('Your Box', 9999)).toBe('Box');
    expect(packagingCategoryOf('Your Box', 10000)).toBe('Cargo');
    expect(packagingCategoryOf('Large Pouch', 100)).toBe('Pouch');
  });
});

describe('unit conversions', () => {
  it('converts cents, grams and centimetres as the spec says', () => {
    expect(centsToPesos(123450)).toBe(1234.5);
    expect(pesosToCents(19.99)).toBe(1999);
    expect(gramsToKg(2500)).toBe(2.5);
    expect(cmToInches(100)).toBeCloseTo(39.3701, 4);
  });
});
