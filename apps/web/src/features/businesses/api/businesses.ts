import type { BusinessDetailDto, BusinessDto, businessListQuery, CreateBusinessInput, UpdateBusinessInput, UserOptionDto } from '@hatid/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../../../lib/api-query';

export type BusinessListParams = ListQuery<typeof businessListQuery>;

export const businessesQueryKey = ['businesses'] as const;

/** GET /businesses: newest first, searched by name, email, TIN or mobile number. */
export const businessesQueryOptions = (params: BusinessListParams) =>
  queryOptions({
    queryKey: [...businessesQueryKey, 'list', params],
    queryFn: ({ signal }) => api.get<PageResult<BusinessDto>>('/businesses', { signal, responseType: 'body', query: { ...params } }),
    placeholderData: keepPreviousData,
  });

export const useBusinesses = (params: BusinessListParams) => useQuery(businessesQueryOptions(params));

/** GET /businesses/{id}: with its members and addresses. */
export const useBusiness = (id: string) =>
  useQuery({
    queryKey: [...businessesQueryKey, 'one', id],
    queryFn: ({ signal }) => api.get<BusinessDetailDto>(`/businesses/${encodeURIComponent(id)}`, { signal }),
  });

/** GET /users/account-managers: staff and admins who may look after an account (first 100). */
export const useAccountManagers = (enabled = true) =>
  useQuery({
    queryKey: ['users', 'account-managers'],
    queryFn: ({ signal }) => api.get<UserOptionDto[]>('/users/account-managers', { signal, query: { limit: 100 } }),
    staleTime: 60_000,
    enabled,
  });

export function useSaveBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreateBusinessInput | UpdateBusinessInput }) =>
      id ? api.patch<BusinessDetailDto>(`/businesses/${encodeURIComponent(id)}`, input) : api.post<BusinessDetailDto>('/businesses', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
  });
}

export function useDeleteBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/businesses/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
  });
}
