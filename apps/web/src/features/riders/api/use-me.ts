import type { UserDto } from '@hatid/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The signed-in rider (the same cache entry as the rest of the app's /users/me). */
export function useMe() {
  return useQuery({ queryKey: ['users', 'me'], queryFn: ({ signal }) => api.get<UserDto | null>('/users/me', { signal }), staleTime: 60_000 });
}
