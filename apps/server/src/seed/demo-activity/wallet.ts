import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { paymentRequests, transactions, walletTransactions } from '../../db/schema/index.js';
import { ensureWallet, postToWallet } from '../../modules/wallet/index.js';
import { payShipmentByWallet } from '../../modules/shipments/index.js';
import type { SeededShipment } from './shipments.js';
import type { Rng } from './random.js';

const HOUR = 3_600_000;

/**
 * Wallet top-ups and wallet payments, in the order they happened, through the ledger itself (postToWallet and
 * the booking's payShipmentByWallet): every balance is the ledger's running sum and never dips below zero. A
 * top-up is a settled sandbox payment request credited as the webhook credits one. The rows are then dated
 * when they happened (the ledger stamps the time of the call).
 */
export async function seedWallets(tx: Tx, rng: Rng, shipments: SeededShipment[], walletOwners: string[], now: Date): Promise<void> {
  const balances = new Map<string, number>();
  for (const userId of walletOwners) {
    await ensureWallet(tx, userId);
    balances.set(userId, 0);
  }
  const stamp = (rowId: string, at: Date) => tx.update(walletTransactions).set({ createdAt: at }).where(eq(walletTransactions.id, rowId));

  async function topUp(userId: string, amountInCents: number, at: Date) {
    const channel = rng.pick(['ewallet', 'qr'] as const);
    const [request] = await tx
      .insert(paymentRequests)
      .values({
        purpose: 'wallet_top_up',
        channel,
        provider: 'sandbox',
        status: 'SUCCEEDED',
        amountInCents,
        userId,
        createdById: userId,
        paidAt: at,
        paidAmountInCents: amountInCents,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: paymentRequests.id });
    const providerPaymentId = `sandbox:demo-${request!.id.slice(0, 8)}`;
    await tx
      .update(paymentRequests)
      .set({ providerPaymentId: providerPaymentId.slice('sandbox:'.length) })
      .where(eq(paymentRequests.id, request!.id));
    const row = await postToWallet(tx, {
      userId,
      type: 'Top Up',
      amountInCents,
      description: `Top-up by ${channel}`,
      paymentRequestId: request!.id,
      providerPaymentId,
    });
    await stamp(row.id, at);
    balances.set(userId, (balances.get(userId) ?? 0) + amountInCents);
  }

  const paidByWallet = shipments
    .filter((s) => s.spec.paymentMethod === 'wallet' && s.totalInCents > 0)
    .sort((a, b) => a.spec.bookedAt.getTime() - b.spec.bookedAt.getTime());
  for (const shipment of paidByWallet) {
    const userId = shipment.spec.owner.id;
    if (!balances.has(userId)) throw new Error('A demo wallet booking by someone without a demo wallet');
    if (balances.get(userId)! < shipment.totalInCents) {
      // Topped up shortly before booking, in round amounts as people do.
      const needed = shipment.totalInCents - balances.get(userId)!;
      await topUp(
        userId,
        Math.ceil(needed / 50_000) * 50_000 + rng.pick([0, 50_000, 100_000]),
        new Date(shipment.spec.bookedAt.getTime() - rng.int(1, 20) * HOUR),
      );
    }
    await payShipmentByWallet(
      tx,
      { id: shipment.id, trackingNumber: shipment.trackingNumber, ownerId: userId, totalInCents: shipment.totalInCents },
      shipment.spec.bookedBy.id,
    );
    const [debit] = await tx.select({ id: walletTransactions.id }).from(walletTransactions).where(eq(walletTransactions.shipmentId, shipment.id));
    await stamp(debit!.id, shipment.spec.bookedAt);
    await tx
      .update(transactions)
      .set({ receivedAt: shipment.spec.bookedAt, createdAt: shipment.spec.bookedAt })
      .where(eq(transactions.walletTransactionId, debit!.id));
    balances.set(userId, balances.get(userId)! - shipment.totalInCents);
  }
  // Everyone with a wallet keeps some money in it: a last top-up this morning, after every payment above.
  for (const userId of walletOwners) await topUp(userId, rng.pick([50_000, 100_000, 200_000]), new Date(now.getTime() - rng.int(60, 180) * 60_000));
}
