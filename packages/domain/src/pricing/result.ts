import { z } from 'zod';
import { PACKAGING_CATEGORIES } from '../catalogue/enums.js';
import { PRICED_BOX_NAMES } from './weight.js';

/** Which breakdown the package line shows (product.md §2, "Package line summary"). */
export const PRICE_KINDS = ['box_rate', 'chargeable_weight', 'base_delivery_fee'] as const;

export const pricedPackageDto = z.object({
  boxName: z.enum(PRICED_BOX_NAMES),
  category: z.enum(PACKAGING_CATEGORIES),
  quantity: z.number().int(),
  weightInGrams: z.number(),
  priceKind: z.enum(PRICE_KINDS),
  unitPriceInCents: z.number().int(),
  /** unit price × quantity, without the own-box surcharge. */
  lineTotalInCents: z.number().int(),
  /** Own-box surcharge of the whole line (per box × quantity). */
  surchargeInCents: z.number().int(),
  chargeableWeightKg: z.number().int().nullable(),
  boxRateInCents: z.number().int().nullable(),
  baseDeliveryFeeInCents: z.number().int(),
});
export type PricedPackage = z.infer<typeof pricedPackageDto>;

const money = { inCents: z.number().int(), inPesos: z.number() };

export const pricingResultDto = z.object({
  packages: z.array(pricedPackageDto),
  totalQuantity: z.number().int(),
  packagesTotalInCents: money.inCents,
  packagesTotal: money.inPesos,
  /** Own-box surcharges plus the Same Day fee. */
  surchargeInCents: money.inCents,
  surcharge: money.inPesos,
  ownBoxSurchargeInCents: money.inCents,
  sameDayFeeInCents: money.inCents,
  subtotalInCents: money.inCents,
  subtotal: money.inPesos,
  /** The insurance fee: the catalogue's name (`insurance`, in cents and in pesos). */
  insuranceInCents: money.inCents,
  insurance: money.inPesos,
  /** The same fee under its earlier name, kept for the clients that read it. */
  insuranceValueInCents: money.inCents,
  insuranceValue: money.inPesos,
  /** Sum of the staff-entered fees (dangerous goods, fuel, others, size adjustment). */
  feesInCents: money.inCents,
  retrievalFeeInCents: money.inCents,
  discountAmountInCents: money.inCents,
  discountAmount: money.inPesos,
  promoCodeError: z.string().nullable(),
  totalInCents: money.inCents,
  total: money.inPesos,
});
export type PricingResult = z.infer<typeof pricingResultDto>;
