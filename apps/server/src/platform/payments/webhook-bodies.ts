import { randomUUID } from 'node:crypto';
import { toProviderAmount } from './types.js';

/**
 * The webhook bodies Xendit documents, built for the sandbox's deliveries and the tests: the Payments API
 * events (payment.succeeded / payment.failed), the payment token events of a linked account, the payment
 * session events of a saved card, and the invoice callback. The webhook handler reads exactly these fields, whoever sent them.
 */
export interface PaymentEventInput {
  providerRequestId: string;
  referenceId?: string;
  amountInCents: number;
  /** The provider's payment id; a fresh one per payment unless given (redeliveries repeat it). */
  paymentId?: string;
  channelCode?: string;
  failureCode?: string;
}

export function paymentEvent(event: 'payment.succeeded' | 'payment.failed', input: PaymentEventInput) {
  return {
    event,
    business_id: 'hatid-sandbox',
    created: new Date().toISOString(),
    data: {
      payment_id: input.paymentId ?? `py-${randomUUID()}`,
      payment_request_id: input.providerRequestId,
      reference_id: input.referenceId ?? null,
      request_amount: toProviderAmount(input.amountInCents),
      currency: 'PHP',
      country: 'PH',
      channel_code: input.channelCode ?? null,
      status: event === 'payment.succeeded' ? 'SUCCEEDED' : 'FAILED',
      ...(event === 'payment.failed' ? { failure_code: input.failureCode ?? 'PAYMENT_DECLINED' } : {}),
    },
  };
}

export function paymentTokenEvent(event: 'payment_token.activation' | 'payment_token.failure', tokenId: string, referenceId?: string) {
  return {
    event,
    business_id: 'hatid-sandbox',
    created: new Date().toISOString(),
    data: {
      payment_token_id: tokenId,
      reference_id: referenceId ?? null,
      status: event === 'payment_token.activation' ? 'ACTIVE' : 'FAILED',
    },
  };
}

/**
 * A card-saving session's end: payment_session.completed carries the card's payment token, .expired none.
 * `tokenId` null: a completed session without a token (never expected, handled as a failure).
 */
export function paymentSessionEvent(
  event: 'payment_session.completed' | 'payment_session.expired',
  input: { sessionId: string; referenceId: string; tokenId?: string | null },
) {
  const completed = event === 'payment_session.completed';
  return {
    event,
    business_id: 'hatid-sandbox',
    created: new Date().toISOString(),
    data: {
      payment_session_id: input.sessionId,
      reference_id: input.referenceId,
      customer_id: 'cust-hatid-sandbox',
      session_type: 'SAVE',
      mode: 'CARDS_SESSION_JS',
      amount: 0,
      currency: 'PHP',
      country: 'PH',
      status: completed ? 'COMPLETED' : 'EXPIRED',
      ...(completed && input.tokenId !== null ? { payment_token_id: input.tokenId ?? `pt-${randomUUID()}` } : {}),
    },
  };
}

export function invoiceCallback(input: { invoiceId: string; externalId?: string; status: 'PAID' | 'EXPIRED'; amountInCents: number }) {
  return {
    id: input.invoiceId,
    external_id: input.externalId ?? null,
    status: input.status,
    amount: toProviderAmount(input.amountInCents),
    ...(input.status === 'PAID'
      ? {
          paid_amount: toProviderAmount(input.amountInCents),
          paid_at: new Date().toISOString(),
          payment_method: 'EWALLET',
          payment_id: `inv-py-${randomUUID()}`,
        }
      : {}),
    currency: 'PHP',
    updated: new Date().toISOString(),
  };
}
