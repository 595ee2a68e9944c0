import { bigint, integer } from 'drizzle-orm/pg-core';

/**
 * Money is integer cents, never floats. A single shipment's amounts fit int4 (up to ₱21 million);
 * sums that grow without bound (ledger rows, balances, billing and invoice totals) use int8, read back
 * as a JS number, which stays exact up to ₱90 trillion.
 */
export const cents = (name: string) => integer(name);
export const bigCents = (name: string) => bigint(name, { mode: 'number' });
