import { eq } from 'drizzle-orm';
import { formatMoney, type PaymentStatus, type RecordBillingPaymentBody as RecordInput } from '@hatid/domain';
import type { Tx } from '../../db/client.js';
import { billingPayments, billings, uploads } from '../../db/schema/index.js';
import { fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { amountPaidInCents, paymentStatusFor, recordShipmentPayment } from '../shipments/index.js';
import { isFileStaff } from '../uploads/index.js';
import { announceWalletChangeAfterCommit, postToWallet } from '../wallet/index.js';
import { assertMayWorkBillings } from './billings.access.js';
import { billingShipmentLines, liveInvoiceOf, lockBilling } from './billings.repository.js';
import { billingLabel, CATEGORY } from './billings.service.js';

export interface RecordedBillingPayment {
  billingId: string;
  paymentStatus: PaymentStatus;
  /** The wallet that moved (Wallet method), for the caller to announce once committed. */
  walletUserId: string | null;
}

/** A clock a little fast on the recorder's phone is not "the future". */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * POST /billings/record: a payment against a billing, inside the Idempotency-Key's transaction. The billing
 * row is locked (SELECT … FOR UPDATE) before the balance is read, so two recordings at once queue and the
 * second sees the first: a billing is never paid more than its total.
 *
 * Wallet: on a receivable the client pays from its wallet (a Purchase debit, refused when the balance is
 * short); on a payable we pay the client into its wallet (a Cash credit: the cash collected for it on delivery).
 * When a receivable becomes Paid its shipments are settled: each gets a payment of method `invoice` for what
 * it still owes, so their payment status (derived from payments, DECISIONS "Transactions") reads Paid.
 */
export async function recordBillingPayment(tx: Tx, actor: Actor, input: RecordInput, now = new Date()): Promise<RecordedBillingPayment> {
  assertMayWorkBillings(actor, 'update');
  const billing = await lockBilling(tx, input.billingId, 'billingId');
  if (billing.status === 'cancelled') throw fieldError('billingId', 'This billing is cancelled: no payment is recorded against it', 'RULE_BROKEN');
  const balance = Math.max(billing.totalInCents - billing.amountPaidInCents, 0);
  if (balance === 0) throw fieldError('amountInCents', 'This billing is already paid in full', 'RULE_BROKEN');
  if (input.amountInCents > balance) throw fieldError('amountInCents', `The amount is more than the balance of ${formatMoney(balance)}`, 'RULE_BROKEN');
  const paidAt = input.paidAt ? new Date(input.paidAt) : now;
  if (paidAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw fieldError('paidAt', 'The payment date cannot be in the future', 'RULE_BROKEN');
  if (input.proofUploadId) {
    const [upload] = await tx.select({ uploadedById: uploads.uploadedById }).from(uploads).where(eq(uploads.id, input.proofUploadId));
    if (!upload || (upload.uploadedById !== actor.id && !isFileStaff(actor)))
      throw fieldError('proofUploadId', 'Upload the proof of payment first', 'RULE_BROKEN');
  }
  const invoice = await liveInvoiceOf(tx, billing.id);
  const label = billingLabel(billing, invoice?.number);

  let walletTransactionId: string | null = null;
  if (input.method === 'Wallet') {
    const receivable = billing.billingType === 'receivable';
    const moved = await postToWallet(
      tx,
      {
        userId: billing.customerId,
        type: receivable ? 'Purchase' : 'Cash',
        amountInCents: receivable ? -input.amountInCents : input.amountInCents,
        description: receivable ? `Billing ${label} payment` : `Cash collected on delivery, billing ${label}`,
        createdById: actor.id,
        meta: { billingId: billing.id },
      },
      { field: 'method' },
    );
    walletTransactionId = moved.id;
  }

  const [payment] = await tx
    .insert(billingPayments)
    .values({
      billingId: billing.id,
      method: input.method,
      amountInCents: input.amountInCents,
      paidAt,
      referenceNumber: input.referenceNumber || null,
      proofUploadId: input.proofUploadId ?? null,
      walletTransactionId,
      remarks: input.remarks || null,
      recordedById: actor.id,
    })
    .returning();
  const amountPaid = billing.amountPaidInCents + input.amountInCents;
  const paymentStatus = paymentStatusFor(amountPaid, billing.totalInCents);
  await tx.update(billings).set({ amountPaidInCents: amountPaid, paymentStatus, updatedAt: now }).where(eq(billings.id, billing.id));
  const settled = paymentStatus === 'Paid' && billing.billingType === 'receivable' ? await settleShipments(tx, actor, billing.id, label, paidAt) : 0;

  await recordActivity(tx, {
    actor,
    action: 'CREATED',
    entity: 'BillingPayment',
    entityId: payment!.id,
    category: CATEGORY,
    summary: `${formatMoney(input.amountInCents)} ${input.method} recorded on billing ${label}${settled > 0 ? ` (${settled} shipment${settled === 1 ? '' : 's'} settled)` : ''}`,
    after: {
      billingId: billing.id,
      method: input.method,
      amountInCents: input.amountInCents,
      paidAt: paidAt.toISOString(),
      amountPaidInCents: amountPaid,
      paymentStatus,
    },
    status: paymentStatus,
  });
  const walletUserId = walletTransactionId ? billing.customerId : null;
  if (walletUserId) await announceWalletChangeAfterCommit(tx, walletUserId);
  return { billingId: billing.id, paymentStatus, walletUserId };
}

/** Each shipment of a paid receivable gets a payment for what it still owes (at most what was billed for it). */
async function settleShipments(tx: Tx, actor: Actor, billingId: string, label: string, paidAt: Date): Promise<number> {
  let settled = 0;
  for (const line of await billingShipmentLines(tx, billingId)) {
    const owed = await owedOn(tx, line.shipmentId, line.amountInCents);
    if (owed <= 0) continue;
    await recordShipmentPayment(tx, {
      shipmentId: line.shipmentId,
      method: 'invoice',
      amountInCents: owed,
      receivedById: actor.id,
      receivedAt: paidAt,
      referenceNumber: label,
      remarks: `Settled by billing ${label}`,
      meta: { billingId },
    });
    settled += 1;
  }
  return settled;
}

async function owedOn(tx: Tx, shipmentId: string, billedInCents: number): Promise<number> {
  const paid = await amountPaidInCents(tx, shipmentId);
  if (paid >= billedInCents) return 0;
  return billedInCents - paid;
}
