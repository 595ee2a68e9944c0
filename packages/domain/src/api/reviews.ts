import { z } from 'zod';
import { MAX_TEXT_LENGTH, VALIDATION_MESSAGES } from '../validation/index.js';
import { pageQuery } from './common.js';

/** Reviews (api-catalogue "Reviews"): one per user and shipment, once it is delivered. */

export const REVIEW_MESSAGES = {
  rating: 'Choose a rating from 1 to 5 stars',
  shipment: 'Choose a shipment to review',
  nothingToChange: 'Send at least one field to change',
  onePerShipment: 'You have already reviewed this shipment. Edit your review instead.',
} as const;

export const reviewRatingSchema = z
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(1, REVIEW_MESSAGES.rating)
  .max(5, REVIEW_MESSAGES.rating);

/** Optional; blank means no comment. */
export const reviewCommentSchema = z.string().trim().max(MAX_TEXT_LENGTH, VALIDATION_MESSAGES.maxText).nullable();

export const createReviewBody = z.object({
  shipmentId: z.uuid(REVIEW_MESSAGES.shipment),
  rating: reviewRatingSchema,
  comment: reviewCommentSchema.optional(),
});
export type CreateReviewInput = z.input<typeof createReviewBody>;
export type CreateReviewBody = z.output<typeof createReviewBody>;

export const updateReviewBody = z
  .object({ rating: reviewRatingSchema, comment: reviewCommentSchema })
  .partial()
  .refine((b) => b.rating !== undefined || b.comment !== undefined, REVIEW_MESSAGES.nothingToChange);
export type UpdateReviewInput = z.input<typeof updateReviewBody>;
export type UpdateReviewBody = z.output<typeof updateReviewBody>;

/** The catalogue's review filters: `rating` (exact stars) and `comment` (words the comment contains). */
export const reviewListQuery = pageQuery.extend({
  rating: z.coerce.number().int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(5, REVIEW_MESSAGES.rating).optional(),
  comment: z.string().trim().min(1).max(100, 'Search at most 100 characters').optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const reviewIdParams = z.object({ id: z.uuid('Review not found') });

/** GET /reviews/user-shipment/{userId}/{shipmentId}: a person's review of a shipment. */
export const reviewOfShipmentParams = z.object({ userId: z.uuid('Review not found'), shipmentId: z.uuid('Review not found') });

export const reviewDto = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  shipmentId: z.string(),
  trackingNumber: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewDto = z.infer<typeof reviewDto>;
