import type { PlaceDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';

export function getBarangays(cityMunicipalityCode: string | null | undefined, signal?: AbortSignal): Promise<PlaceDto[]> {
  const code = required(cityMunicipalityCode, 'cityMunicipalityCode', 'getBarangays');
  return api.get<PlaceDto[]>(`/addresses/barangays/${encodeURIComponent(code)}`, { signal });
}

export const barangaysQueryOptions = (cityMunicipalityCode: string) =>
  queryOptions({
    queryKey: ['addresses', 'barangays', cityMunicipalityCode] as const,
    queryFn: ({ signal }) => getBarangays(cityMunicipalityCode, signal),
    staleTime: 60 * 60_000,
  });

/** Loads once a city or municipality is chosen. */
export function useBarangays(cityMunicipalityCode: string | undefined) {
  return useQuery({ ...barangaysQueryOptions(cityMunicipalityCode ?? ''), enabled: Boolean(cityMunicipalityCode) });
}
