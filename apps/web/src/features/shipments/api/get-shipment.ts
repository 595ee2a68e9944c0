import type { ShipmentDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';

/** GET /shipments/trackingNumber/{trackingNumber}: a shipment I may see (404 otherwise). */
export function getShipmentByTrackingNumber(trackingNumber: string | null | undefined, signal?: AbortSignal): Promise<ShipmentDto> {
  const n = required(trackingNumber, 'trackingNumber', 'getShipmentByTrackingNumber');
  return api.get<ShipmentDto>(`/shipments/trackingNumber/${encodeURIComponent(n)}`, { signal });
}

/** Everything shown about one shipment lives under this key, so one invalidation refreshes the page. */
export const shipmentQueryKey = (trackingNumber: string) => ['shipments', 'detail', trackingNumber] as const;

export const shipmentQueryOptions = (trackingNumber: string) =>
  queryOptions({
    queryKey: shipmentQueryKey(trackingNumber),
    queryFn: ({ signal }) => getShipmentByTrackingNumber(trackingNumber, signal),
  });

export function useShipment(trackingNumber: string) {
  return useQuery(shipmentQueryOptions(trackingNumber));
}
