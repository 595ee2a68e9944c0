import type { PlaceDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';

export function getCitiesMunicipalities(provinceCode: string | null | undefined, signal?: AbortSignal): Promise<PlaceDto[]> {
  const code = required(provinceCode, 'provinceCode', 'getCitiesMunicipalities');
  return api.get<PlaceDto[]>(`/addresses/covered-cities-municipalities/${encodeURIComponent(code)}`, { signal });
}

export const citiesMunicipalitiesQueryOptions = (provinceCode: string) =>
  queryOptions({
    queryKey: ['addresses', 'cities-municipalities', provinceCode] as const,
    queryFn: ({ signal }) => getCitiesMunicipalities(provinceCode, signal),
    staleTime: 60 * 60_000,
  });

/** Loads once a province is chosen. */
export function useCitiesMunicipalities(provinceCode: string | undefined) {
  return useQuery({ ...citiesMunicipalitiesQueryOptions(provinceCode ?? ''), enabled: Boolean(provinceCode) });
}
