import type { ShipmentDto } from '@hatid/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { filtersToQuery, type AdminShipmentFilters } from '../lib/admin-list-search';
import type { ShipmentPage } from './get-my-shipments';

/** GET /shipments: every shipment the person may see (admin view), filtered, paged by the server. */
export function getShipments(filters: AdminShipmentFilters & { page: number; limit: number }, signal?: AbortSignal): Promise<ShipmentPage> {
  const { page, limit, ...rest } = filters;
  return api.get<ShipmentPage>('/shipments', { signal, responseType: 'body', query: { page, limit, ...filtersToQuery(rest) } });
}

export const shipmentsQueryKey = ['shipments', 'all'] as const;

export const shipmentsQueryOptions = (filters: AdminShipmentFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...shipmentsQueryKey, filters],
    queryFn: ({ signal }) => getShipments(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useShipments(filters: AdminShipmentFilters & { page: number; limit: number }) {
  return useQuery(shipmentsQueryOptions(filters));
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
