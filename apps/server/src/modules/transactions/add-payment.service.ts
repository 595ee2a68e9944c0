import { asc, eq } from 'drizzle-orm';
import { formatMoney, shortfallText, type AddPaymentBody, type PaymentStatus, type TransactionDto } from '@hatid/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { transactions, uploads, users } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { notifyAfterCommit } from '../notifications/index.js';
import { mayRecordPayments } from '../shipments/index.js';
import { BILLED_ON_ACCOUNT } from '../shipments/index.js';
import type { ShipmentRow } from '../shipments/index.js';
import { findVisibleShipment, phoneTime } from '../shipments/index.js';
import { amountPaidInCents, recordShipmentPayment, type TransactionRow } from '../shipments/index.js';

export interface AddPaymentResult {
  shipment: ShipmentRow;
  transaction: TransactionDto;
  paymentStatus: PaymentStatus;
  balanceInCents: number;
}

/**
 * What a rider may collect (DECISIONS "Riders", "Collections"): cash only, on a shipment assigned to them,
 * on their own leg: the sender pays the pickup rider ("Cash upon pick up"), the recipient the delivery rider.
 */
function assertRiderMayCollect(actor: Actor, shipment: ShipmentRow, input: AddPaymentBody) {
  if (!actor.roles.includes('rider')) throw new AppError('FORBIDDEN', 'You are not allowed to record payments');
  if (input.method !== 'cash') throw fieldError('method', 'Riders record cash they collect; other payments are recorded by the hub', 'RULE_BROKEN');
  if (shipment.paidBy === 'wallet') throw fieldError('method', 'This shipment is paid from the wallet: there is no cash to collect', 'RULE_BROKEN');
  const legRider = shipment.paidBy === 'sender' ? shipment.pickupRiderId : shipment.dropOffRiderId;
  if (legRider !== actor.id) {
    const who = shipment.paidBy === 'sender' ? 'pickup rider (the sender pays on pickup)' : 'delivery rider (the recipient pays on delivery)';
    throw new AppError('FORBIDDEN', `Only the ${who} collects this shipment's cash`);
  }
}

export function toTransactionDto(row: TransactionRow, receivedByName: string | null): TransactionDto {
  return {
    id: row.id,
    shipmentId: row.shipmentId,
    method: row.method,
    amountInCents: row.amountInCents,
    paidBy: row.paidBy,
    receivedById: row.receivedById,
    receivedByName,
    receivedAt: row.receivedAt.toISOString(),
    recordedAt: row.createdAt.toISOString(),
    referenceNumber: row.referenceNumber,
    remarks: row.remarks,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    shortInCents: row.shortInCents,
    shortReason: row.shortReason,
  };
}

/**
 * POST /transaction/add-payment: money received for a shipment, recorded through recordShipmentPayment (which
 * derives the payment status) inside the caller's transaction, so the Idempotency-Key's row commits with it
 * and a rider's offline cash, sent again and again until answered, is counted once. Operations (staff, ssp,
 * admins) record any method but the wallet's on any shipment; riders their own leg's cash. Never more than
 * the balance: an over-count would show the customer a payment they did not make.
 */
export async function addPayment(tx: Tx, actor: Actor, input: AddPaymentBody, now = new Date()): Promise<AddPaymentResult> {
  if (!actor.ability.can('create', 'Transaction')) throw new AppError('FORBIDDEN', 'You are not allowed to record payments');
  const shipment = await findVisibleShipment(tx, actor, (input.shipmentId ?? input.trackingNumber)!);
  if (!mayRecordPayments(actor)) assertRiderMayCollect(actor, shipment, input);
  if (shipment.paymentMethod === 'invoice') throw fieldError('shipmentId', BILLED_ON_ACCOUNT, 'RULE_BROKEN');
  if (shipment.status === 'Cancelled') throw new AppError('CONFLICT', 'This shipment is cancelled: nothing is collected for it');
  const receivedAt = phoneTime('receivedAt', input.receivedAt, now) ?? now;
  if (input.proofUploadId) await assertOwnUpload(tx, actor, input.proofUploadId);

  const paid = await amountPaidInCents(tx, shipment.id);
  const balance = Math.max(shipment.totalInCents - paid, 0);
  if (balance === 0) throw new AppError('CONFLICT', `${shipment.trackingNumber} is already paid in full`);
  if (input.amountInCents > balance) {
    throw fieldError('amountInCents', `That is more than the balance of ${formatMoney(balance)}`, 'RULE_BROKEN');
  }
  // A rider's cash is all that was due at the stop, or short with a reason (issue 29, item 5): the shortfall
  // stays on the payment, seen by the rider, on the shipment page and at the collections desk, and the
  // shipment stays Partially Paid with its balance. Operations may take part payments at the hub as before.
  const short = mayRecordPayments(actor) ? 0 : balance - input.amountInCents;
  if (short > 0 && !input.shortReason) {
    throw fieldError('shortReason', `The cash is ${formatMoney(short)} short of the ${formatMoney(balance)} due: say why`, 'RULE_BROKEN');
  }

  const { transaction, paymentStatus } = await recordShipmentPayment(tx, {
    shipmentId: shipment.id,
    method: input.method,
    amountInCents: input.amountInCents,
    paidBy: input.paidBy ?? shipment.paidBy,
    receivedById: actor.id,
    receivedAt,
    referenceNumber: input.referenceNumber ?? null,
    remarks: input.remarks ?? null,
    ...(short > 0 ? { shortInCents: short, shortReason: input.shortReason! } : {}),
    meta: { recordedBy: mayRecordPayments(actor) ? 'operations' : 'rider', ...(input.proofUploadId ? { proofUploadId: input.proofUploadId } : {}) },
  });
  if (input.proofUploadId) await tx.update(transactions).set({ proofUploadId: input.proofUploadId }).where(eq(transactions.id, transaction.id));
  await recordActivity(tx, {
    actor,
    action: 'CREATED',
    entity: 'Transaction',
    entityId: transaction.id,
    category: 'payments',
    summary: `${formatMoney(input.amountInCents)} ${input.method} for ${shipment.trackingNumber}${short > 0 ? `, ${shortfallText(short, input.shortReason!)}` : ''}`,
    after: {
      shipmentId: shipment.id,
      amountInCents: input.amountInCents,
      method: input.method,
      receivedAt: receivedAt.toISOString(),
      paymentStatus,
      ...(short > 0 ? { shortInCents: short, shortReason: input.shortReason } : {}),
    },
    status: paymentStatus,
  });
  // The sender hears that the money arrived (DECISIONS "Notifications": payment received), once this commits.
  await notifyAfterCommit(tx, {
    userIds: [shipment.ownerId],
    type: 'payment_received',
    metadata: { trackingNumber: shipment.trackingNumber, amountInCents: transaction.amountInCents },
  });
  return {
    shipment,
    transaction: toTransactionDto(transaction, `${actor.user.firstName} ${actor.user.lastName}`.trim()),
    paymentStatus,
    balanceInCents: balance - input.amountInCents,
  };
}

/** A proof of payment must be a file the recorder uploaded (operations may attach anyone's). */
async function assertOwnUpload(db: DbOrTx, actor: Actor, uploadId: string) {
  const [upload] = await db.select({ uploadedById: uploads.uploadedById }).from(uploads).where(eq(uploads.id, uploadId));
  if (!upload || (!mayRecordPayments(actor) && upload.uploadedById !== actor.id)) {
    throw fieldError('proofUploadId', 'Upload the proof of payment first', 'RULE_BROKEN');
  }
}

/** GET /transaction/payments/{shipmentId}: a shipment's payments, voided ones included, in the order received. */
export async function paymentsOf(db: DbOrTx, actor: Actor, idOrTrackingNumber: string): Promise<TransactionDto[]> {
  if (!actor.ability.can('view', 'Transaction')) throw new AppError('FORBIDDEN', 'You are not allowed to view payments');
  const shipment = await findVisibleShipment(db, actor, idOrTrackingNumber);
  const rows = await db
    .select({ transaction: transactions, firstName: users.firstName, lastName: users.lastName })
    .from(transactions)
    .leftJoin(users, eq(users.id, transactions.receivedById))
    .where(eq(transactions.shipmentId, shipment.id))
    .orderBy(asc(transactions.receivedAt), asc(transactions.createdAt));
  return rows.map((r) => toTransactionDto(r.transaction, r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim()));
}
