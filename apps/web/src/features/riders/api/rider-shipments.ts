import type { ActivityDto, ShipmentDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface Page<T> {
  data: T[];
  hasNextPage: boolean;
}

/** At most this many pages of 100: a rider's active assignments fit in one or two. */
const MAX_PAGES = 5;

/** GET /shipments/me/rider/courier: every active assignment (not delivered, not cancelled), page by page. */
export async function getActiveAssignments(signal?: AbortSignal): Promise<ShipmentDto[]> {
  const all: ShipmentDto[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await api.get<Page<ShipmentDto>>('/shipments/me/rider/courier', { query: { page, limit: 100 }, signal, responseType: 'body' });
    all.push(...result.data);
    if (!result.hasNextPage) break;
  }
  return all;
}

export const riderShipmentsKey = ['rider', 'assignments'] as const;

export const assignmentsQuery = () =>
  queryOptions({
    queryKey: riderShipmentsKey,
    queryFn: ({ signal }) => getActiveAssignments(signal),
    // The list is the rider's work for the day: kept while offline, refetched on a hint or when back online.
    staleTime: 30_000,
    gcTime: Infinity,
    networkMode: 'offlineFirst',
  });

export function useAssignments() {
  return useQuery(assignmentsQuery());
}

export interface RiderStats {
  assignedToday: number;
  pickedUpToday: number;
  deliveredToday: number;
  pending: number;
  codToCollectInCents: number;
  cashOnHandInCents: number;
  /** Cash recorded short of what was due, on shipments not yet paid in full. */
  cashShortInCents: number;
}

export function useRiderStats() {
  return useQuery({
    queryKey: ['rider', 'stats'],
    queryFn: ({ signal }) => api.get<RiderStats>('/shipments/rider-stats', { signal }),
    networkMode: 'offlineFirst',
  });
}

/** One shipment the rider may see (a scanned or typed number), by tracking number. */
export function useRiderShipment(trackingNumber: string) {
  return useQuery({
    queryKey: ['rider', 'shipment', trackingNumber],
    queryFn: ({ signal }) => api.get<ShipmentDto>(`/shipments/trackingNumber/${encodeURIComponent(trackingNumber)}`, { signal }),
    networkMode: 'offlineFirst',
    retry: false,
  });
}

/** The shipment's activities: the last status-changing one tells the failed-delivery chain apart. */
export function useShipmentActivities(trackingNumber: string) {
  return useQuery({
    queryKey: ['rider', 'activities', trackingNumber],
    queryFn: ({ signal }) => api.get<ActivityDto[]>(`/shipments/${encodeURIComponent(trackingNumber)}/activities`, { signal }),
    networkMode: 'offlineFirst',
  });
}
