import { formatMoney } from '@hatid/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { businesses, shipments } from '../../db/schema/index.js';
import { type AppError, fieldError } from '../../errors.js';
import { findBusiness, lockBusiness, type BusinessRow } from '../businesses/index.js';

/**
 * Booking on account (docs/decisions.md "Booking on account"): a business on an invoice account
 * (invoiceBillingEnabled, active, not deleted) that books "sender pays" is billed on its account: payment
 * method invoice, payment status Pending until its billing is paid; nobody pays cash at pick-up.
 */

/** A shipment booked on account is paid through its billing, never shipment by shipment (desk, payment links). */
export const BILLED_ON_ACCOUNT = "This shipment is billed to its client's account: record the payment on its billing";

const opensAccount = (row: BusinessRow | null): row is BusinessRow => Boolean(row?.invoiceBillingEnabled && row.isActive);

/** The owner's business when it books on account, else null. */
export async function findInvoiceAccount(db: DbOrTx, businessId: string | null): Promise<BusinessRow | null> {
  if (!businessId) return null;
  const row = await findBusiness(db, eq(businesses.id, businessId));
  return opensAccount(row) ? row : null;
}

/**
 * What a business owes on its account: the totals of its live on-account shipments not cancelled and not paid
 * (a partly paid one counts whole). The conditions are written as constants so the partial index of
 * migration 0024 (shipments_on_account_owed_idx) answers the sum from the unpaid shipments alone.
 */
export async function owedOnAccountInCents(db: DbOrTx, businessId: string): Promise<number> {
  const [row] = await db
    .select({ owed: sql<string>`coalesce(sum(${shipments.totalInCents}), 0)` })
    .from(shipments)
    .where(
      and(
        eq(shipments.businessId, businessId),
        sql`${shipments.paymentMethod} = 'invoice' and ${shipments.status} <> 'Cancelled' and ${shipments.paymentStatus} <> 'Paid' and ${shipments.deletedAt} is null`,
      ),
    );
  return Number(row?.owed ?? 0);
}

/**
 * Inside the booking's transaction, before the shipment is written: locks the business row (SELECT … FOR
 * UPDATE, held until commit), so bookings of one business on account are checked one at a time and two at
 * once cannot both pass its credit limit. The account is read again under the lock: one closed since the
 * booking began is refused rather than booked as cash the booker did not choose. A credit limit of 0 is
 * no limit.
 */
export async function reserveOnAccount(tx: Tx, businessId: string, totalInCents: number): Promise<void> {
  const [refused] = await reserveOnAccountMany(tx, businessId, [totalInCents]);
  if (refused) throw refused;
}

/**
 * `reserveOnAccount` for several bookings in one transaction (bulk booking, issue 33): the business is locked
 * and what it owes read once, then each booking, in order, passes if what is owed with the ones passed before
 * it stays within the limit. Answers, per booking, null (reserved) or the error refusing it; the caller books
 * the ones passed in this same transaction, so the limit holds for them together.
 */
export async function reserveOnAccountMany(tx: Tx, businessId: string, totalsInCents: number[]): Promise<(AppError | null)[]> {
  const row = await lockBusiness(tx, businessId);
  if (!opensAccount(row)) {
    return totalsInCents.map(() => fieldError('paidBy', "Your business's invoice account is closed. Choose cash or wallet.", 'RULE_BROKEN'));
  }
  if (row.creditLimitInCents === 0) return totalsInCents.map(() => null);
  let owed = await owedOnAccountInCents(tx, businessId);
  return totalsInCents.map((total) => {
    if (owed + total > row.creditLimitInCents) {
      return fieldError(
        'paidBy',
        `This booking would pass your account's credit limit of ${formatMoney(row.creditLimitInCents)} (${formatMoney(owed)} already owed). Choose cash or wallet.`,
        'RULE_BROKEN',
      );
    }
    owed += total;
    return null;
  });
}
