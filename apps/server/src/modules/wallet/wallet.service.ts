import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { WalletDto, WalletTransactionDto, WalletTransactionType } from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { shipments, users, walletTransactions } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { announceWalletChangeAfterCommit } from './wallet-events.js';
import { ensureWallet, findWallet, postToWallet, type WalletRow, type WalletTransactionRow } from './ledger.js';

export function toWalletDto(row: WalletRow): WalletDto {
  return { userId: row.userId, balanceInCents: row.balanceInCents, activatedAt: row.activatedAt.toISOString() };
}

export function toWalletTransactionDto(row: WalletTransactionRow, trackingNumber: string | null = null): WalletTransactionDto {
  return {
    id: row.id,
    type: row.type,
    amountInCents: row.amountInCents,
    balanceAfterInCents: row.balanceAfterInCents,
    description: row.description,
    shipmentId: row.shipmentId,
    trackingNumber,
    paymentRequestId: row.paymentRequestId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function activateWallet(db: DbOrTx, actor: Actor): Promise<{ wallet: WalletDto; created: boolean }> {
  const { wallet, created } = await ensureWallet(db, actor.id);
  return { wallet: toWalletDto(wallet), created };
}

/** The caller's wallet; 404 until activated (the web app offers activation then). */
export async function myWallet(db: DbOrTx, actor: Actor): Promise<WalletDto> {
  const wallet = await findWallet(db, actor.id);
  if (!wallet) throw notFound('Wallet');
  return toWalletDto(wallet);
}

/** The balance, 0 for a wallet not activated yet (nothing to spend either way). */
export async function walletBalance(db: DbOrTx, actor: Actor): Promise<{ balanceInCents: number; activated: boolean }> {
  const wallet = await findWallet(db, actor.id);
  return { balanceInCents: wallet?.balanceInCents ?? 0, activated: Boolean(wallet) };
}

export async function listWalletTransactions(db: Db, actor: Actor, query: { page: number; limit: number; type?: WalletTransactionType }) {
  const where: SQL = and(eq(walletTransactions.userId, actor.id), query.type ? eq(walletTransactions.type, query.type) : undefined)!;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: walletTransactions, trackingNumber: shipments.trackingNumber })
      .from(walletTransactions)
      .leftJoin(shipments, eq(shipments.id, walletTransactions.shipmentId))
      .where(where)
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(walletTransactions).where(where),
  ]);
  const totalCount = Number(total?.n ?? 0);
  const totalPages = Math.ceil(totalCount / query.limit);
  return {
    data: rows.map((r) => toWalletTransactionDto(r.row, r.trackingNumber)),
    page: query.page,
    limit: query.limit,
    total: totalCount,
    totalPages,
    hasNextPage: query.page < totalPages,
  };
}

/** One movement of the caller's wallet (admins: anyone's); another person's is 404. */
export async function getWalletTransaction(db: DbOrTx, actor: Actor, id: string): Promise<WalletTransactionDto> {
  const [found] = await db
    .select({ row: walletTransactions, trackingNumber: shipments.trackingNumber })
    .from(walletTransactions)
    .leftJoin(shipments, eq(shipments.id, walletTransactions.shipmentId))
    .where(eq(walletTransactions.id, id));
  if (!found || (found.row.userId !== actor.id && !actor.ability.can('manage', 'Wallet'))) throw notFound('Wallet transaction');
  return toWalletTransactionDto(found.row, found.trackingNumber);
}

/**
 * Staff correct a wallet by hand, either way, always with a reason; the activity log keeps who, how much and
 * why, in the same transaction as the ledger row. A debit past the balance is refused like any other.
 */
export async function adjustWallet(
  db: DbOrTx,
  actor: Actor,
  userId: string,
  input: { amountInCents: number; reason: string },
  ip?: string,
): Promise<{ transaction: WalletTransactionDto; wallet: WalletDto }> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  return db.transaction(async (tx) => {
    if (!(await findWallet(tx, userId))) await ensureWallet(tx, userId);
    const row = await postToWallet(
      tx,
      { userId, type: 'Manual Adjustment', amountInCents: input.amountInCents, description: input.reason, createdById: actor.id },
      { field: 'amountInCents' },
    );
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Wallet',
      entityId: userId,
      category: 'payments',
      summary: `Wallet adjusted by ${input.amountInCents > 0 ? '+' : ''}${(input.amountInCents / 100).toFixed(2)}: ${input.reason}`,
      after: { amountInCents: input.amountInCents, balanceAfterInCents: row.balanceAfterInCents, reason: input.reason },
      status: null,
      ip: ip ?? null,
    });
    await announceWalletChangeAfterCommit(tx, userId);
    return { transaction: toWalletTransactionDto(row), wallet: toWalletDto((await findWallet(tx, userId))!) };
  });
}
