import { and, eq, isNull } from 'drizzle-orm';
import type { DirectDebitBank, Ewallet, PaymentRequestDto } from '@hatid/domain';
import { cardTokens, paymentRequests } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { ChargeChannel } from '../../platform/payments/index.js';
import type { PaymentsContext } from './context.js';
import { findById, toPaymentRequestDto, type PaymentRequestRow } from './payment-requests.repository.js';

/**
 * The provider's half of starting a payment, made after the reservation committed (DECISIONS "Payment
 * provider"). A top-up, an e-wallet checkout or a payment link is first written as our payment request, with
 * everything the provider call needs, in the request's transaction (with its Idempotency-Key); the HTTP call
 * to the provider comes after, so no transaction (and on PGlite, no one else's request) waits on the network.
 * Our request id is the provider's idempotency key: calling again for the same request (a retry with the same
 * Idempotency-Key, two retries at once) cannot make a second charge, and the first answer stored wins.
 */
export async function sendToProvider(ctx: PaymentsContext, requestId: string): Promise<PaymentRequestDto> {
  const row = await findById(ctx.db, requestId);
  if (!row) throw new AppError('INTERNAL', `payment request ${requestId} vanished before it reached the provider`);
  if (row.providerRequestId || row.status !== 'PENDING') return toPaymentRequestDto(row);
  const details = row.methodDetails as unknown as ReservedDetails;
  let started: Partial<typeof paymentRequests.$inferInsert>;
  try {
    if (row.channel === 'payment_link') {
      const invoice = await ctx.provider.createInvoice({
        externalId: row.id,
        amountInCents: row.amountInCents,
        description: details.description,
        expiresAt: row.expiresAt!,
        successRedirectUrl: details.successReturnUrl,
        failureRedirectUrl: details.failureReturnUrl,
        idempotencyKey: row.id,
      });
      started = { providerRequestId: invoice.providerRequestId, checkoutUrl: invoice.checkoutUrl, expiresAt: invoice.expiresAt };
    } else {
      const charged = await ctx.provider.charge({
        referenceId: row.id,
        amountInCents: row.amountInCents,
        channel: row.channel as ChargeChannel,
        ewallet: details.ewallet,
        bank: details.bank,
        paymentTokenId: await savedMethodTokenOf(ctx, row),
        description: details.description,
        successReturnUrl: details.successReturnUrl,
        failureReturnUrl: details.failureReturnUrl,
        idempotencyKey: row.id,
      });
      started = {
        providerRequestId: charged.providerRequestId,
        status: charged.status,
        checkoutUrl: charged.checkoutUrl,
        methodDetails: { ...row.methodDetails, qrString: charged.qrString },
      };
    }
  } catch (error) {
    // Unreachable: the request stays waiting for its provider call, and a retry with the same key makes it.
    // Refused (bad amount, channel off at the provider): the request is closed with the provider's reason.
    if (!(error instanceof AppError) || error.code !== 'PROVIDER_UNAVAILABLE') {
      await ctx.db
        .update(paymentRequests)
        .set({ status: 'FAILED', failureReason: error instanceof Error ? error.message.slice(0, 500) : 'Refused by the provider', updatedAt: new Date() })
        .where(and(eq(paymentRequests.id, row.id), isNull(paymentRequests.providerRequestId)));
    }
    throw error;
  }
  // Two calls for one request at once: the provider answered both the same; the first to store it wins.
  const [stored] = await ctx.db
    .update(paymentRequests)
    .set({ ...started, updatedAt: new Date() })
    .where(and(eq(paymentRequests.id, row.id), isNull(paymentRequests.providerRequestId)))
    .returning();
  return toPaymentRequestDto(stored ?? (await findById(ctx.db, row.id))!);
}

/** What a reservation stores in methodDetails for the provider call (and for the hosted pages and return pages). */
export interface ReservedDetails {
  description: string;
  successReturnUrl: string;
  failureReturnUrl: string;
  ewallet?: Ewallet;
  bank?: DirectDebitBank;
  trackingNumber?: string;
}

async function savedMethodTokenOf(ctx: PaymentsContext, row: PaymentRequestRow): Promise<string | undefined> {
  if (!row.cardTokenId) return undefined;
  const [method] = await ctx.db.select({ providerMethodId: cardTokens.providerMethodId }).from(cardTokens).where(eq(cardTokens.id, row.cardTokenId));
  return method?.providerMethodId ?? undefined;
}
