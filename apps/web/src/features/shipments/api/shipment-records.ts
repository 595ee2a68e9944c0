import type { ActivityDto, ShipmentDocumentDto } from '@hatid/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';
import { shipmentQueryKey } from './get-shipment';

// What operations staff see about one shipment beyond the customer's page: every activity (hidden ones
// too), its documents and its weighings.

/** GET /shipments/{trackingNumber}/activities: every activity, including those hidden from the customer. */
export function getActivities(trackingNumber: string | null | undefined, signal?: AbortSignal): Promise<ActivityDto[]> {
  const n = required(trackingNumber, 'trackingNumber', 'getActivities');
  return api.get<ActivityDto[]>(`/shipments/${encodeURIComponent(n)}/activities`, { signal });
}

export const activitiesQueryOptions = (trackingNumber: string) =>
  queryOptions({
    queryKey: [...shipmentQueryKey(trackingNumber), 'activities'],
    queryFn: ({ signal }) => getActivities(trackingNumber, signal),
  });

export function useActivities(trackingNumber: string) {
  return useQuery(activitiesQueryOptions(trackingNumber));
}

/** PATCH …/activities/{id}/hide-from-timeline: hide an activity from the customer's timeline, or show it. */
export function useSetActivityHidden(trackingNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, hidden }: { activityId: string; hidden: boolean }) =>
      api.patch<ActivityDto>(`/shipments/${encodeURIComponent(trackingNumber)}/activities/${encodeURIComponent(activityId)}/hide-from-timeline`, {
        hideFromTimeline: hidden,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentQueryKey(trackingNumber) }),
  });
}

export function useShipmentDocuments(trackingNumber: string) {
  return useQuery({
    queryKey: [...shipmentQueryKey(trackingNumber), 'documents'],
    queryFn: ({ signal }) => api.get<ShipmentDocumentDto[]>(`/shipments/${encodeURIComponent(trackingNumber)}/documents`, { signal }),
  });
}

export interface ShipmentWeight {
  id: string;
  shipmentPackageId: string | null;
  weightInGrams: number;
  lengthInCm: number | null;
  widthInCm: number | null;
  heightInCm: number | null;
  volumetricWeightInGrams: number | null;
  note: string | null;
  createdAt: string;
}

/** GET /shipments/{id}/weights (the id or the tracking number), newest first. */
export function useShipmentWeights(trackingNumber: string) {
  return useQuery({
    queryKey: [...shipmentQueryKey(trackingNumber), 'weights'],
    queryFn: ({ signal }) => api.get<ShipmentWeight[]>(`/shipments/${encodeURIComponent(trackingNumber)}/weights`, { signal }),
  });
}
