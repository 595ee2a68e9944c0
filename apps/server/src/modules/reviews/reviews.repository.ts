import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { ReviewDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { reviews, shipments, users } from '../../db/schema/index.js';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewValues = typeof reviews.$inferInsert;

/** A review with the reviewer's name and the shipment's tracking number, as the screens show it. */
export interface ReviewView {
  review: ReviewRow;
  trackingNumber: string;
  firstName: string;
  lastName: string;
}

function selectViews(db: DbOrTx) {
  return db
    .select({ review: reviews, trackingNumber: shipments.trackingNumber, firstName: users.firstName, lastName: users.lastName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(shipments, eq(shipments.id, reviews.shipmentId));
}

export async function findReviewView(db: DbOrTx, where: SQL | undefined): Promise<ReviewView | null> {
  const [row] = await selectViews(db).where(where).limit(1);
  return row ?? null;
}

/** Newest first; the id breaks ties so pages never repeat or skip a row. */
export async function pageReviewViews(db: DbOrTx, where: SQL | undefined, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** `comment` filter: the words anywhere in the comment, any case; % and _ are taken literally. */
export function commentContains(text: string): SQL {
  return ilike(reviews.comment, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

export const reviewOf = (userId: string, shipmentId: string) => and(eq(reviews.userId, userId), eq(reviews.shipmentId, shipmentId));

export async function lockReview(db: DbOrTx, id: string): Promise<ReviewRow | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function insertReview(db: DbOrTx, values: ReviewValues): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

export async function updateReview(db: DbOrTx, id: string, values: Partial<ReviewValues>): Promise<void> {
  await db.update(reviews).set(values).where(eq(reviews.id, id));
}

export async function deleteReview(db: DbOrTx, id: string): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, id));
}

export function toReviewDto(view: ReviewView): ReviewDto {
  const { review } = view;
  return {
    id: review.id,
    userId: review.userId,
    userName: `${view.firstName} ${view.lastName}`.trim(),
    shipmentId: review.shipmentId,
    trackingNumber: view.trackingNumber,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}
