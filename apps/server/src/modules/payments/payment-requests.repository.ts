import { and, eq } from 'drizzle-orm';
import type { PaymentRequestDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { paymentRequests } from '../../db/schema/index.js';
import type { PaymentProvider } from '../../platform/payments/index.js';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;

/** Still payable: waiting for the payer, and (when it has an end) not past it. */
export function isOpen(row: PaymentRequestRow, now = new Date()): boolean {
  return (row.status === 'PENDING' || row.status === 'REQUIRES_ACTION') && (!row.expiresAt || row.expiresAt > now);
}

/** A request past its time shows as EXPIRED even before the provider's callback says so. */
export function toPaymentRequestDto(row: PaymentRequestRow, now = new Date()): PaymentRequestDto {
  const lapsed = (row.status === 'PENDING' || row.status === 'REQUIRES_ACTION') && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    purpose: row.purpose,
    channel: row.channel,
    status: lapsed ? 'EXPIRED' : row.status,
    amountInCents: row.amountInCents,
    checkoutUrl: lapsed ? null : row.checkoutUrl,
    qrString: typeof row.methodDetails.qrString === 'string' && !lapsed ? row.methodDetails.qrString : null,
    shipmentId: row.shipmentId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    flagReason: row.flagReason,
    paidAmountInCents: row.paidAmountInCents,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findByProviderId(db: DbOrTx, provider: PaymentProvider['name'], providerRequestId: string, lock = false) {
  const query = db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.provider, provider), eq(paymentRequests.providerRequestId, providerRequestId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findById(db: DbOrTx, id: string, lock = false) {
  if (!UUID.test(id)) return null;
  const query = db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
