import type { CalculationInput } from '@hatid/domain';
import { useMemo } from 'react';
import { usePricingDetails } from '../api/get-pricing-details';
import { useDebouncedValue } from './use-debounced-value';

export const PRICING_DEBOUNCE_MS = 400;

/**
 * Prices `request` (null: nothing valid to price yet) after it has stopped changing. `current` says the
 * figure on screen belongs to exactly this request: anything else (typing, loading, an invalid field, an
 * older answer kept as placeholder) is shown dimmed and never as the final total.
 */
export function useLivePricing(request: CalculationInput | null, delayMs = PRICING_DEBOUNCE_MS) {
  const key = JSON.stringify(request);
  const debouncedKey = useDebouncedValue(key, delayMs);
  const debounced = useMemo(() => JSON.parse(debouncedKey) as CalculationInput | null, [debouncedKey]);
  const query = usePricingDetails(debounced);
  const current = request !== null && debouncedKey === key && query.isSuccess && !query.isPlaceholderData && !query.isFetching;
  const updating = request !== null && (debouncedKey !== key || query.isFetching);
  return { query, result: query.data, current, updating, priced: debounced };
}
