import type { ShipmentTabCounts } from '@hatid/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { filtersToQuery, type AdminShipmentFilters } from '../lib/admin-list-search';
import type { ShipmentPage } from './get-my-shipments';

export type ShipmentsPageQuery = AdminShipmentFilters & { page: number; limit: number; sort?: string | undefined };

/** GET /shipments: every shipment the person may see, filtered, sorted (`field.asc|desc`) and paged by the server. */
export function getShipments(filters: ShipmentsPageQuery, signal?: AbortSignal): Promise<ShipmentPage> {
  const { page, limit, sort, ...rest } = filters;
  const [sortBy, sortOrder] = sort ? sort.split('.') : [];
  return api.get<ShipmentPage>('/shipments', { signal, responseType: 'body', query: { page, limit, sortBy, sortOrder, ...filtersToQuery(rest) } });
}

export const shipmentsQueryKey = ['shipments', 'all'] as const;

export const shipmentsQueryOptions = (filters: ShipmentsPageQuery) =>
  queryOptions({
    queryKey: [...shipmentsQueryKey, filters],
    queryFn: ({ signal }) => getShipments(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useShipments(filters: ShipmentsPageQuery) {
  return useQuery(shipmentsQueryOptions(filters));
}

/**
 * Each tab's count for the search and filters (the tab itself left out): GET /shipments?tabCounts=true,
 * asked once per set of filters rather than with every page.
 */
export function useShipmentTabCounts(filters: AdminShipmentFilters) {
  const untabbed = { ...filters, shipmentStatus: undefined, deliveryStatus: undefined };
  return useQuery({
    queryKey: [...shipmentsQueryKey, 'tab-counts', untabbed],
    queryFn: async ({ signal }) => {
      const page = await api.get<ShipmentPage & { tabCounts?: ShipmentTabCounts }>('/shipments', {
        signal,
        responseType: 'body',
        query: { page: 1, limit: 1, tabCounts: 'true', ...filtersToQuery(untabbed) },
      });
      return page.tabCounts ?? null;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /shipments/partners/export: the whole filtered set as CSV, streamed by the server (any size), named
 * after the table (`Shipments` → `Shipments_all.csv`).
 */
export async function exportShipments(filters: AdminShipmentFilters, fileTitle: string, signal?: AbortSignal): Promise<Blob> {
  const response = await api.get<Response>('/shipments/partners/export', {
    signal,
    responseType: 'response',
    query: { ...filtersToQuery(filters), filename: fileTitle },
  });
  return response.blob();
}
