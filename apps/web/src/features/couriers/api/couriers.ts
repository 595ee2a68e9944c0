import type { CourierCategory, CourierDto, CourierInput, courierListQuery, CourierUpdate } from '@hatid/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../../../lib/api-query';

export const couriersQueryKey = ['couriers'] as const;

export type CourierListParams = ListQuery<typeof courierListQuery>;

/** GET /couriers: by name, active first, with type, category and status filters. */
export function useCouriers(params: CourierListParams) {
  return useQuery({
    queryKey: [...couriersQueryKey, 'list', params],
    queryFn: ({ signal }) => api.get<PageResult<CourierDto>>('/couriers', { signal, responseType: 'body', query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** The pickers: GET /couriers/by-category/{category}, or /couriers/all-active. */
export function useActiveCouriers(category?: CourierCategory, enabled = true) {
  return useQuery({
    queryKey: [...couriersQueryKey, 'active', category ?? 'all'],
    queryFn: ({ signal }) => api.get<CourierDto[]>(category ? `/couriers/by-category/${category}` : '/couriers/all-active', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useSaveCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CourierInput | CourierUpdate }) =>
      id ? api.patch<CourierDto>(`/couriers/${encodeURIComponent(id)}`, input) : api.post<CourierDto>('/couriers', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couriersQueryKey }),
  });
}

/** PATCH /couriers/{id}/activate or /deactivate. */
export function useSetCourierActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.patch<CourierDto>(`/couriers/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couriersQueryKey }),
  });
}

export function useDeleteCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/couriers/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couriersQueryKey }),
  });
}
