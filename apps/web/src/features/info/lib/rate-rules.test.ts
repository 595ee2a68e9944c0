import { BOXES, DEFAULT_PRICING_CONFIG, toBoxDisplay, type PricingConfig } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { boxRate, chargeableWeightExample, chargeableWeightRule, insuranceExamples, insuranceRule, ownBoxSurchargeRule, sameDayRule } from './rate-rules';

const display = (name: string) => toBoxDisplay(BOXES.find((b) => b.name === name)!);

describe('rates page text', () => {
  it('words the default config as the spec states it', () => {
    const config = DEFAULT_PRICING_CONFIG;
    expect(insuranceRule(i18n, config)).toBe(
      '₱10.00 covers a declared value of up to ₱500.00. Above that, add ₱5.00 for each full or partial ₱500.00 over the first ₱500.00.',
    );
    expect(insuranceExamples(config)).toEqual([
      { declaredInCents: 50000, feeInCents: 1000 },
      { declaredInCents: 100000, feeInCents: 1500 },
      { declaredInCents: 120000, feeInCents: 2000 },
      { declaredInCents: 500000, feeInCents: 5500 },
    ]);
    expect(ownBoxSurchargeRule(i18n, config)).toContain('₱20.00 for each box you pack yourself');
    expect(sameDayRule(i18n, config)).toContain('₱2,000.00 per Same Day booking');
    expect(chargeableWeightRule(i18n, config)).toContain('÷ 3,500');
    expect(chargeableWeightRule(i18n, config)).toContain('never less than 5 kg. Each kilogram costs ₱75.00, so the smallest charge is ₱375.00');
    expect(chargeableWeightExample(i18n, config).text).toBe(
      'A 40 × 30 × 30 cm box weighing 4 kg has a volumetric weight of 10.29 kg, so it is charged as 11 kg: 11 × ₱75.00 = ₱825.00, plus ₱20.00 surcharge, ₱845.00 in all.',
    );
  });

  it('follows the live config, not the catalogue defaults', () => {
    const config: PricingConfig = {
      ...DEFAULT_PRICING_CONFIG,
      boxes: { ...DEFAULT_PRICING_CONFIG.boxes, 'Small Box': { basePriceInCents: 25000, maxWeightInGrams: 4000 } },
      boxRatesInCents: { 'Medium Box': 35000 },
      ownBoxSurchargeInCents: 3000,
      sameDayFeeInCents: 150000,
      yourBoxRatePerKgInCents: 8000,
      insuranceBaseFeeInCents: 1200,
    };
    expect(boxRate(i18n, display('Small Box'), config)).toMatchObject({
      priceInCents: 25000,
      limit: 'Up to 4 kg',
      size: '30.5 × 25.4 × 12.7 cm',
      isBoxRate: false,
    });
    expect(boxRate(i18n, display('Medium Box'), config)).toMatchObject({ priceInCents: 35000, isBoxRate: true });
    expect(boxRate(i18n, display('Your Box'), config)).toMatchObject({
      priceInCents: 40000,
      priceIsMinimum: true,
      note: '₱80.00 per kg of chargeable weight, plus ₱30.00 own-box surcharge',
    });
    expect(sameDayRule(i18n, config)).toContain('₱1,500.00');
    expect(insuranceRule(i18n, config)).toMatch(/^₱12\.00 covers/);
    expect(chargeableWeightExample(i18n, config).totalInCents).toBe(11 * 8000 + 3000);
  });

  it('falls back to the catalogue when the config could not be loaded', () => {
    expect(boxRate(i18n, display('Large Pouch'), undefined)).toMatchObject({ priceInCents: 23000, limit: 'Up to 3 kg', size: '40.5 × 28 cm' });
    expect(boxRate(i18n, display('Passport'), undefined)).toMatchObject({ priceInCents: 39900, limit: 'Up to 1 kg', size: null });
  });
});
