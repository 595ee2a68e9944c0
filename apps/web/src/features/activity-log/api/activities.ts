import type { ActivityLogDto } from '@hatid/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';

export interface GlobalActivityParams {
  page: number;
  limit: number;
  search?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  category?: string | undefined;
}

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
