import { and, eq, type SQL } from 'drizzle-orm';
import {
  REVIEW_MESSAGES,
  type ReviewDto,
  type ReviewListQuery,
  type CreateReviewBody as CreateInput,
  type UpdateReviewBody as UpdateInput,
} from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { reviews } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { findVisibleShipment } from '../shipments/index.js';
import {
  commentContains,
  deleteReview,
  findReviewView,
  insertReview,
  lockReview,
  pageReviewViews,
  reviewOf,
  toReviewDto,
  updateReview,
} from './reviews.repository.js';
import { toPage } from '../../db/paging.js';

type Options = { ip?: string };

export const REVIEW_RULES = {
  notYourShipment: 'We could not find this shipment among yours',
  onlyYourShipment: 'You can review only shipments you sent',
  onlyAuthor: 'Only the person who wrote a review can change it',
  notDelivered: (trackingNumber: string, deliveryStatus: string) => `You can review a shipment once it is delivered; ${trackingNumber} is "${deliveryStatus}"`,
  cancelled: (trackingNumber: string) => `${trackingNumber} was cancelled, so there is no delivery to review`,
} as const;

/** Staff and admins read every review; anyone else reads the reviews they wrote. */
const seesAllReviews = (actor: Actor) => actor.ability.can('view', 'Review');
const scopeOf = (actor: Actor): SQL | undefined => (seesAllReviews(actor) ? undefined : eq(reviews.userId, actor.id));

export async function listReviews(db: DbOrTx, actor: Actor, query: ReviewListQuery) {
  const where = and(
    scopeOf(actor),
    query.rating !== undefined ? eq(reviews.rating, query.rating) : undefined,
    query.comment ? commentContains(query.comment) : undefined,
  );
  const { rows, total } = await pageReviewViews(db, where, query.page, query.limit);
  return toPage(rows.map(toReviewDto), query, total);
}

export async function getReview(db: DbOrTx, actor: Actor, id: string): Promise<ReviewDto> {
  const view = await findReviewView(db, and(eq(reviews.id, id), scopeOf(actor)));
  if (!view) throw notFound('Review');
  return toReviewDto(view);
}

/**
 * GET /reviews/user-shipment/{userId}/{shipmentId}: that person's review of that shipment, or null when
 * there is none yet (the shipment page then offers the form). Asking about another person: 404.
 */
export async function findReviewOf(db: DbOrTx, actor: Actor, userId: string, shipmentId: string): Promise<ReviewDto | null> {
  if (userId !== actor.id && !seesAllReviews(actor)) throw notFound('Review');
  const view = await findReviewView(db, reviewOf(userId, shipmentId));
  return view ? toReviewDto(view) : null;
}

/** One review per person and shipment, only for their own shipment, only once it is delivered. */
export async function createReview(db: Db, actor: Actor, input: CreateInput, options: Options = {}): Promise<ReviewDto> {
  const shipment = await findVisibleShipment(db, actor, input.shipmentId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError('NOT_FOUND', 'Shipment not found', [{ field: 'shipmentId', message: REVIEW_RULES.notYourShipment }]);
    }
    throw error;
  });
  if (shipment.ownerId !== actor.id && shipment.bookedById !== actor.id) {
    throw new AppError('FORBIDDEN', REVIEW_RULES.onlyYourShipment, [{ field: 'shipmentId', message: REVIEW_RULES.onlyYourShipment }]);
  }
  const reason =
    shipment.status === 'Cancelled'
      ? REVIEW_RULES.cancelled(shipment.trackingNumber)
      : shipment.deliveryStatus !== 'Delivered'
        ? REVIEW_RULES.notDelivered(shipment.trackingNumber, shipment.deliveryStatus)
        : null;
  if (reason) throw new AppError('RULE_BROKEN', reason, [{ field: 'shipmentId', message: reason }]);

  return db
    .transaction(async (tx) => {
      if (await findReviewView(tx, reviewOf(actor.id, shipment.id))) throw alreadyReviewed();
      const row = await insertReview(tx, { userId: actor.id, shipmentId: shipment.id, rating: input.rating, comment: input.comment || null });
      const dto = await viewOf(tx, row.id);
      await log(tx, actor, 'CREATED', row.id, `Review of ${shipment.trackingNumber}: ${row.rating} stars`, null, dto, options);
      return dto;
    })
    .catch((error: unknown) => {
      // Two submits at once: the unique index decides, the second gets the same 409.
      const e = (error as { cause?: { code?: string } })?.cause ?? (error as { code?: string });
      if (e?.code === '23505') throw alreadyReviewed();
      throw error;
    });
}

/** Only the author edits their words; support staff may remove a review but never rewrite it. */
export async function changeReview(db: Db, actor: Actor, id: string, patch: UpdateInput, options: Options = {}): Promise<ReviewDto> {
  return db.transaction(async (tx) => {
    await lockReview(tx, id);
    const before = await findReviewView(tx, and(eq(reviews.id, id), scopeOf(actor)));
    if (!before) throw notFound('Review');
    if (before.review.userId !== actor.id) throw new AppError('FORBIDDEN', REVIEW_RULES.onlyAuthor);
    await updateReview(tx, id, {
      ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
      ...(patch.comment !== undefined ? { comment: patch.comment || null } : {}),
    });
    const after = await viewOf(tx, id);
    await log(tx, actor, 'UPDATED', id, `Review of ${after.trackingNumber} changed`, toReviewDto(before), after, options);
    return after;
  });
}

export async function removeReview(db: Db, actor: Actor, id: string, options: Options = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findReviewView(tx, and(eq(reviews.id, id), scopeOf(actor)));
    if (!before) throw notFound('Review');
    if (before.review.userId !== actor.id && !actor.ability.can('delete', 'Review')) {
      throw new AppError('FORBIDDEN', 'You are not allowed to delete this review');
    }
    await deleteReview(tx, id);
    await log(tx, actor, 'DELETED', id, `Review of ${before.trackingNumber} deleted`, toReviewDto(before), null, options);
  });
}

function alreadyReviewed(): AppError {
  return new AppError('CONFLICT', REVIEW_MESSAGES.onePerShipment, [{ field: 'shipmentId', message: REVIEW_MESSAGES.onePerShipment }]);
}

async function viewOf(db: DbOrTx, id: string): Promise<ReviewDto> {
  const view = await findReviewView(db, eq(reviews.id, id));
  if (!view) throw notFound('Review');
  return toReviewDto(view);
}

function log(
  db: DbOrTx,
  actor: Actor,
  action: 'CREATED' | 'UPDATED' | 'DELETED',
  id: string,
  summary: string,
  before: ReviewDto | null,
  after: ReviewDto | null,
  options: Options,
) {
  return recordActivity(db, { actor, action, entity: 'Review', entityId: id, category: 'reviews', summary, before, after, ip: options.ip ?? null });
}
