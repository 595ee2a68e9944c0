import { packageBreakdownLabel, type PricingConfig, type PricingDetails, type PricingRequest, type PricingResult } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { findCoveredProvince } from '../addresses/index.js';
import { loadPromoForQuote } from './promo-codes.service.js';
import { loadPricingConfig } from './pricing-config.service.js';
import { quoteOrThrow } from './quote-price.js';

export { loadPricingConfig, updatePricingConfig } from './pricing-config.service.js';

export interface QuoteShipmentInput {
  request: PricingRequest;
  /** The person the shipment is for; null when signed out (per-user promo limits are then not known). */
  userId: string | null;
  /** Adds this province's retrieval fee once; an uncovered or missing province adds nothing. */
  receiverProvinceCode?: string | null;
  now?: Date;
  /** Already loaded (bulk booking checks thousands of bookings with one rate card): the stored config. */
  config?: PricingConfig;
  /** How the receiver's province is looked up, when the caller remembers the provinces it has read. */
  coveredProvince?: (provinceCode: string) => Promise<{ retrievalFeeInCents: number } | null>;
}

/**
 * The server's price of a shipment: stored config, the named promo (case-insensitive, not deleted) with
 * the person's unreleased uses, the receiver province's retrieval fee, then the domain's quotePrice.
 * A promo that cannot be used is reported in `promoCodeError` (the call still succeeds); a package over
 * its box's limit throws AppError RULE_BROKEN (422) on `packages.<i>.weightInGrams`.
 */
export async function quoteShipment(db: DbOrTx, input: QuoteShipmentInput): Promise<PricingResult> {
  const { request, userId } = input;
  const config = input.config ?? (await loadPricingConfig(db));
  const code = request.promoCode?.trim();
  const { promo, userUses } = code ? await loadPromoForQuote(db, code, userId) : { promo: null, userUses: 0 };
  const findProvince = input.coveredProvince ?? ((code: string) => findCoveredProvince(db, code));
  const province = input.receiverProvinceCode ? await findProvince(input.receiverProvinceCode) : null;
  return quoteOrThrow(request, config, {
    promo,
    userUses,
    now: input.now ?? new Date(),
    retrievalFeeInCents: province?.retrievalFeeInCents ?? 0,
  });
}

/** The result with each package line's breakdown label, as the package line summary shows it. */
export function withPackageLabels(result: PricingResult): PricingDetails {
  return { ...result, packages: result.packages.map((line) => ({ ...line, label: packageBreakdownLabel(line) })) };
}
