import type { CoveredProvinceDto, PlaceDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, required } from '../api-client';

// The PSGC places we serve, for every address form (booking, address book): one cache entry per list.

/** GET /addresses/covered-provinces: the provinces we pick up from and deliver to. */
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

/** GET /addresses/covered-cities-municipalities/{provinceCode}. */
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

/** GET /addresses/barangays/{cityMunicipalityCode}. */
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
