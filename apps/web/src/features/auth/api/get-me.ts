import type { MeDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

/** The signed-in user (with the new email waiting for its link), or null when there is no session (401). */
export async function getMe(signal?: AbortSignal): Promise<MeDto | null> {
  try {
    return await api.get<MeDto>('/users/me', { signal });
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401) return null;
    throw error;
  }
}

export const meQueryKey = ['users', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
