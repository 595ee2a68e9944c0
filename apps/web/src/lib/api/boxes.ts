import type { BoxDisplayDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** GET /boxes: the public box catalogue (pesos, kilograms, centimetres); booking, rates and the catalogue share it. */
export function getBoxes(signal?: AbortSignal): Promise<BoxDisplayDto[]> {
  return api.get<BoxDisplayDto[]>('/boxes', { signal });
}

export const boxesQueryOptions = () =>
  queryOptions({
    queryKey: ['boxes'] as const,
    queryFn: ({ signal }) => getBoxes(signal),
    // Prices follow the pricing config staff edit: kept as long as the config itself (get-pricing-config.ts).
    staleTime: 5 * 60_000,
  });

export function useBoxes() {
  return useQuery(boxesQueryOptions());
}
