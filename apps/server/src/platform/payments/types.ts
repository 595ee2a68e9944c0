import type { DirectDebitBank, Ewallet, PaymentProviderStatus } from '@hatid/domain';

/**
 * The one door to the payment provider (DECISIONS "Payment provider"). Payment code never speaks HTTP to a
 * provider itself: `sandbox` (default, pages served by this server) and `xendit` (the real API) both answer
 * these calls, and both confirm payments by posting the same webhook to POST /api/payments/webhooks/xendit.
 */
export type ChargeChannel = 'card' | 'direct_debit' | 'ewallet' | 'qr';

export interface ChargeInput {
  /** Our payment request id: the provider's reference_id, echoed back in every webhook. */
  referenceId: string;
  amountInCents: number;
  channel: ChargeChannel;
  ewallet?: Ewallet;
  bank?: DirectDebitBank;
  /** A saved card or linked account (the provider's token id) to charge instead of a one-time payment. */
  paymentTokenId?: string;
  description: string;
  successReturnUrl: string;
  failureReturnUrl: string;
  /** Sent to the provider so a retried call cannot charge twice. */
  idempotencyKey: string;
}

export interface ChargeResult {
  providerRequestId: string;
  status: PaymentProviderStatus;
  /** Where the payer confirms (3-D Secure, the e-wallet's or bank's page), if anywhere. */
  checkoutUrl: string | null;
  /** QR Ph payload to show as a code. */
  qrString: string | null;
}

export interface LinkInput {
  /** Our card_tokens id. */
  referenceId: string;
  channel: 'direct_debit' | 'ewallet';
  bank?: DirectDebitBank;
  ewallet?: Ewallet;
  successReturnUrl: string;
  failureReturnUrl: string;
  idempotencyKey: string;
}

export interface LinkResult {
  providerMethodId: string;
  /** Where the payer authorises the link (the bank's OTP page, the e-wallet's consent page). */
  checkoutUrl: string;
}

/** Who saves the card: the provider keeps its payment tokens per customer. */
export interface CardSaveCustomer {
  /** Our user id: the provider's customer reference. */
  referenceId: string;
  givenNames: string;
  surname: string;
  email: string | null;
  /** E.164 (+639…). */
  mobileNumber: string | null;
}

export interface CardSaveInput {
  /** Our card_tokens id: the session's reference_id, echoed back in its webhook. */
  referenceId: string;
  customer: CardSaveCustomer;
  /** Where the payer lands after the bank's 3-D Secure page. */
  successReturnUrl: string;
  failureReturnUrl: string;
  idempotencyKey: string;
}

export interface CardSaveSession {
  /** The provider's session id (Xendit's `ps-…`): the browser hands the card to the provider under it. */
  sessionId: string;
  expiresAt: Date | null;
}

export interface InvoiceInput {
  /** Our payment request id: the invoice's external_id. */
  externalId: string;
  amountInCents: number;
  description: string;
  expiresAt: Date;
  successRedirectUrl: string;
  failureRedirectUrl: string;
  idempotencyKey: string;
}

export interface InvoiceResult {
  providerRequestId: string;
  checkoutUrl: string;
  expiresAt: Date;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'xendit';
  charge(input: ChargeInput): Promise<ChargeResult>;
  linkAccount(input: LinkInput): Promise<LinkResult>;
  /**
   * Starts saving a card: a session under which the browser sends the card straight to the provider. The
   * provider's payment token arrives later, with the session's completion webhook (webhook.service.ts).
   */
  startCardSave(input: CardSaveInput): Promise<CardSaveSession>;
  createInvoice(input: InvoiceInput): Promise<InvoiceResult>;
  expireInvoice(providerRequestId: string): Promise<void>;
  /** Test mode only: pay a QR as if scanned (Xendit's simulate call; the sandbox's own webhook). */
  simulateQrPayment(providerRequestId: string, amountInCents: number): Promise<void>;
}

/** Cents as the provider's decimal amount (PHP 500.25), and back without float drift. */
export const toProviderAmount = (cents: number): number => cents / 100;
export function fromProviderAmount(amount: unknown): number | null {
  if (typeof amount !== 'number' && typeof amount !== 'string') return null;
  const text = String(amount).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
