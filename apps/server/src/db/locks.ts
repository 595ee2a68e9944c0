import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';

/**
 * Serialises the transactions that check a limit on one owner's rows ("at most 50 addresses") and
 * then insert: a transaction-scoped advisory lock on `scope:key`, held until commit or rollback. Take it
 * before counting; the count then sees every row committed by the transaction that held it before
 * (READ COMMITTED takes a fresh snapshot per statement), so parallel requests cannot all pass the check.
 * Scopes keep unrelated limits of one person from waiting on each other; a hash collision between two
 * keys only makes them wait, never lets one through. Nothing else is locked (no row of users), so
 * other writes for the same person go on.
 */
export async function lockLimit(tx: Tx, scope: string, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${scope}:${key}`}::text, 0))`);
}
