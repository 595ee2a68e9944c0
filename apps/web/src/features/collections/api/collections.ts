import type {
  AdminUserDto,
  CollectionBulkResult,
  CollectionDto,
  collectionListQuery,
  CollectionSource,
  CollectionStatus,
  CreateCollectionInput,
  OutstandingCashDto,
} from '@hatid/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import type { ListQuery, QueryFilters } from '../../../lib/api-query';

/** GET /collections's filters (besides paging), as the API names them. */
export type CollectionFilters = QueryFilters<typeof collectionListQuery>;

export type CollectionListParams = ListQuery<typeof collectionListQuery>;

/** Every query of the screen starts with this key: one invalidation after a change refetches list, counts and outstanding cash. */
export const collectionsQueryKey = ['collections'] as const;

export function getCollections(params: CollectionListParams, signal?: AbortSignal): Promise<PageResult<CollectionDto>> {
  return api.get<PageResult<CollectionDto>>('/collections', { signal, responseType: 'body', query: { ...params } });
}

/** GET /collections: hand-overs newest first. */
export function useCollections(params: CollectionListParams) {
  return useQuery({
    queryKey: [...collectionsQueryKey, 'list', params],
    queryFn: ({ signal }) => getCollections(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** A status tab's count for the same search and filters: one row asked for, `total` read. */
export function useCollectionCount(filters: CollectionFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...collectionsQueryKey, 'count', filters],
    queryFn: async ({ signal }) => (await getCollections({ ...filters, page: 1, limit: 1 }, signal)).total,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * GET /collections/outstanding: cash riders and partners collected and have not handed over, per person;
 * with `collectedFromId`, that person's shipments too (of one source when given).
 */
export function useOutstandingCash(params: { collectedFromId?: string | undefined; source?: CollectionSource | undefined } = {}, enabled = true) {
  return useQuery({
    queryKey: [...collectionsQueryKey, 'outstanding', params],
    queryFn: ({ signal }) => api.get<OutstandingCashDto>('/collections/outstanding', { signal, query: { ...params } }),
    enabled,
  });
}

/** The riders and service partners, for the "handed over by" filter (GET /users/by-role/{role}). */
export function useCashHolders(enabled = true) {
  return useQuery({
    queryKey: [...collectionsQueryKey, 'holders'],
    queryFn: async ({ signal }) => {
      const [riders, partners] = await Promise.all(
        (['rider', 'service_partner'] as const).map((role) =>
          api.get<PageResult<AdminUserDto>>(`/users/by-role/${role}`, { signal, responseType: 'body', query: { limit: 100 } }),
        ),
      );
      const people = new Map<string, string>();
      for (const user of [...riders!.data, ...partners!.data]) people.set(user.id, user.name);
      return [...people].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled,
    staleTime: 60_000,
  });
}

function useRefreshCollections() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: collectionsQueryKey });
}

/** POST /collections: record a hand-over (201 with the collection). */
export function useCreateCollection() {
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: (input: CreateCollectionInput) => api.post<CollectionDto>('/collections', input),
    onSettled: refresh,
  });
}

/** PATCH /collections/status: one collection's next status (409 when COLLECTION_MOVES does not allow it). */
export function useSetCollectionStatus() {
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: (input: { id: string; status: CollectionStatus; remarks?: string | undefined }) => api.patch<CollectionDto>('/collections/status', input),
    onSettled: refresh,
  });
}

/** PATCH /collections/bulk-status: each collection moved (or refused) on its own. */
export function useBulkCollectionStatus() {
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: (input: { ids: string[]; status: CollectionStatus }) => api.patch<CollectionBulkResult>('/collections/bulk-status', input),
    onSettled: refresh,
  });
}
