import { and, asc, eq, gte, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { BillingType } from '@hatid/domain';
import type { Tx } from '../../db/client.js';
import { billings, billingShipments, shipments } from '../../db/schema/index.js';
import { fieldError } from '../../errors.js';
import { manilaDayStart, manilaNextDayStart } from '../../core/manila-time.js';

export interface BillingParty {
  billingType: BillingType;
  businessId: string | null;
  customerId: string;
}

export interface BillingLine {
  shipmentId: string;
  amountInCents: number;
}

export const NO_SHIPMENTS = 'No shipments to bill in this period';

/**
 * The period's shipments of a billing (Manila days, both included), never one already in another live
 * billing of the same type (a cancelled billing frees its shipments):
 *   receivable: the business's bookings made in the period on account (payment method invoice), not cancelled;
 *   payable: the client's shipments delivered in the period whose cash the recipient paid on delivery.
 * The amount billed is the shipment's total (for cash on delivery that is what the rider collected).
 * The caller holds the client's row lock, so two billings made at once cannot take the same shipment.
 */
export async function gatherShipments(tx: Tx, party: BillingParty, periodStart: string, periodEnd: string, exceptBillingId?: string): Promise<BillingLine[]> {
  const from = manilaDayStart(periodStart);
  const to = manilaNextDayStart(periodEnd);
  // A customer's own shipments only: what they booked for a business is that business's to bill.
  const owner = party.businessId ? eq(shipments.businessId, party.businessId) : and(eq(shipments.ownerId, party.customerId), isNull(shipments.businessId));
  const taken = notExists(
    tx
      .select({ one: sql`1` })
      .from(billingShipments)
      .innerJoin(billings, eq(billings.id, billingShipments.billingId))
      .where(
        and(
          eq(billingShipments.shipmentId, shipments.id),
          ne(billings.status, 'cancelled'),
          eq(billings.billingType, party.billingType),
          exceptBillingId ? ne(billings.id, exceptBillingId) : undefined,
        ),
      ),
  );
  const rule =
    party.billingType === 'receivable'
      ? and(eq(shipments.paymentMethod, 'invoice'), ne(shipments.status, 'Cancelled'), gte(shipments.createdAt, from), lt(shipments.createdAt, to))
      : and(
          eq(shipments.deliveryStatus, 'Delivered'),
          eq(shipments.paidBy, 'recipient'),
          eq(shipments.paymentMethod, 'cash'),
          eq(shipments.paymentStatus, 'Paid'),
          gte(shipments.deliveredAt, from),
          lt(shipments.deliveredAt, to),
        );
  const rows = await tx
    .select({ shipmentId: shipments.id, amountInCents: shipments.totalInCents })
    .from(shipments)
    .where(and(owner, isNull(shipments.deletedAt), rule, taken))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  return rows;
}

/** Gathers and stores the lines of a billing; none is a 422 on the period. Returns the total. */
export async function fillBilling(
  tx: Tx,
  billingId: string,
  party: BillingParty,
  periodStart: string,
  periodEnd: string,
): Promise<{ totalInCents: number; count: number }> {
  const lines = await gatherShipments(tx, party, periodStart, periodEnd, billingId);
  if (lines.length === 0) throw fieldError('periodEnd', NO_SHIPMENTS, 'RULE_BROKEN');
  await tx.delete(billingShipments).where(eq(billingShipments.billingId, billingId));
  await tx.insert(billingShipments).values(lines.map((l) => ({ billingId, ...l })));
  return { totalInCents: lines.reduce((sum, l) => sum + l.amountInCents, 0), count: lines.length };
}
