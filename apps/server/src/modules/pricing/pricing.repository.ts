import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { pricingConfigs } from '../../db/schema/index.js';

/** The whole PricingConfig is one JSON value under this key; other keys hold other configurable values. */
export const PRICING_CONFIG_KEY = 'pricing';

export type PricingConfigRow = typeof pricingConfigs.$inferSelect;

export async function findPricingConfigRow(db: DbOrTx): Promise<PricingConfigRow | null> {
  const [row] = await db.select().from(pricingConfigs).where(eq(pricingConfigs.key, PRICING_CONFIG_KEY)).limit(1);
  return row ?? null;
}

/**
 * Makes sure the row exists, then locks it, so two staff saving at once apply their patches one after
 * the other instead of the second overwriting the first.
 */
export async function lockPricingConfigRow(tx: Tx, initial: unknown): Promise<PricingConfigRow> {
  await tx
    .insert(pricingConfigs)
    .values({ key: PRICING_CONFIG_KEY, value: initial, description: 'Box prices, own-box and Same Day fees, insurance steps' })
    .onConflictDoNothing();
  const [row] = await tx.select().from(pricingConfigs).where(eq(pricingConfigs.key, PRICING_CONFIG_KEY)).for('update');
  return row!;
}

export async function savePricingConfigRow(tx: Tx, value: unknown, updatedById: string): Promise<void> {
  await tx.update(pricingConfigs).set({ value, updatedById }).where(eq(pricingConfigs.key, PRICING_CONFIG_KEY));
}
