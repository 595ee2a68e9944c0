import { CARGO_MINIMUM_KG, chargeableWeightKg, gramsToKg, insuranceFeeInCents, type BoxDisplayDto, type PricingConfig } from '@hatid/domain';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { formatMoney } from '../../../lib/format';

/**
 * The rates page's sentences, written from the pricing config in force so that a price staff change shows
 * here at once. Every figure comes from the config (or the catalogue), none is typed into the text. Each takes the
 * i18n instance of the component that shows it (`useLingui().i18n`), so the sentences follow the reader's language.
 */

const kg = (value: number) => `${Number(value.toFixed(2))} kg`;
const peso = (cents: number) => formatMoney(cents);

export interface BoxRate {
  id: string;
  name: BoxDisplayDto['name'];
  category: BoxDisplayDto['category'];
  imageUrl: string;
  /** What one box costs; for Your Box the smallest charge (the minimum chargeable weight). */
  priceInCents: number;
  /** "from" prices depend on weight. */
  priceIsMinimum: boolean;
  /** A negotiated box rate replaces the base price. */
  isBoxRate: boolean;
  limit: string;
  size: string | null;
  note: string | null;
}

function sizeText(box: BoxDisplayDto): string | null {
  const sides = [box.length, box.width, box.height].filter((side): side is number => side !== null);
  return sides.length ? `${sides.map((s) => String(Number(s.toFixed(1)))).join(' × ')} cm` : null;
}

/** One catalogue box with the price and limit the config charges (the catalogue's own figures as fallback). */
export function boxRate(i18n: I18n, box: BoxDisplayDto, config: PricingConfig | undefined): BoxRate {
  const common = { id: box.id, name: box.name, category: box.category, imageUrl: box.imageUrl, size: sizeText(box) };
  if (box.name === 'Your Box') {
    const perKg = config ? config.yourBoxRatePerKgInCents : Math.round(box.perKgRate * 100);
    const minimumKg = config ? config.yourBoxMinimumKg : (box.minWeight ?? 0);
    const surcharge = config ? config.ownBoxSurchargeInCents : Math.round(box.surcharge * 100);
    const minimum = kg(minimumKg);
    const rate = peso(perKg);
    const ownBox = peso(surcharge);
    return {
      ...common,
      priceInCents: perKg * minimumKg,
      priceIsMinimum: true,
      isBoxRate: false,
      limit: minimumKg > 0 ? t(i18n)`Charged from ${minimum}, no maximum` : t(i18n)`No maximum weight`,
      note: t(i18n)`${rate} per kg of chargeable weight, plus ${ownBox} own-box surcharge`,
    };
  }
  const configured = config?.boxes[box.name];
  const rate = config?.boxRatesInCents[box.name];
  const base = configured ? configured.basePriceInCents : Math.round(box.basePrice * 100);
  const maxGrams = configured ? configured.maxWeightInGrams : box.maxWeight === null ? null : box.maxWeight * 1000;
  const maximum = maxGrams === null ? null : kg(gramsToKg(maxGrams));
  return {
    ...common,
    priceInCents: rate ?? base,
    priceIsMinimum: false,
    isBoxRate: rate !== undefined,
    limit: maximum === null ? t(i18n)`No maximum weight` : t(i18n)`Up to ${maximum}`,
    note: null,
  };
}

export function insuranceRule(i18n: I18n, config: PricingConfig): string {
  const base = peso(config.insuranceBaseFeeInCents);
  const covered = peso(config.insuranceBaseValueInCents);
  const stepFee = peso(config.insuranceStepFeeInCents);
  const step = peso(config.insuranceStepValueInCents);
  return t(i18n)`${base} covers a declared value of up to ${covered}. Above that, add ${stepFee} for each full or partial ${step} over the first ${covered}.`;
}

/** A few declared values and their insurance fee, computed by the pricing function itself. */
export function insuranceExamples(config: PricingConfig): { declaredInCents: number; feeInCents: number }[] {
  const base = config.insuranceBaseValueInCents;
  const step = config.insuranceStepValueInCents;
  const values = [base, base + step, base + step + Math.ceil((step * 0.4) / 100) * 100, base * 10];
  return [...new Set(values)]
    .filter((v) => v > 0)
    .sort((a, b) => a - b)
    .map((declaredInCents) => ({ declaredInCents, feeInCents: insuranceFeeInCents(declaredInCents / 100, config) }));
}

export function ownBoxSurchargeRule(i18n: I18n, config: PricingConfig): string {
  const surcharge = peso(config.ownBoxSurchargeInCents);
  return t(i18n)`${surcharge} for each box you pack yourself (Your Box and Cargo), on top of its weight charge.`;
}

export function sameDayRule(i18n: I18n, config: PricingConfig): string {
  const fee = peso(config.sameDayFeeInCents);
  return t(i18n)`${fee} per Same Day booking, added once to the box prices whatever the number of boxes.`;
}

export function chargeableWeightRule(i18n: I18n, config: PricingConfig): string {
  const divisor = config.volumetricDivisor.toLocaleString('en-PH');
  const minimum = kg(config.yourBoxMinimumKg);
  const perKg = peso(config.yourBoxRatePerKgInCents);
  const smallest = peso(config.yourBoxMinimumKg * config.yourBoxRatePerKgInCents);
  const cargoFrom = kg(CARGO_MINIMUM_KG);
  return t(
    i18n,
  )`Your Box is charged by chargeable weight: the larger of its actual weight and its volumetric weight (length × width × height in cm ÷ ${divisor}), rounded up to the next whole kilogram, and never less than ${minimum}. Each kilogram costs ${perKg}, so the smallest charge is ${smallest} plus the own-box surcharge. Packages from ${cargoFrom} travel as Cargo and are priced the same way.`;
}

/** A worked example: a light but bulky box, where volumetric weight wins. */
export function chargeableWeightExample(i18n: I18n, config: PricingConfig) {
  const size = { lengthInCm: 40, widthInCm: 30, heightInCm: 30, weightInGrams: 4000 };
  const volumetricKg = (size.lengthInCm * size.widthInCm * size.heightInCm) / config.volumetricDivisor;
  const chargeable = chargeableWeightKg(size, config);
  const weightCharge = chargeable * config.yourBoxRatePerKgInCents;
  const total = weightCharge + config.ownBoxSurchargeInCents;
  const sides = `${size.lengthInCm} × ${size.widthInCm} × ${size.heightInCm} cm`;
  const weight = kg(gramsToKg(size.weightInGrams));
  const volumetric = kg(volumetricKg);
  const charged = kg(chargeable);
  const perKg = peso(config.yourBoxRatePerKgInCents);
  const charge = peso(weightCharge);
  const surcharge = peso(config.ownBoxSurchargeInCents);
  const all = peso(total);
  return {
    text: t(
      i18n,
    )`A ${sides} box weighing ${weight} has a volumetric weight of ${volumetric}, so it is charged as ${charged}: ${chargeable} × ${perKg} = ${charge}, plus ${surcharge} surcharge, ${all} in all.`,
    totalInCents: total,
  };
}
