import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './_columns.js';
import { shipments } from './shipments.js';
import { users } from './users.js';

/** A customer's review of one shipment (GET /reviews/user-shipment/{userId}/{shipmentId}). */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_user_shipment_uq').on(t.userId, t.shipmentId),
    index('reviews_shipment_idx').on(t.shipmentId),
    index('reviews_rating_created_idx').on(t.rating, t.createdAt),
    index('reviews_created_idx').on(t.createdAt),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    // The spec's maximum text length.
    check('reviews_comment_length', sql`char_length(${t.comment}) <= 1024`),
  ],
);
