import type { CalculationInput, PricingDetails } from '@hatid/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /shipments/pricing-details: the server's price, with each package line and its breakdown label. */
export function getPricingDetails(input: CalculationInput, signal?: AbortSignal): Promise<PricingDetails> {
  return api.post<PricingDetails>('/shipments/pricing-details', input, { signal });
}

export const pricingDetailsQueryOptions = (input: CalculationInput | null) =>
  queryOptions({
    queryKey: ['shipments', 'pricing-details', input] as const,
    queryFn: ({ signal }) => getPricingDetails(input!, signal),
    enabled: input !== null,
    // A price is only good while the config and promo counters stay put: keep it briefly.
    staleTime: 15_000,
  });

/**
 * The price of `input`; while a new price loads the previous one stays as placeholder data, so callers can
 * show it dimmed instead of a jumping layout (`isPlaceholderData`).
 */
export function usePricingDetails(input: CalculationInput | null) {
  return useQuery({ ...pricingDetailsQueryOptions(input), placeholderData: keepPreviousData });
}
