import { count, desc, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentRequests } from '../../db/schema/index.js';
import { toPaymentRequestDto } from './payment-requests.repository.js';

/** Payments held for staff (amount paid ≠ amount asked), newest first: staff settle them by hand. */
export async function listFlaggedPayments(db: Db, query: { page: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentRequests)
      .where(isNotNull(paymentRequests.flaggedAt))
      .orderBy(desc(paymentRequests.flaggedAt), desc(paymentRequests.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(paymentRequests).where(isNotNull(paymentRequests.flaggedAt)),
  ]);
  const totalCount = Number(total?.n ?? 0);
  const totalPages = Math.ceil(totalCount / query.limit);
  return {
    data: rows.map((r) => ({ ...toPaymentRequestDto(r), userId: r.userId })),
    page: query.page,
    limit: query.limit,
    total: totalCount,
    totalPages,
    hasNextPage: query.page < totalPages,
  };
}
