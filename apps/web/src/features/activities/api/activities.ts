import type { ActivityLogDto, globalActivityQuery } from '@hatid/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../../../lib/api-query';

/** GET /activities/global's query. */
export type GlobalActivityParams = ListQuery<typeof globalActivityQuery>;

/** GET /activities/global: the whole log, newest first. */
export function getGlobalActivities(params: GlobalActivityParams, signal?: AbortSignal): Promise<PageResult<ActivityLogDto>> {
  return api.get<PageResult<ActivityLogDto>>('/activities/global', { signal, responseType: 'body', query: { ...params } });
}

export function useGlobalActivities(params: GlobalActivityParams) {
  return useQuery({
    queryKey: ['activities', 'global', params],
    queryFn: ({ signal }) => getGlobalActivities(params, signal),
    placeholderData: keepPreviousData,
  });
}
