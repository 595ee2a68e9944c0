import { BOX_NAMES, type BoxName, type PackagingCategory } from './enums.js';
import { CARGO_MINIMUM_KG, OWN_BOX_SURCHARGE_IN_CENTS, YOUR_BOX_MINIMUM_KG, YOUR_BOX_RATE_PER_KG_IN_CENTS, gramsToKg } from './units.js';

/** The box catalogue of product.md §9, held in cents, grams and centimetres like every stored amount. */
export interface Box {
  /** Stable slug, also the seed id and the image file name. */
  id: string;
  name: BoxName;
  category: PackagingCategory;
  basePriceInCents: number;
  lengthInCm: number | null;
  widthInCm: number | null;
  heightInCm: number | null;
  maxWeightInGrams: number | null;
  minWeightInGrams: number | null;
  perKgRateInCents: number;
  sameDayPriceInCents: number;
  surchargeInCents: number;
}

type BoxDraft = Omit<Box, 'id' | 'perKgRateInCents' | 'sameDayPriceInCents' | 'surchargeInCents' | 'minWeightInGrams'> &
  Partial<Pick<Box, 'perKgRateInCents' | 'surchargeInCents' | 'minWeightInGrams'>>;

const box = (draft: BoxDraft): Box => ({
  id: draft.name.toLowerCase().replace(/\s+/g, '-'),
  perKgRateInCents: 0,
  sameDayPriceInCents: 0,
  surchargeInCents: 0,
  minWeightInGrams: null,
  ...draft,
});

export const BOXES: readonly Box[] = [
  box({ name: 'Small Box', category: 'Box', basePriceInCents: 22000, lengthInCm: 30.5, widthInCm: 25.4, heightInCm: 12.7, maxWeightInGrams: 3000 }),
  box({ name: 'Medium Box', category: 'Box', basePriceInCents: 37000, lengthInCm: 35.6, widthInCm: 26.7, heightInCm: 17.8, maxWeightInGrams: 5000 }),
  box({ name: 'Large Box', category: 'Box', basePriceInCents: 72000, lengthInCm: 45.7, widthInCm: 30.5, heightInCm: 22.9, maxWeightInGrams: 10000 }),
  // A pouch is flat: the spec gives only its two sides.
  box({ name: 'Large Pouch', category: 'Pouch', basePriceInCents: 23000, lengthInCm: 40.5, widthInCm: 28, heightInCm: null, maxWeightInGrams: 3000 }),
  box({ name: 'Passport', category: 'Passport', basePriceInCents: 39900, lengthInCm: null, widthInCm: null, heightInCm: null, maxWeightInGrams: 1000 }),
  // The customer's own box is priced by weight, so its rate and surcharge are shown on the rates page
  // instead of the zeros the catalogue boxes carry.
  box({
    name: 'Your Box',
    category: 'Box',
    basePriceInCents: YOUR_BOX_MINIMUM_KG * YOUR_BOX_RATE_PER_KG_IN_CENTS,
    lengthInCm: null,
    widthInCm: null,
    heightInCm: null,
    maxWeightInGrams: null,
    minWeightInGrams: YOUR_BOX_MINIMUM_KG * 1000,
    perKgRateInCents: YOUR_BOX_RATE_PER_KG_IN_CENTS,
    surchargeInCents: OWN_BOX_SURCHARGE_IN_CENTS,
  }),
];

const BOXES_BY_NAME = new Map(BOXES.map((b) => [b.name, b]));

export function findBox(name: BoxName): Box {
  const found = BOXES_BY_NAME.get(name);
  if (!found) throw new Error(`Unknown box ${name}`);
  return found;
}

export function isBoxName(value: unknown): value is BoxName {
  return typeof value === 'string' && (BOX_NAMES as readonly string[]).includes(value);
}

/** Your Box from 10 kg is Cargo (product.md §9); every other box keeps its own category. */
export function packagingCategoryOf(name: BoxName | 'Cargo', weightInGrams: number): PackagingCategory {
  if (name === 'Cargo') return 'Cargo';
  if (name === 'Your Box' && gramsToKg(weightInGrams) >= CARGO_MINIMUM_KG) return 'Cargo';
  return findBox(name).category;
}
