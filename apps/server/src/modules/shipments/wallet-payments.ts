import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { transactions, walletTransactions } from '../../db/schema/index.js';
import { recordShipmentPayment, voidShipmentPayment } from './shipment-payments.js';
import { postToWallet } from '../wallet/index.js';

/**
 * Paying a shipment with the wallet (paidBy wallet): the debit, the shipment's transaction and so its
 * payment status are written in the booking's own transaction, so there is never a booking without its
 * debit nor a debit without its booking. A free shipment (a promo covering all) debits nothing. The booking
 * inserted the shipment already Paid (this debit is its only payment and covers the total), so the status is
 * not derived again here; should the debit be refused, the whole booking rolls back with it.
 */
export async function payShipmentByWallet(
  tx: Tx,
  shipment: { id: string; trackingNumber: string; ownerId: string; totalInCents: number },
  bookedById: string,
): Promise<void> {
  if (shipment.totalInCents <= 0) return;
  const debit = await postToWallet(
    tx,
    {
      userId: shipment.ownerId,
      type: 'Purchase',
      amountInCents: -shipment.totalInCents,
      description: `Shipment ${shipment.trackingNumber}`,
      shipmentId: shipment.id,
    },
    { field: 'paidBy' },
  );
  await recordShipmentPayment(tx, {
    shipmentId: shipment.id,
    method: 'wallet',
    amountInCents: shipment.totalInCents,
    paidBy: 'wallet',
    receivedById: bookedById,
    walletTransactionId: debit.id,
    remarks: 'Paid from the wallet at booking',
    insertedPaidInThisTransaction: true,
  });
}

/**
 * On cancellation: every wallet payment of the shipment still standing is voided and its amount goes back
 * to the wallet as a Refund, in the cancellation's transaction. Returns the refunded cents and the wallet's owner.
 */
export async function refundWalletPayments(tx: Tx, shipmentId: string, actorId: string): Promise<{ refundedInCents: number; userIds: string[] }> {
  const paid = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.shipmentId, shipmentId), isNotNull(transactions.walletTransactionId), isNull(transactions.voidedAt)))
    .for('update');
  let refundedInCents = 0;
  const userIds = new Set<string>();
  for (const payment of paid) {
    await voidShipmentPayment(tx, payment.id, actorId, 'Refunded to the wallet: the shipment was cancelled');
    const [debit] = await tx
      .select({ userId: walletTransactions.userId })
      .from(walletTransactions)
      .where(eq(walletTransactions.id, payment.walletTransactionId!));
    const userId = debit!.userId;
    await postToWallet(tx, {
      userId,
      type: 'Refund',
      amountInCents: payment.amountInCents,
      description: 'Refund: shipment cancelled',
      shipmentId,
      createdById: actorId,
      meta: { voidedTransactionId: payment.id },
    });
    refundedInCents += payment.amountInCents;
    userIds.add(userId);
  }
  return { refundedInCents, userIds: [...userIds] };
}
