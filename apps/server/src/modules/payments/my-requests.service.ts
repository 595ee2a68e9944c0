import type { PaymentRequestDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { findById, toPaymentRequestDto } from './payment-requests.repository.js';

/** A payment the caller started or pays (the page showing a QR code polls nothing: it listens, then reads this). */
export async function myPaymentRequest(db: DbOrTx, actor: Actor, id: string): Promise<PaymentRequestDto> {
  const row = await findById(db, id);
  if (!row || row.userId !== actor.id) throw notFound('Payment');
  return toPaymentRequestDto(row);
}
