import { z } from 'zod';
import type { Box } from './boxes.js';
import { BOX_NAMES, PACKAGING_CATEGORIES } from './enums.js';
import { centsToPesos, gramsToKg } from './units.js';

// Apart from the catalogue itself so that pricing in the browser needs no zod.

/** "Box display data" of product.md §3: pesos, kilograms and centimetres, null where a value does not apply. */
export const boxDisplayDto = z.object({
  id: z.string(),
  name: z.enum(BOX_NAMES),
  category: z.enum(PACKAGING_CATEGORIES),
  basePrice: z.number(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  maxWeight: z.number().nullable(),
  minWeight: z.number().nullable(),
  perKgRate: z.number(),
  sameDayPrice: z.number(),
  surcharge: z.number(),
  imageUrl: z.string(),
});
export type BoxDisplayDto = z.infer<typeof boxDisplayDto>;

const kgOrNull = (grams: number | null) => (grams === null ? null : gramsToKg(grams));

export function toBoxDisplay(b: Box): BoxDisplayDto {
  return {
    id: b.id,
    name: b.name,
    category: b.category,
    basePrice: centsToPesos(b.basePriceInCents),
    length: b.lengthInCm,
    width: b.widthInCm,
    height: b.heightInCm,
    maxWeight: kgOrNull(b.maxWeightInGrams),
    minWeight: kgOrNull(b.minWeightInGrams),
    perKgRate: centsToPesos(b.perKgRateInCents),
    sameDayPrice: centsToPesos(b.sameDayPriceInCents),
    surcharge: centsToPesos(b.surchargeInCents),
    imageUrl: `/boxes/${b.id}.svg`,
  };
}
