import type { ShipmentDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';

/** GET /shipments/trackingNumber/{trackingNumber}: a shipment of mine, to confirm what was just booked. */
export function getBookedShipment(trackingNumber: string | null | undefined, signal?: AbortSignal): Promise<ShipmentDto> {
  const number = required(trackingNumber, 'trackingNumber', 'getBookedShipment');
  return api.get<ShipmentDto>(`/shipments/trackingNumber/${encodeURIComponent(number)}`, { signal });
}

// The key the package pages use for one shipment, so the booking answer fills their cache too.
export const bookedShipmentQueryKey = (trackingNumber: string) => ['shipments', 'detail', trackingNumber] as const;

export const bookedShipmentQueryOptions = (trackingNumber: string) =>
  queryOptions({
    queryKey: bookedShipmentQueryKey(trackingNumber),
    queryFn: ({ signal }) => getBookedShipment(trackingNumber, signal),
  });

export function useBookedShipment(trackingNumber: string) {
  return useQuery(bookedShipmentQueryOptions(trackingNumber));
}
