import { PricingError, quotePrice, type PricingConfig, type PricingContext, type PricingRequest, type PricingResult } from '@hatid/domain';
import { AppError } from '../../errors.js';

/**
 * The domain's quotePrice with its one refusal turned into the API's error: a package over its box's
 * limit (as configured by staff) is a broken rule on valid input, 422 naming `packages.<i>.weightInGrams`.
 */
export function quoteOrThrow(request: PricingRequest, config: PricingConfig, context: PricingContext): PricingResult {
  try {
    return quotePrice(request, config, context);
  } catch (error) {
    if (error instanceof PricingError) throw new AppError('RULE_BROKEN', error.message, error.details);
    throw error;
  }
}
