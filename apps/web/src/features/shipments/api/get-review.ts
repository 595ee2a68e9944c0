import type { ReviewDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, required } from '../../../lib/api-client';

/** GET /reviews/user-shipment/{userId}/{shipmentId}: my review of this shipment, or null when I have not written one. */
export async function getReviewByUserAndShipment(
  userId: string | null | undefined,
  shipmentId: string | null | undefined,
  signal?: AbortSignal,
): Promise<ReviewDto | null> {
  const user = required(userId, 'userId', 'getReviewByUserAndShipment');
  const shipment = required(shipmentId, 'shipmentId', 'getReviewByUserAndShipment');
  try {
    const review = await api.get<ReviewDto | null>(`/reviews/user-shipment/${encodeURIComponent(user)}/${encodeURIComponent(shipment)}`, { signal });
    return review ?? null;
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null;
    throw error;
  }
}

export const reviewQueryKey = (userId: string, shipmentId: string) => ['reviews', 'user-shipment', userId, shipmentId] as const;

export const reviewQueryOptions = (userId: string, shipmentId: string) =>
  queryOptions({
    queryKey: reviewQueryKey(userId, shipmentId),
    queryFn: ({ signal }) => getReviewByUserAndShipment(userId, shipmentId, signal),
  });

export function useReview(userId: string, shipmentId: string, enabled: boolean) {
  return useQuery({ ...reviewQueryOptions(userId, shipmentId), enabled });
}
