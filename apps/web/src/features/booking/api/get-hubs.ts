import type { HubDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';

/** GET /hubs?provinceCode=: the Hatid hubs of a province that take parcels (Drop Off). */
export function getHubs(provinceCode: string | null | undefined, signal?: AbortSignal): Promise<HubDto[]> {
  const code = required(provinceCode, 'provinceCode', 'getHubs');
  return api.get<HubDto[]>(`/hubs?provinceCode=${encodeURIComponent(code)}`, { signal });
}

export const hubsQueryOptions = (provinceCode: string) =>
  queryOptions({
    queryKey: ['hubs', provinceCode] as const,
    queryFn: ({ signal }) => getHubs(provinceCode, signal),
    staleTime: 10 * 60_000,
  });

/** Loads once the sender's province is known. */
export function useHubs(provinceCode: string | undefined) {
  return useQuery({ ...hubsQueryOptions(provinceCode ?? ''), enabled: Boolean(provinceCode) });
}
