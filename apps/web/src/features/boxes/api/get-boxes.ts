import type { BoxDisplayDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The public box catalogue: prices in pesos, weights in kg, sides in cm. */
export function getBoxes(signal?: AbortSignal): Promise<BoxDisplayDto[]> {
  return api.get<BoxDisplayDto[]>('/boxes', { signal });
}

export const boxesQueryOptions = () =>
  queryOptions({
    queryKey: ['boxes'] as const,
    queryFn: ({ signal }) => getBoxes(signal),
    staleTime: 60 * 60_000,
  });

export function useBoxes() {
  return useQuery(boxesQueryOptions());
}
