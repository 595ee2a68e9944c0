import type { ApiKeyDto, apiKeyListQuery, CreateApiKeyInput, CreatedApiKeyDto, UpdateApiKeyInput } from '@hatid/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import type { ListQuery, QueryFilters } from '../../../lib/api-query';

/** GET /api-keys's filters (besides paging), as the API names them. */
export type ApiKeyFilters = QueryFilters<typeof apiKeyListQuery>;

export type ApiKeyListParams = ListQuery<typeof apiKeyListQuery>;

/** Every query of the screen starts with this key: one invalidation after a change refetches the list and the counts. */
export const apiKeysQueryKey = ['api-keys'] as const;

const keyPath = (id: string) => `/api-keys/${encodeURIComponent(id)}`;

export function getApiKeys(params: ApiKeyListParams, signal?: AbortSignal): Promise<PageResult<ApiKeyDto>> {
  return api.get<PageResult<ApiKeyDto>>('/api-keys', { signal, responseType: 'body', query: { ...params } });
}

/** GET /api-keys: the keys the person may see (a business admin its business's, admins every one), newest first. */
export function useApiKeys(params: ApiKeyListParams) {
  return useQuery({
    queryKey: [...apiKeysQueryKey, 'list', params],
    queryFn: ({ signal }) => getApiKeys(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** A status tab's count for the same search: one row asked for, `total` read. */
export function useApiKeyCount(filters: ApiKeyFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...apiKeysQueryKey, 'count', filters],
    queryFn: async ({ signal }) => (await getApiKeys({ ...filters, page: 1, limit: 1 }, signal)).total,
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useRefreshApiKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
}

/**
 * POST /api-keys: the answer holds the key itself, this once. The mutation is dropped from the cache as
 * soon as nothing watches it (`gcTime: 0`), so the key lives only as long as the modal showing it.
 */
export function useCreateApiKey() {
  const refresh = useRefreshApiKeys();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api.post<CreatedApiKeyDto>('/api-keys', input),
    gcTime: 0,
    onSettled: refresh,
  });
}

/** PATCH /api-keys/{id}: name, scopes or expiry (only what changed); a revoked key answers 409. */
export function useUpdateApiKey() {
  const refresh = useRefreshApiKeys();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateApiKeyInput }) => api.patch<ApiKeyDto>(keyPath(id), input),
    onSettled: refresh,
  });
}

/** DELETE /api-keys/{id}: revoked at once; the key stays listed as revoked. */
export function useRevokeApiKey() {
  const refresh = useRefreshApiKeys();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(keyPath(id)),
    onSettled: refresh,
  });
}
