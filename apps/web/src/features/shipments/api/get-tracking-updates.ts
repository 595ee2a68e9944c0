import type { ActivityDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';
import { shipmentQueryKey } from './get-shipment';

/** GET /shipments/{trackingNumber}/tracking-updates: the customer's timeline (hidden activities left out). */
export function getTrackingUpdates(trackingNumber: string | null | undefined, signal?: AbortSignal): Promise<ActivityDto[]> {
  const n = required(trackingNumber, 'trackingNumber', 'getTrackingUpdates');
  return api.get<ActivityDto[]>(`/shipments/${encodeURIComponent(n)}/tracking-updates`, { signal });
}

export const trackingUpdatesQueryOptions = (trackingNumber: string) =>
  queryOptions({
    queryKey: [...shipmentQueryKey(trackingNumber), 'tracking-updates'],
    queryFn: ({ signal }) => getTrackingUpdates(trackingNumber, signal),
  });

export function useTrackingUpdates(trackingNumber: string) {
  return useQuery(trackingUpdatesQueryOptions(trackingNumber));
}
