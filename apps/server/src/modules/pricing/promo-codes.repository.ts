import { and, count, desc, eq, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { promoCodeUses, promoCodes } from '../../db/schema/index.js';
import { escapeLike } from '../../db/paging.js';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type NewPromoCodeRow = typeof promoCodes.$inferInsert;

const sameCode = (code: string) => sql`upper(${promoCodes.code}) = upper(${code})`;
const live = isNull(promoCodes.deletedAt);

/** A code people can use: case-insensitive, not soft-deleted. */
export async function findLivePromoByCode(db: DbOrTx, code: string): Promise<PromoCodeRow | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(sameCode(code), live))
    .limit(1);
  return row ?? null;
}

/** Any row holding the code, deleted or not: the unique index covers both. */
export async function findAnyPromoByCode(db: DbOrTx, code: string): Promise<PromoCodeRow | null> {
  const [row] = await db.select().from(promoCodes).where(sameCode(code)).limit(1);
  return row ?? null;
}

/** Locks the code's row until the transaction ends, so bookings using it run one after the other. */
export async function lockLivePromoByCode(tx: Tx, code: string): Promise<PromoCodeRow | null> {
  const [row] = await tx
    .select()
    .from(promoCodes)
    .where(and(sameCode(code), live))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findLivePromoById(db: DbOrTx, id: string): Promise<PromoCodeRow | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.id, id), live))
    .limit(1);
  return row ?? null;
}

export async function listLivePromos(db: DbOrTx, query: { page: number; limit: number; search?: string }): Promise<{ rows: PromoCodeRow[]; total: number }> {
  const search = query.search?.trim();
  // Codes are short upper-case words; a contains-match on them is cheap and what admins expect.
  const where = search ? and(live, or(ilike(promoCodes.code, `%${escapeLike(search)}%`), ilike(promoCodes.description, `%${escapeLike(search)}%`))) : live;
  const [totals] = await db.select({ n: count() }).from(promoCodes).where(where);
  const rows = await db
    .select()
    .from(promoCodes)
    .where(where)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total: totals?.n ?? 0 };
}

export async function insertPromo(db: DbOrTx, values: NewPromoCodeRow): Promise<PromoCodeRow> {
  const [row] = await db.insert(promoCodes).values(values).returning();
  return row!;
}

export async function updatePromo(db: DbOrTx, id: string, values: Partial<NewPromoCodeRow>): Promise<PromoCodeRow> {
  const [row] = await db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
  return row!;
}

export async function softDeletePromo(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(promoCodes)
    .set({ deletedAt: at })
    .where(and(eq(promoCodes.id, id), live));
}

/** Uses by one person that still count: released uses (cancelled shipments) give the use back. */
export async function countUnreleasedUses(db: DbOrTx, promoCodeId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(promoCodeUses)
    .where(and(eq(promoCodeUses.promoCodeId, promoCodeId), eq(promoCodeUses.userId, userId), isNull(promoCodeUses.releasedAt)));
  return row?.n ?? 0;
}

/**
 * Claims one use. The condition is evaluated on the current row version even under concurrent
 * updates, so the counter can never pass max_usage; no row back means the code is used up.
 */
export async function claimUse(tx: Tx, promoCodeId: string): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ usageCount: sql`${promoCodes.usageCount} + 1` })
    .where(and(eq(promoCodes.id, promoCodeId), or(isNull(promoCodes.maxUsage), lt(promoCodes.usageCount, promoCodes.maxUsage))))
    .returning({ id: promoCodes.id });
  return rows.length === 1;
}

export async function insertUse(
  tx: Tx,
  values: { promoCodeId: string; shipmentId: string; userId: string; discountInCents: number; createdAt: Date },
): Promise<void> {
  await tx.insert(promoCodeUses).values(values);
}

/** Marks the shipment's use released; returns its code's id, or null when there is none left to release. */
export async function releaseUseOfShipment(tx: Tx, shipmentId: string, at: Date): Promise<string | null> {
  const [row] = await tx
    .update(promoCodeUses)
    .set({ releasedAt: at })
    .where(and(eq(promoCodeUses.shipmentId, shipmentId), isNull(promoCodeUses.releasedAt)))
    .returning({ promoCodeId: promoCodeUses.promoCodeId });
  return row?.promoCodeId ?? null;
}

export async function giveUseBack(tx: Tx, promoCodeId: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ usageCount: sql`greatest(${promoCodes.usageCount} - 1, 0)` })
    .where(eq(promoCodes.id, promoCodeId));
}
