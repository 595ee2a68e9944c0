import type { DeliveryStatus, ShipmentPage, ShipmentStatus } from '@hatid/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /shipments/me answers a page of shipments (large results carry an estimated total). */
export type { ShipmentPage };

export interface MyShipmentsFilters {
  page: number;
  limit: number;
  search?: string | undefined;
  shipmentStatus?: readonly ShipmentStatus[] | undefined;
  deliveryStatus?: DeliveryStatus | undefined;
}

/** GET /shipments/me: the shipments I own, newest first, with the catalogue filters. */
export function getMyShipments(filters: MyShipmentsFilters, signal?: AbortSignal): Promise<ShipmentPage> {
  return api.get<ShipmentPage>('/shipments/me', {
    signal,
    responseType: 'body',
    query: {
      page: filters.page,
      limit: filters.limit,
      search: filters.search || undefined,
      shipmentStatus: filters.shipmentStatus?.length ? filters.shipmentStatus.join(',') : undefined,
      deliveryStatus: filters.deliveryStatus,
    },
  });
}

export const myShipmentsQueryKey = ['shipments', 'me'] as const;

export const myShipmentsQueryOptions = (filters: MyShipmentsFilters) =>
  queryOptions({
    queryKey: [...myShipmentsQueryKey, filters],
    queryFn: ({ signal }) => getMyShipments(filters, signal),
    // Keep the current page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useMyShipments(filters: MyShipmentsFilters) {
  return useQuery(myShipmentsQueryOptions(filters));
}
