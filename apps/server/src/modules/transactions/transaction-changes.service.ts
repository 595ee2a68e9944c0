import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney, type TransactionRecordDto, type TransactionMetaBody, type VoidPaymentResult } from '@hatid/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { collectionShipments, collections, shipments, transactions, uploads } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { shipmentScope } from '../shipments/index.js';
import { findRecord } from './transactions-desk.service.js';
import { amountPaidInCents, voidShipmentPayment, type TransactionRow } from '../shipments/index.js';

/**
 * Changes to a recorded payment (DECISIONS "Transactions and payment status"): its remarks, meta and proof
 * of payment, and voiding it with a reason. The amount and method never change: a wrong payment is voided
 * and recorded again, so the history shows both. Staff and admins (update Transaction) make them; each
 * is activity-logged with what it was before.
 */
const CATEGORY = 'payments';

function assertMayChange(actor: Actor): void {
  if (!actor.ability.can('update', 'Transaction')) throw new AppError('FORBIDDEN', 'You are not allowed to change payments');
}

/** The payment, locked for this change, if its shipment is one the actor sees (else 404). */
async function lockVisible(tx: Tx, actor: Actor, id: string): Promise<{ row: TransactionRow; trackingNumber: string; totalInCents: number }> {
  const [found] = await tx
    .select({ row: transactions, trackingNumber: shipments.trackingNumber, totalInCents: shipments.totalInCents })
    .from(transactions)
    .innerJoin(shipments, eq(shipments.id, transactions.shipmentId))
    .where(and(eq(transactions.id, id), shipmentScope(actor)))
    .for('update', { of: transactions })
    .limit(1);
  if (!found) throw notFound('Transaction');
  return found;
}

function assertNotVoided(row: TransactionRow, what: string): void {
  if (row.voidedAt) throw new AppError('CONFLICT', `This payment is voided: its ${what} can no longer change`);
}

/** One activity-log entry per change, with what the field was before. */
function logChange(
  tx: Tx,
  actor: Actor,
  id: string,
  change: { summary: string; before: Record<string, unknown>; after: Record<string, unknown>; status: 'valid' | 'voided'; ip?: string | undefined },
) {
  return recordActivity(tx, { actor, action: 'UPDATED', entity: 'Transaction', entityId: id, category: CATEGORY, ...change, ip: change.ip ?? null });
}

async function answer(db: DbOrTx, id: string): Promise<TransactionRecordDto> {
  const record = await findRecord(db, id);
  if (!record) throw notFound('Transaction');
  return record;
}

/** PUT /transaction/remarks/{id}: allowed on a voided payment too (staff note what happened after). */
export async function setRemarks(db: DbOrTx, actor: Actor, id: string, remarks: string, ip?: string): Promise<TransactionRecordDto> {
  assertMayChange(actor);
  return db.transaction(async (tx) => {
    const { row, trackingNumber } = await lockVisible(tx, actor, id);
    const next = remarks === '' ? null : remarks;
    if (next !== row.remarks) {
      await tx.update(transactions).set({ remarks: next }).where(eq(transactions.id, id));
      await logChange(tx, actor, id, {
        summary: `Remarks of a ${formatMoney(row.amountInCents)} payment for ${trackingNumber} changed`,
        before: { remarks: row.remarks },
        after: { remarks: next },
        status: row.voidedAt ? 'voided' : 'valid',
        ip,
      });
    }
    return answer(tx, id);
  });
}

/** PUT /transaction/meta/{id}: the extra details, replaced whole (an empty object clears them). */
export async function setMeta(db: DbOrTx, actor: Actor, id: string, meta: TransactionMetaBody['meta'], ip?: string): Promise<TransactionRecordDto> {
  assertMayChange(actor);
  return db.transaction(async (tx) => {
    const { row, trackingNumber } = await lockVisible(tx, actor, id);
    assertNotVoided(row, 'details');
    // Who recorded it (a rider or operations) is the server's note, not a detail staff edit: it stays.
    const kept = (row.meta as Record<string, unknown>).recordedBy;
    const next = kept === undefined ? meta : { ...meta, recordedBy: kept as string };
    await tx.update(transactions).set({ meta: next }).where(eq(transactions.id, id));
    await logChange(tx, actor, id, {
      summary: `Details of a ${formatMoney(row.amountInCents)} payment for ${trackingNumber} changed`,
      before: { meta: row.meta },
      after: { meta: next },
      status: 'valid',
      ip,
    });
    return answer(tx, id);
  });
}

/** PUT /transaction/proof-of-payment/{id}: a file staff uploaded (a receipt, a deposit slip, a screenshot). */
export async function setProofOfPayment(db: DbOrTx, actor: Actor, id: string, proofUploadId: string, ip?: string): Promise<TransactionRecordDto> {
  assertMayChange(actor);
  return db.transaction(async (tx) => {
    const { row, trackingNumber } = await lockVisible(tx, actor, id);
    assertNotVoided(row, 'proof of payment');
    const [upload] = await tx.select({ id: uploads.id, uploadedById: uploads.uploadedById }).from(uploads).where(eq(uploads.id, proofUploadId));
    // A file of someone else's could be anything of theirs (an ID, a private photo): only the changer's own.
    if (!upload || upload.uploadedById !== actor.id) throw fieldError('proofUploadId', 'Upload the proof of payment first', 'RULE_BROKEN');
    if (row.proofUploadId !== proofUploadId) {
      await tx.update(transactions).set({ proofUploadId }).where(eq(transactions.id, id));
      await logChange(tx, actor, id, {
        summary: `Proof of payment attached to a ${formatMoney(row.amountInCents)} payment for ${trackingNumber}`,
        before: { proofUploadId: row.proofUploadId },
        after: { proofUploadId },
        status: 'valid',
        ip,
      });
    }
    return answer(tx, id);
  });
}

/**
 * POST /transaction/void-payment/{transactionId}: the payment stops counting (the row stays, with why and by
 * whom) and the shipment's payment status is derived again, in one database transaction. Not voided here:
 * - a wallet payment: its money is in the customer's ledger; cancelling the shipment refunds it there;
 * - cash already in a hand-over to the hub that is not cancelled: the hand-over's total counts it;
 * - a shipment's share of a paid billing (method invoice): the billing holds the payments that settled it.
 * Voiding twice is a 409, so two people voiding at once void it once (the row is locked).
 */
export async function voidPayment(db: DbOrTx, actor: Actor, id: string, reason: string, ip?: string): Promise<VoidPaymentResult> {
  assertMayChange(actor);
  return db.transaction(async (tx) => {
    const { row, trackingNumber, totalInCents } = await lockVisible(tx, actor, id);
    if (row.voidedAt) throw new AppError('CONFLICT', 'This payment is already voided');
    if (row.method === 'wallet' || row.walletTransactionId) {
      throw new AppError('CONFLICT', 'A wallet payment is refunded to the wallet by cancelling the shipment, not voided');
    }
    if (row.method === 'invoice')
      throw new AppError('CONFLICT', 'This shipment was settled through its billing: its payments are kept on the billing, not voided here');
    if (row.method === 'cash') {
      const [handOver] = await tx
        .select({ id: collections.id, status: collections.status })
        .from(collectionShipments)
        .innerJoin(collections, eq(collections.id, collectionShipments.collectionId))
        .where(
          and(
            eq(collectionShipments.shipmentId, row.shipmentId),
            // Only a hand-over by the person who received this cash can hold it.
            row.receivedById ? eq(collections.collectedFromId, row.receivedById) : sql`false`,
            inArray(collections.status, ['pending', 'on_going', 'completed']),
          ),
        )
        .limit(1);
      if (handOver) {
        throw new AppError('CONFLICT', `This cash is in a hand-over to the hub (${handOver.status.replace('_', ' ')}): cancel that collection first`);
      }
    }
    const voided = await voidShipmentPayment(tx, id, actor.id, reason);
    if (!voided) throw notFound('Transaction');
    const balance = Math.max(totalInCents - (await amountPaidInCents(tx, row.shipmentId)), 0);
    await logChange(tx, actor, id, {
      summary: `${formatMoney(row.amountInCents)} ${row.method} payment for ${trackingNumber} voided: ${reason}`,
      before: { voidedAt: null },
      after: { voidReason: reason, paymentStatus: voided.paymentStatus },
      status: 'voided',
      ip,
    });
    return { transaction: await answer(tx, id), paymentStatus: voided.paymentStatus, balanceInCents: balance };
  });
}
