import type { CreateReviewInput, ReviewDto } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';
import { reviewQueryKey } from './get-review';

/** POST /reviews: rate a delivered shipment from 1 to 5 stars, with an optional comment. */
export function createReview(input: CreateReviewInput): Promise<ReviewDto> {
  required(input.shipmentId, 'shipmentId', 'createReview');
  return api.post<ReviewDto>('/reviews', input);
}

export function useCreateReview(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (review, input) => queryClient.setQueryData(reviewQueryKey(userId, input.shipmentId), review),
  });
}
