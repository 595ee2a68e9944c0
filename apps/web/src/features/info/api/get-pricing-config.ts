import type { PricingConfig } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /shipments/pricing/configs: the pricing config in force (public; staff edit it). */
export function getPricingConfig(signal?: AbortSignal): Promise<PricingConfig> {
  return api.get<PricingConfig>('/shipments/pricing/configs', { signal });
}

export const pricingConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['pricing', 'config'] as const,
    queryFn: ({ signal }) => getPricingConfig(signal),
    staleTime: 5 * 60_000,
  });

export function usePricingConfig() {
  return useQuery(pricingConfigQueryOptions());
}
