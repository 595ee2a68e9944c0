import { BOXES, checkNumeric, PRICING_LIMITS, type BoxName, type PricingConfig, type PricingConfigPatch } from '@hatid/domain';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { formatMoney, pesosText } from '../../../lib/format';

/**
 * The pricing editor's form: every figure of the pricing config in the unit a person thinks in (pesos,
 * kilograms), turned back into what the API stores (centavos, grams) only on the way out. Pure, so the
 * rules and the "what changed" summary are tested without a browser.
 *
 * Your Box's catalogue base price is not shown: nothing charges it (an own box costs its chargeable weight
 * × the rate per kg, from the minimum), so editing it would change no price.
 */

/** The catalogue boxes with a price of their own (Your Box is priced by weight). */
export const PRICED_BOXES = BOXES.filter((box) => box.name !== 'Your Box').map((box) => ({ id: box.id, name: box.name }));
export type PricedBoxId = string;

export interface BoxFormValues {
  /** ₱ */
  price: string;
  /** kg; empty = no limit. */
  maxWeightKg: string;
  /** ₱; empty = no box rate (the price applies). */
  boxRate: string;
}

type Unit = 'pesos' | 'wholeKg' | 'count';

/** The config's single figures, in the editor's order and words. */
export const SINGLE_FIELDS = [
  {
    name: 'sameDayFee',
    wire: 'sameDayFeeInCents',
    label: msg`Same Day delivery fee`,
    unit: 'pesos',
    min: 0,
    section: 'delivery',
    hint: msg`Added once to a Same Day booking. Next Day and Intra-City add no surcharge.`,
  },
  {
    name: 'ownBoxSurcharge',
    wire: 'ownBoxSurchargeInCents',
    label: msg`Own-box surcharge`,
    unit: 'pesos',
    min: 0,
    section: 'ownBox',
    hint: msg`Per Your Box or Cargo package.`,
  },
  {
    name: 'yourBoxRatePerKg',
    wire: 'yourBoxRatePerKgInCents',
    label: msg`Your Box rate per kg`,
    unit: 'pesos',
    min: 0,
    section: 'ownBox',
    hint: msg`Per kg of chargeable weight.`,
  },
  {
    name: 'yourBoxMinimumKg',
    wire: 'yourBoxMinimumKg',
    label: msg`Minimum chargeable weight`,
    unit: 'wholeKg',
    min: 0,
    section: 'ownBox',
    hint: msg`An own box is charged at least this many kg.`,
  },
  {
    name: 'volumetricDivisor',
    wire: 'volumetricDivisor',
    label: msg`Volumetric divisor`,
    unit: 'count',
    min: 1,
    section: 'ownBox',
    hint: msg`Volumetric kg = length × width × height (cm) ÷ this number.`,
  },
  {
    name: 'insuranceBaseFee',
    wire: 'insuranceBaseFeeInCents',
    label: msg`Insurance base fee`,
    unit: 'pesos',
    min: 0,
    section: 'insurance',
    hint: msg`Covers a declared value up to the base value.`,
  },
  { name: 'insuranceBaseValue', wire: 'insuranceBaseValueInCents', label: msg`Insurance base value`, unit: 'pesos', min: 0, section: 'insurance' },
  {
    name: 'insuranceStepFee',
    wire: 'insuranceStepFeeInCents',
    label: msg`Insurance step fee`,
    unit: 'pesos',
    min: 0,
    section: 'insurance',
    hint: msg`Added for each full or partial step above the base value.`,
  },
  { name: 'insuranceStepValue', wire: 'insuranceStepValueInCents', label: msg`Insurance step value`, unit: 'pesos', min: 0.01, section: 'insurance' },
] as const satisfies readonly {
  name: string;
  wire: keyof PricingConfig;
  label: MessageDescriptor;
  unit: Unit;
  min: number;
  section: 'delivery' | 'ownBox' | 'insurance';
  hint?: MessageDescriptor;
}[];

export type SingleFieldName = (typeof SINGLE_FIELDS)[number]['name'];
export type SingleField = (typeof SINGLE_FIELDS)[number];

export type PricingFormValues = { boxes: Record<PricedBoxId, BoxFormValues> } & Record<SingleFieldName, string>;

const MAX_PESOS = PRICING_LIMITS.maxFeeInCents / 100;
const MAX_KG = PRICING_LIMITS.maxWeightInGrams / 1000;

const kgText = (grams: number | null) => (grams === null ? '' : String(grams / 1000));

/** The config in force as the form's starting values. */
export function formValuesOf(config: PricingConfig): PricingFormValues {
  const boxes: Record<PricedBoxId, BoxFormValues> = {};
  for (const { id, name } of PRICED_BOXES) {
    const rate = config.boxRatesInCents[name];
    boxes[id] = {
      price: pesosText(config.boxes[name].basePriceInCents),
      maxWeightKg: kgText(config.boxes[name].maxWeightInGrams),
      boxRate: rate === undefined ? '' : pesosText(rate),
    };
  }
  const singles = Object.fromEntries(
    SINGLE_FIELDS.map((field) => {
      const value = config[field.wire];
      return [field.name, field.unit === 'pesos' ? pesosText(value) : String(value)];
    }),
  ) as Record<SingleFieldName, string>;
  return { boxes, ...singles };
}

type Parsed = { ok: true; value: number | null } | { ok: false; message: string };

function pesos(raw: string, min: number, optional = false): Parsed {
  if (optional && raw.trim() === '') return { ok: true, value: null };
  const check = checkNumeric(raw, { min, max: MAX_PESOS });
  return check.ok ? { ok: true, value: Math.round(check.value * 100) } : check;
}

/** A weight limit in kg, to the gram; empty = no limit. */
function kgLimit(raw: string): Parsed {
  const text = raw.trim();
  if (text === '') return { ok: true, value: null };
  if (/^\d*\.\d{4,}$/.test(text)) return { ok: false, message: t`Use at most 3 decimals (grams)` };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return { ok: false, message: t`Enter a number` };
  const grams = Math.round(Number(text) * 1000);
  if (grams < 1) return { ok: false, message: t`Value must be at least 0.001` };
  if (grams > PRICING_LIMITS.maxWeightInGrams) return { ok: false, message: t`Value must not exceed ${MAX_KG}` };
  return { ok: true, value: grams };
}

function single(field: SingleField, raw: string): Parsed {
  if (field.unit === 'pesos') return pesos(raw, field.min);
  const check = checkNumeric(raw, { min: field.min, max: field.unit === 'wholeKg' ? MAX_KG : 1_000_000, integer: true });
  return check.ok ? { ok: true, value: check.value } : check;
}

/** Field errors keyed by the form's own paths ("boxes.small-box.price", "sameDayFee"). */
export type PricingFormErrors = Record<string, string>;

/**
 * Reads the form: either its errors (plain words, per field) or the whole edited config in the API's
 * units. The Your Box catalogue entry is carried over from `current` untouched.
 */
export function readPricingForm(
  values: PricingFormValues,
  current: PricingConfig,
): { ok: true; config: PricingConfig } | { ok: false; errors: PricingFormErrors } {
  const errors: PricingFormErrors = {};
  const boxes = { ...current.boxes };
  const boxRatesInCents: Partial<Record<BoxName, number>> = {};
  for (const { id, name } of PRICED_BOXES) {
    const box = values.boxes[id]!;
    const price = pesos(box.price, 0);
    const limit = kgLimit(box.maxWeightKg);
    const rate = pesos(box.boxRate, 0, true);
    if (!price.ok) errors[`boxes.${id}.price`] = price.message;
    if (!limit.ok) errors[`boxes.${id}.maxWeightKg`] = limit.message;
    if (!rate.ok) errors[`boxes.${id}.boxRate`] = rate.message;
    if (price.ok && limit.ok) boxes[name] = { basePriceInCents: price.value!, maxWeightInGrams: limit.value };
    if (rate.ok && rate.value !== null) boxRatesInCents[name] = rate.value;
  }
  const config: PricingConfig = { ...current, boxes, boxRatesInCents };
  for (const field of SINGLE_FIELDS) {
    const parsed = single(field, values[field.name]);
    if (parsed.ok) config[field.wire] = parsed.value!;
    else errors[field.name] = parsed.message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, config };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Only what differs from the config the form started from: a box's changed fields, the whole box-rate
 * map when any rate changed (the API replaces it whole), each changed figure. Saving sends no more, so two
 * people editing different figures at once do not undo each other. Empty = nothing to save.
 */
export function pricingPatch(before: PricingConfig, after: PricingConfig): PricingConfigPatch {
  const patch: PricingConfigPatch = {};
  const boxes: NonNullable<PricingConfigPatch['boxes']> = {};
  for (const { name } of PRICED_BOXES) {
    const was = before.boxes[name];
    const now = after.boxes[name];
    const fields: { basePriceInCents?: number; maxWeightInGrams?: number | null } = {};
    if (was.basePriceInCents !== now.basePriceInCents) fields.basePriceInCents = now.basePriceInCents;
    if (was.maxWeightInGrams !== now.maxWeightInGrams) fields.maxWeightInGrams = now.maxWeightInGrams;
    if (Object.keys(fields).length > 0) boxes[name] = fields;
  }
  if (Object.keys(boxes).length > 0) patch.boxes = boxes;
  if (!same(sortedRates(before.boxRatesInCents), sortedRates(after.boxRatesInCents))) patch.boxRatesInCents = after.boxRatesInCents;
  for (const field of SINGLE_FIELDS) {
    if (before[field.wire] !== after[field.wire]) patch[field.wire] = after[field.wire];
  }
  return patch;
}

const sortedRates = (rates: PricingConfig['boxRatesInCents']) => Object.entries(rates).sort(([a], [b]) => a.localeCompare(b));

// The words below are said in the active language when the summary is made (the modal shows it at once).
export interface PricingChange {
  label: string;
  before: string;
  after: string;
}

const kgWords = (grams: number | null) => (grams === null ? t`No limit` : `${grams / 1000} kg`);
const rateWords = (cents: number | undefined) => (cents === undefined ? t`None` : formatMoney(cents));

function singleWords(field: SingleField, value: number): string {
  if (field.unit === 'pesos') return formatMoney(value);
  if (field.unit === 'wholeKg') return `${value} kg`;
  return String(value);
}

/** "Small Box price: ₱220.00 → ₱250.00", … : what the "Pricing updated" modal lists. */
export function describePricingChanges(before: PricingConfig, after: PricingConfig): PricingChange[] {
  const changes: PricingChange[] = [];
  for (const { name } of PRICED_BOXES) {
    const was = before.boxes[name];
    const now = after.boxes[name];
    if (was.basePriceInCents !== now.basePriceInCents) {
      changes.push({ label: t`${name} price`, before: formatMoney(was.basePriceInCents), after: formatMoney(now.basePriceInCents) });
    }
    if (was.maxWeightInGrams !== now.maxWeightInGrams) {
      changes.push({ label: t`${name} weight limit`, before: kgWords(was.maxWeightInGrams), after: kgWords(now.maxWeightInGrams) });
    }
    const rateWas = before.boxRatesInCents[name];
    const rateNow = after.boxRatesInCents[name];
    if (rateWas !== rateNow) changes.push({ label: t`${name} box rate`, before: rateWords(rateWas), after: rateWords(rateNow) });
  }
  for (const field of SINGLE_FIELDS) {
    if (before[field.wire] !== after[field.wire]) {
      changes.push({ label: i18n._(field.label), before: singleWords(field, before[field.wire]), after: singleWords(field, after[field.wire]) });
    }
  }
  return changes;
}
