import type { ShipmentDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How many recent shipments the picker offers; older ones can still be named by tracking number in the link. */
export const SHIPMENT_OPTIONS_LIMIT = 100;

/** GET /shipments/me: my most recent shipments, for "which shipment is this about?". */
export async function getShipmentOptions(signal?: AbortSignal): Promise<ShipmentDto[]> {
  const page = await api.get<{ data: ShipmentDto[] }>('/shipments/me', {
    signal,
    responseType: 'body',
    query: { page: 1, limit: SHIPMENT_OPTIONS_LIMIT },
  });
  return page.data;
}

export const shipmentOptionsQueryOptions = () =>
  queryOptions({
    // Under ['shipments', 'me'], so whatever refreshes my shipment lists refreshes the picker too.
    queryKey: ['shipments', 'me', 'ticket-picker'] as const,
    queryFn: ({ signal }) => getShipmentOptions(signal),
    staleTime: 60_000,
  });

export function useShipmentOptions() {
  return useQuery(shipmentOptionsQueryOptions());
}
