import type { RiderOnlineStatusDto } from '@hatid/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const statusKey = ['rider', 'online-status'] as const;

export const onlineStatusQuery = () =>
  queryOptions({ queryKey: statusKey, queryFn: ({ signal }) => api.get<RiderOnlineStatusDto>('/users/rider/online-status', { signal }) });

export function useOnlineStatus() {
  return useQuery(onlineStatusQuery());
}

/** Time in (online) or out: POST /users/rider/time-in | time-out. */
export function useSetOnline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (online: boolean) => api.post<RiderOnlineStatusDto>(online ? '/users/rider/time-in' : '/users/rider/time-out', {}),
    onSuccess: (status) => queryClient.setQueryData(statusKey, status),
  });
}
