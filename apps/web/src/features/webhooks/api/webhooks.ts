import type {
  BusinessDto,
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryDto,
  WebhookDeliveryStatus,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
  webhookEndpointListQuery,
  WebhookReplayDto,
} from '@hatid/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import type { ListQuery, QueryFilters } from '../../../lib/api-query';

/** GET /webhooks/endpoints's filters (besides paging), as the API names them. */
export type WebhookEndpointFilters = QueryFilters<typeof webhookEndpointListQuery>;
export type WebhookEndpointListParams = ListQuery<typeof webhookEndpointListQuery>;

/** Every query of the screen starts with this key: one invalidation after a change refetches lists, counts and deliveries. */
export const webhooksQueryKey = ['webhooks'] as const;

const endpointPath = (id: string) => `/webhooks/endpoints/${encodeURIComponent(id)}`;

export function getWebhookEndpoints(params: WebhookEndpointListParams, signal?: AbortSignal): Promise<PageResult<WebhookEndpointDto>> {
  return api.get<PageResult<WebhookEndpointDto>>('/webhooks/endpoints', { signal, responseType: 'body', query: { ...params } });
}

/** GET /webhooks/endpoints: a business admin's business's endpoints; staff and admins every business's. */
export function useWebhookEndpoints(params: WebhookEndpointListParams) {
  return useQuery({
    queryKey: [...webhooksQueryKey, 'list', params],
    queryFn: ({ signal }) => getWebhookEndpoints(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** A status tab's count for the same search: one row asked for, `total` read. */
export function useWebhookEndpointCount(filters: WebhookEndpointFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...webhooksQueryKey, 'count', filters],
    queryFn: async ({ signal }) => (await getWebhookEndpoints({ ...filters, page: 1, limit: 1 }, signal)).total,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The businesses an admin may register an endpoint for: the first 100 by name. */
export function useWebhookBusinesses(enabled: boolean) {
  return useQuery({
    queryKey: [...webhooksQueryKey, 'businesses'],
    queryFn: async ({ signal }) => {
      const page = await api.get<PageResult<BusinessDto>>('/businesses', { signal, responseType: 'body', query: { limit: 100 } });
      return [...page.data].sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
    enabled,
  });
}

/** GET /webhooks/endpoints/{id}/deliveries: newest first, each with its attempts. */
export function useWebhookDeliveries(endpointId: string, status: WebhookDeliveryStatus | undefined, page: number) {
  return useQuery({
    queryKey: [...webhooksQueryKey, 'deliveries', endpointId, status ?? 'all', page],
    queryFn: ({ signal }) =>
      api.get<PageResult<WebhookDeliveryDto>>(`${endpointPath(endpointId)}/deliveries`, {
        signal,
        responseType: 'body',
        query: { page, limit: 20, ...(status ? { status } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
}

/**
 * POST /webhooks/endpoints: the answer holds the signing secret, this once. Dropped from the cache as soon
 * as nothing watches it (`gcTime: 0`), so the secret lives only as long as the modal showing it.
 */
export function useCreateWebhookEndpoint() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) => api.post<WebhookEndpointWithSecretDto>('/webhooks/endpoints', input),
    gcTime: 0,
    onSettled: refresh,
  });
}

/** PATCH /webhooks/endpoints/{id}: URL, events, description, or on/off (only what changed). */
export function useUpdateWebhookEndpoint() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateWebhookEndpointInput }) => api.patch<WebhookEndpointDto>(endpointPath(id), input),
    onSettled: refresh,
  });
}

/** DELETE /webhooks/endpoints/{id}: gone with its delivery log. */
export function useDeleteWebhookEndpoint() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(endpointPath(id)),
    onSettled: refresh,
  });
}

/** POST /webhooks/endpoints/{id}/rotate-secret: a new secret, shown once; the old one stops signing at once. */
export function useRotateWebhookSecret() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (id: string) => api.post<WebhookEndpointWithSecretDto>(`${endpointPath(id)}/rotate-secret`, {}),
    gcTime: 0,
    onSettled: refresh,
  });
}

/** POST …/deliveries/{deliveryId}/replay: the same event sent again, signed anew. */
export function useReplayWebhookDelivery() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      api.post<WebhookReplayDto>(`${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`, {}),
    onSettled: refresh,
  });
}

/** POST …/replay-failed: every failed delivery of the endpoint goes out again. */
export function useReplayFailedWebhookDeliveries() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (endpointId: string) => api.post<WebhookReplayDto>(`${endpointPath(endpointId)}/replay-failed`, {}),
    onSettled: refresh,
  });
}
