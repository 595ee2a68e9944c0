import { packagingCategoryOf } from '../catalogue/boxes.js';
import type { BoxName, DeliveryType } from '../catalogue/enums.js';
import { centsToPesos } from '../catalogue/units.js';
import { checkPromoCode, computeDiscount, type Promo } from '../promo/check.js';
import { DEFAULT_PRICING_CONFIG, type PricingConfig } from './config.js';
import { insuranceFeeInCents } from './insurance.js';
import type { PricedPackage, PricingResult } from './result.js';
import { PricingError, chargeableWeightKg, isPricedByWeight, packageWeightError, type PricedBoxName } from './weight.js';

export interface PricingPackage {
  boxName: PricedBoxName;
  quantity: number;
  weightInGrams: number;
  lengthInCm?: number;
  widthInCm?: number;
  heightInCm?: number;
}

/** The spec's pricing request after parsing; fee fields left out count as 0. */
export interface PricingRequest {
  deliveryType: DeliveryType;
  packages: readonly PricingPackage[];
  declaredInsuranceValue?: number;
  promoCode?: string | null;
  dangerousGoodsFeeInCents?: number;
  fuelChargeFeeInCents?: number;
  othersFeeInCents?: number;
  sizeAdjustmentFeeInCents?: number;
}

/** What the server loads before pricing: the promo named in the request, its usage, the receiver's province. */
export interface PricingContext {
  promo?: Promo | null;
  now?: Date;
  totalUses?: number;
  userUses?: number;
  retrievalFeeInCents?: number;
}

const cents = (value: number | undefined) => Math.max(0, Math.round(value ?? 0));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function pricePackage(p: PricingPackage, index: number, config: PricingConfig): PricedPackage {
  const error = packageWeightError(p.boxName, p.weightInGrams, config);
  if (error) throw new PricingError('PACKAGE_TOO_HEAVY', error, [{ field: `packages.${index}.weightInGrams`, message: error }]);
  const quantity = Math.max(0, Math.round(p.quantity));
  const base = { boxName: p.boxName, category: packagingCategoryOf(p.boxName, p.weightInGrams), quantity, weightInGrams: p.weightInGrams };
  if (isPricedByWeight(p.boxName)) {
    const kg = chargeableWeightKg(p, config);
    const unit = kg * config.yourBoxRatePerKgInCents;
    return {
      ...base,
      priceKind: 'chargeable_weight',
      unitPriceInCents: unit,
      lineTotalInCents: unit * quantity,
      surchargeInCents: config.ownBoxSurchargeInCents * quantity,
      chargeableWeightKg: kg,
      boxRateInCents: null,
      baseDeliveryFeeInCents: config.boxes['Your Box'].basePriceInCents,
    };
  }
  const name: BoxName = p.boxName;
  const baseFee = config.boxes[name].basePriceInCents;
  const rate = config.boxRatesInCents[name] ?? null;
  const unit = rate ?? baseFee;
  return {
    ...base,
    priceKind: rate === null ? 'base_delivery_fee' : 'box_rate',
    unitPriceInCents: unit,
    lineTotalInCents: unit * quantity,
    surchargeInCents: 0,
    chargeableWeightKg: null,
    boxRateInCents: rate,
    baseDeliveryFeeInCents: baseFee,
  };
}

/**
 * The one pricing function shared by server and web (DECISIONS.md "Pricing"). Pure: the caller loads
 * the promo, its usage counts and the retrieval fee. Throws PricingError for a package over its box limit.
 */
export function quotePrice(request: PricingRequest, config: PricingConfig = DEFAULT_PRICING_CONFIG, context: PricingContext = {}): PricingResult {
  const packages = request.packages.map((p, i) => pricePackage(p, i, config));
  const totalQuantity = sum(packages.map((p) => p.quantity));
  const packagesTotal = sum(packages.map((p) => p.lineTotalInCents));
  const ownBoxSurcharge = sum(packages.map((p) => p.surchargeInCents));
  // Once per booking: the web prices the same-day packages as their own request.
  const sameDayFee = request.deliveryType === 'same_day' && totalQuantity > 0 ? config.sameDayFeeInCents : 0;
  const surcharge = ownBoxSurcharge + sameDayFee;
  const subtotal = packagesTotal + surcharge;
  const insurance = insuranceFeeInCents(request.declaredInsuranceValue ?? 0, config);
  const fees = sum([request.dangerousGoodsFeeInCents, request.fuelChargeFeeInCents, request.othersFeeInCents, request.sizeAdjustmentFeeInCents].map(cents));
  const retrievalFee = cents(context.retrievalFeeInCents);

  let discount = 0;
  let promoCodeError: string | null = null;
  if (request.promoCode?.trim()) {
    const check = checkPromoCode(context.promo ?? null, {
      boxNames: request.packages.map((p) => p.boxName),
      now: context.now ?? new Date(),
      totalUses: context.totalUses,
      userUses: context.userUses ?? 0,
    });
    if (check.ok) discount = computeDiscount(check.promo, packagesTotal);
    else promoCodeError = check.message;
  }

  const total = subtotal + insurance + fees + retrievalFee - discount;
  return {
    packages,
    totalQuantity,
    packagesTotalInCents: packagesTotal,
    packagesTotal: centsToPesos(packagesTotal),
    surchargeInCents: surcharge,
    surcharge: centsToPesos(surcharge),
    ownBoxSurchargeInCents: ownBoxSurcharge,
    sameDayFeeInCents: sameDayFee,
    subtotalInCents: subtotal,
    subtotal: centsToPesos(subtotal),
    insuranceInCents: insurance,
    insurance: centsToPesos(insurance),
    insuranceValueInCents: insurance,
    insuranceValue: centsToPesos(insurance),
    feesInCents: fees,
    retrievalFeeInCents: retrievalFee,
    discountAmountInCents: discount,
    discountAmount: centsToPesos(discount),
    promoCodeError,
    totalInCents: total,
    total: centsToPesos(total),
  };
}
