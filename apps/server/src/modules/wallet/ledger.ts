import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, type WalletTransactionType } from '@hatid/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { wallets, walletTransactions } from '../../db/schema/index.js';
import { fieldError } from '../../errors.js';

export type WalletRow = typeof wallets.$inferSelect;
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;

/**
 * The wallet ledger (DECISIONS "Wallet and money"). Every movement is one append-only row; wallets.balance is
 * the ledger's running sum, moved by the same statement that checks it (UPDATE … WHERE balance + amount >= 0),
 * so the row lock that UPDATE takes serialises concurrent payments and no interleaving can take a balance
 * below zero; the CHECK constraints are the last guard. Callers pass their own transaction: the row, the
 * balance and whatever the money was for (a booking, a webhook's once-only mark) commit together.
 */
export interface WalletEntry {
  userId: string;
  type: WalletTransactionType;
  /** Signed: credits > 0, debits < 0. */
  amountInCents: number;
  description?: string | null;
  shipmentId?: string | null;
  paymentRequestId?: string | null;
  /** A provider's payment id: the unique index makes a second credit of it impossible. */
  providerPaymentId?: string | null;
  createdById?: string | null;
  /** Once per wallet: the unique (user, key) index refuses a second row with it. */
  idempotencyKey?: string | null;
  meta?: Record<string, unknown>;
}

/** The field a refusal names: the booking's payer choice, or the amount of a staff adjustment. */
export interface PostOptions {
  field?: string;
}

export async function findWallet(db: DbOrTx, userId: string): Promise<WalletRow | null> {
  const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  return row ?? null;
}

/** Activates a wallet (once; a second call finds the first). */
export async function ensureWallet(db: DbOrTx, userId: string): Promise<{ wallet: WalletRow; created: boolean }> {
  const [created] = await db.insert(wallets).values({ userId }).onConflictDoNothing().returning();
  if (created) return { wallet: created, created: true };
  return { wallet: (await findWallet(db, userId))!, created: false };
}

export async function postToWallet(tx: Tx, entry: WalletEntry, options: PostOptions = {}): Promise<WalletTransactionRow> {
  if (!Number.isSafeInteger(entry.amountInCents) || entry.amountInCents === 0) {
    throw new Error(`wallet amounts are non-zero whole cents, got ${entry.amountInCents}`);
  }
  // Money in opens the wallet when it is not yet (a top-up or refund never bounces for that reason).
  if (entry.amountInCents > 0) await tx.insert(wallets).values({ userId: entry.userId }).onConflictDoNothing();
  const [moved] = await tx
    .update(wallets)
    .set({ balanceInCents: sql`${wallets.balanceInCents} + ${entry.amountInCents}`, updatedAt: new Date() })
    .where(and(eq(wallets.userId, entry.userId), sql`${wallets.balanceInCents} + ${entry.amountInCents} >= 0`))
    .returning({ balanceInCents: wallets.balanceInCents });
  if (!moved) {
    const wallet = await findWallet(tx, entry.userId);
    const field = options.field ?? 'amountInCents';
    if (!wallet) throw fieldError(field, 'The wallet is not activated yet. Activate it and top it up first.', 'RULE_BROKEN');
    throw fieldError(
      field,
      `Not enough balance in the wallet: ${formatMoney(-entry.amountInCents)} needed, ${formatMoney(wallet.balanceInCents)} available. Top up or choose another way to pay.`,
      'RULE_BROKEN',
    );
  }
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      userId: entry.userId,
      type: entry.type,
      amountInCents: entry.amountInCents,
      balanceAfterInCents: moved.balanceInCents,
      description: entry.description ?? null,
      shipmentId: entry.shipmentId ?? null,
      paymentRequestId: entry.paymentRequestId ?? null,
      providerPaymentId: entry.providerPaymentId ?? null,
      createdById: entry.createdById ?? null,
      idempotencyKey: entry.idempotencyKey ?? null,
      meta: entry.meta ?? {},
    })
    .returning();
  return row!;
}

/** The ledger's own sum for one wallet: what the stored balance must always equal (tests check it). */
export async function ledgerSumInCents(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${walletTransactions.amountInCents}), 0)` })
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, userId));
  return Number(row?.sum ?? 0);
}
