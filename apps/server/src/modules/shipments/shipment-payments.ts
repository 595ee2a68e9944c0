import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentMethod, PaymentStatus, Payer } from '@hatid/domain';
import type { Tx } from '../../db/client.js';
import { shipments, transactions } from '../../db/schema/index.js';
import { tellBusiness } from './shipment-events.js';
import { lockShipment } from './shipments.repository.js';

/**
 * Money received for a shipment, from any source: a rider's or a hub's cash (POST /transaction/add-payment),
 * a paid payment link or provider payment (webhook), a wallet debit. One place writes these rows so that every
 * source derives the shipment's payment status the same way (DECISIONS "Transactions and payment status").
 * Callers run inside their own database transaction, so the row, the derived status and whatever caused the
 * payment (a webhook's once-only mark, a wallet debit) commit together or not at all.
 */
export interface ShipmentPaymentInput {
  shipmentId: string;
  method: PaymentMethod;
  amountInCents: number;
  paidBy?: Payer | null;
  receivedById?: string | null;
  receivedAt?: Date;
  referenceNumber?: string | null;
  remarks?: string | null;
  /** A rider's cash short of what was due, and why. */
  shortInCents?: number | null;
  shortReason?: string | null;
  meta?: Record<string, unknown>;
  paymentRequestId?: string | null;
  walletTransactionId?: string | null;
  /**
   * The shipment was inserted in the caller's transaction, already with the status this payment (its only
   * one, covering the total) gives it: no lock to take (no one else can see the row yet) and nothing to derive.
   */
  insertedPaidInThisTransaction?: boolean;
}

export type TransactionRow = typeof transactions.$inferSelect;

/** Paid when the non-void sum covers the total, Partially Paid when some is paid, Pending otherwise. */
export function paymentStatusFor(paidInCents: number, totalInCents: number): PaymentStatus {
  if (paidInCents <= 0) return 'Pending';
  return paidInCents >= totalInCents ? 'Paid' : 'Partially Paid';
}

/** The non-void sum of a shipment's transactions, in cents. */
export async function amountPaidInCents(tx: Tx, shipmentId: string): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<string>`coalesce(sum(${transactions.amountInCents}), 0)` })
    .from(transactions)
    .where(and(eq(transactions.shipmentId, shipmentId), isNull(transactions.voidedAt)));
  return Number(row?.paid ?? 0);
}

/**
 * Derives the shipment's payment status from its transactions again and stores it when it changed. The
 * shipment row is locked first, so two payments recorded at the same moment both count.
 */
export async function refreshPaymentStatus(tx: Tx, shipmentId: string): Promise<PaymentStatus> {
  const shipment = await lockShipment(tx, shipmentId);
  if (!shipment) throw new Error(`shipment ${shipmentId} vanished while its payment was recorded`);
  const status = paymentStatusFor(await amountPaidInCents(tx, shipmentId), shipment.totalInCents);
  if (status !== shipment.paymentStatus) {
    await tx.update(shipments).set({ paymentStatus: status }).where(eq(shipments.id, shipmentId));
  }
  return status;
}

/** Records one payment and derives the shipment's payment status; both in the caller's transaction. */
export async function recordShipmentPayment(tx: Tx, input: ShipmentPaymentInput): Promise<{ transaction: TransactionRow; paymentStatus: PaymentStatus }> {
  // Lock before inserting: concurrent payments for one shipment queue here and each sees the others' rows.
  if (!input.insertedPaidInThisTransaction) await lockShipment(tx, input.shipmentId);
  const [transaction] = await tx
    .insert(transactions)
    .values({
      shipmentId: input.shipmentId,
      method: input.method,
      amountInCents: input.amountInCents,
      paidBy: input.paidBy ?? null,
      receivedById: input.receivedById ?? null,
      receivedAt: input.receivedAt ?? new Date(),
      referenceNumber: input.referenceNumber ?? null,
      remarks: input.remarks ?? null,
      shortInCents: input.shortInCents ?? null,
      shortReason: input.shortReason ?? null,
      meta: input.meta ?? {},
      paymentRequestId: input.paymentRequestId ?? null,
      walletTransactionId: input.walletTransactionId ?? null,
    })
    .returning();
  // A business's integration hears of the money (issue 33, webhooks' "payment.received").
  const [owner] = await tx.select({ id: shipments.id, businessId: shipments.businessId }).from(shipments).where(eq(shipments.id, input.shipmentId));
  if (owner && input.amountInCents > 0) await tellBusiness(tx, owner, ['payment.received']);
  if (input.insertedPaidInThisTransaction) return { transaction: transaction!, paymentStatus: 'Paid' };
  return { transaction: transaction!, paymentStatus: await refreshPaymentStatus(tx, input.shipmentId) };
}

/** Voids a payment (the row stays, with why and by whom) and derives the status again. */
export async function voidShipmentPayment(
  tx: Tx,
  transactionId: string,
  voidedById: string,
  reason: string,
): Promise<{ transaction: TransactionRow; paymentStatus: PaymentStatus } | null> {
  const [existing] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
  if (!existing) return null;
  if (existing.voidedAt) return { transaction: existing, paymentStatus: await refreshPaymentStatus(tx, existing.shipmentId) };
  const [transaction] = await tx
    .update(transactions)
    .set({ voidedAt: new Date(), voidReason: reason, voidedById })
    .where(eq(transactions.id, transactionId))
    .returning();
  return { transaction: transaction!, paymentStatus: await refreshPaymentStatus(tx, existing.shipmentId) };
}
