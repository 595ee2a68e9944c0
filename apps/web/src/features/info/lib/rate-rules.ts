import {
  CARGO_MINIMUM_KG,
  chargeableWeightKg,
  gramsToKg,
  insuranceFeeInCents,
  type BoxDisplayDto,
  type PricingConfig,
} from '@hatid/domain';
import { formatMoney } from '../../../lib/format';

/**
 * The rates page's sentences, written from the pricing config in force so that a price staff change shows
 * here at once. Every figure comes from the config (or the catalogue), none is typed into the text.
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
export function boxRate(box: BoxDisplayDto, config: PricingConfig | undefined): BoxRate {
  const common = { id: box.id, name: box.name, category: box.category, imageUrl: box.imageUrl, size: sizeText(box) };
  if (box.name === 'Your Box') {
    const perKg = config ? config.yourBoxRatePerKgInCents : Math.round(box.perKgRate * 100);
    const minimumKg = config ? config.yourBoxMinimumKg : (box.minWeight ?? 0);
    const surcharge = config ? config.ownBoxSurchargeInCents : Math.round(box.surcharge * 100);
    return {
      ...common,
      priceInCents: perKg * minimumKg,
      priceIsMinimum: true,
      isBoxRate: false,
      limit: minimumKg > 0 ? `Charged from ${kg(minimumKg)}, no maximum` : 'No maximum weight',
      note: `${peso(perKg)} per kg of chargeable weight, plus ${peso(surcharge)} own-box surcharge`,
    };
  }
  const configured = config?.boxes[box.name];
  const rate = config?.boxRatesInCents[box.name];
  const base = configured ? configured.basePriceInCents : Math.round(box.basePrice * 100);
  const maxGrams = configured ? configured.maxWeightInGrams : box.maxWeight === null ? null : box.maxWeight * 1000;
  return {
    ...common,
    priceInCents: rate ?? base,
    priceIsMinimum: false,
    isBoxRate: rate !== undefined,
    limit: maxGrams === null ? 'No maximum weight' : `Up to ${kg(gramsToKg(maxGrams))}`,
    note: null,
  };
}

export function insuranceRule(config: PricingConfig): string {
  const base = peso(config.insuranceBaseFeeInCents);
  const covered = peso(config.insuranceBaseValueInCents);
  return (
    `${base} covers a declared value of up to ${covered}. Above that, add ${peso(config.insuranceStepFeeInCents)} ` +
    `for each full or partial ${peso(config.insuranceStepValueInCents)} over the first ${covered}.`
  );
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

export function ownBoxSurchargeRule(config: PricingConfig): string {
  return `${peso(config.ownBoxSurchargeInCents)} for each box you pack yourself (Your Box and Cargo), on top of its weight charge.`;
}

export function sameDayRule(config: PricingConfig): string {
  return `${peso(config.sameDayFeeInCents)} per Same Day booking, added once to the box prices whatever the number of boxes.`;
}

export function chargeableWeightRule(config: PricingConfig): string {
  return (
    `Your Box is charged by chargeable weight: the larger of its actual weight and its volumetric weight ` +
    `(length × width × height in cm ÷ ${config.volumetricDivisor.toLocaleString('en-PH')}), rounded up to the next whole kilogram, ` +
    `and never less than ${kg(config.yourBoxMinimumKg)}. Each kilogram costs ${peso(config.yourBoxRatePerKgInCents)}, so the smallest ` +
    `charge is ${peso(config.yourBoxMinimumKg * config.yourBoxRatePerKgInCents)} plus the own-box surcharge. ` +
    `Packages from ${kg(CARGO_MINIMUM_KG)} travel as Cargo and are priced the same way.`
  );
}

/** A worked example: a light but bulky box, where volumetric weight wins. */
export function chargeableWeightExample(config: PricingConfig) {
  const size = { lengthInCm: 40, widthInCm: 30, heightInCm: 30, weightInGrams: 4000 };
  const volumetricKg = (size.lengthInCm * size.widthInCm * size.heightInCm) / config.volumetricDivisor;
  const chargeable = chargeableWeightKg(size, config);
  const weightCharge = chargeable * config.yourBoxRatePerKgInCents;
  const total = weightCharge + config.ownBoxSurchargeInCents;
  return {
    text:
      `A ${size.lengthInCm} × ${size.widthInCm} × ${size.heightInCm} cm box weighing ${kg(gramsToKg(size.weightInGrams))} has a volumetric weight of ` +
      `${kg(volumetricKg)}, so it is charged as ${kg(chargeable)}: ${chargeable} × ${peso(config.yourBoxRatePerKgInCents)} = ${peso(weightCharge)}, ` +
      `plus ${peso(config.ownBoxSurchargeInCents)} surcharge, ${peso(total)} in all.`,
    totalInCents: total,
  };
}
