import type { CoveredProvinceDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getCoveredProvinces(signal?: AbortSignal): Promise<CoveredProvinceDto[]> {
  return api.get<CoveredProvinceDto[]>('/addresses/covered-provinces', { signal });
}

export const coveredProvincesQueryOptions = () =>
  queryOptions({
    queryKey: ['addresses', 'covered-provinces'] as const,
    queryFn: ({ signal }) => getCoveredProvinces(signal),
    staleTime: 60 * 60_000,
  });

export function useCoveredProvinces() {
  return useQuery(coveredProvincesQueryOptions());
}
