import type {
  AutomatedConsolidationInput,
  ConfirmPackagesInput,
  ConsolidateResultDto,
  ConsolidationDetailDto,
  ConsolidationDto,
  consolidationListQuery,
  CreateConsolidationInput,
  TransportDetailsInput,
  UpdateConsolidationInput,
} from '@hatid/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../../../lib/api-query';

export const consolidationsKey = ['consolidations'] as const;

export type ConsolidationListParams = ListQuery<typeof consolidationListQuery>;

/** GET /consolidations: newest first. */
export function useConsolidations(params: ConsolidationListParams) {
  return useQuery({
    queryKey: [...consolidationsKey, 'list', params],
    queryFn: ({ signal }) => api.get<PageResult<ConsolidationDto>>('/consolidations', { signal, responseType: 'body', query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /consolidations/{tag}: with its shipments and (pending) the shipments waiting for it. */
export function useConsolidation(tag: string) {
  return useQuery({
    queryKey: [...consolidationsKey, 'one', tag],
    queryFn: ({ signal }) => api.get<ConsolidationDetailDto>(`/consolidations/${encodeURIComponent(tag)}`, { signal }),
  });
}

/** Every change answers the whole consolidation: the detail is put straight in the cache. */
function useConsolidationChange<V>(fn: (vars: V) => Promise<ConsolidationDetailDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => {
      queryClient.setQueryData([...consolidationsKey, 'one', detail.tag], detail);
      void queryClient.invalidateQueries({ queryKey: [...consolidationsKey, 'list'] });
    },
  });
}

export const useCreateConsolidation = () =>
  useConsolidationChange((input: CreateConsolidationInput) => api.post<ConsolidationDetailDto>('/consolidations', input));

export const useUpdateConsolidation = (id: string) =>
  useConsolidationChange((input: UpdateConsolidationInput) => api.put<ConsolidationDetailDto>(`/consolidations/${id}`, input));

export type LifecycleMove = 'completeConsolidation' | 'startDeconsolidation' | 'completeDeconsolidation';
export const useConsolidationMove = (tag: string) =>
  useConsolidationChange((move: LifecycleMove) => api.post<ConsolidationDetailDto>(`/consolidations/${encodeURIComponent(tag)}/${move}`));

export const useConfirmPackages = (tag: string) =>
  useConsolidationChange((input: ConfirmPackagesInput) =>
    api.post<ConsolidationDetailDto>(`/consolidations/${encodeURIComponent(tag)}/confirmPackages`, input),
  );

export const useTransportDetails = () =>
  useConsolidationChange(({ shipmentId, input }: { shipmentId: string; input: TransportDetailsInput }) =>
    api.patch<ConsolidationDetailDto>(`/consolidations/shipment/${shipmentId}/transport-details`, input),
  );

/** POST /shipments/consolidate: each number done or refused with its reason. */
export function useConsolidateShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { consolidationId: string; action: 'add' | 'remove'; trackingNumbers: string[] }) =>
      api.post<ConsolidateResultDto>('/shipments/consolidate', input),
    onSuccess: (result) => {
      queryClient.setQueryData([...consolidationsKey, 'one', result.consolidation.tag], result.consolidation);
      void queryClient.invalidateQueries({ queryKey: [...consolidationsKey, 'list'] });
    },
  });
}

export function useAutomatedConsolidation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AutomatedConsolidationInput) => api.post<ConsolidationDetailDto[]>('/consolidations/automated', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consolidationsKey }),
  });
}

export function useDeleteConsolidation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/consolidations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consolidationsKey }),
  });
}

/** The manifest PDF, opened by the browser (same origin, the session cookie goes along). */
export const manifestUrl = (id: string) => `/api/consolidations/${id}/manifest`;
