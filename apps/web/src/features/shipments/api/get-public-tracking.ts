import type { PublicTrackingDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';

/** GET /shipments/track/{trackingNumber}: public tracking, statuses and cities only. */
export function getPublicTracking(trackingNumber: string | null | undefined, signal?: AbortSignal): Promise<PublicTrackingDto> {
  const n = required(trackingNumber, 'trackingNumber', 'getPublicTracking');
  return api.get<PublicTrackingDto>(`/shipments/track/${encodeURIComponent(n)}`, { signal });
}

export const publicTrackingQueryOptions = (trackingNumber: string) =>
  queryOptions({
    queryKey: ['shipments', 'track', trackingNumber],
    queryFn: ({ signal }) => getPublicTracking(trackingNumber, signal),
  });

/** Runs only once a (checked) number is given. */
export function usePublicTracking(trackingNumber: string | undefined) {
  return useQuery({ ...publicTrackingQueryOptions(trackingNumber ?? ''), enabled: Boolean(trackingNumber) });
}
