import { AppError } from '../../errors.js';
import {
  type CardSaveInput,
  type CardSaveSession,
  type ChargeInput,
  type ChargeResult,
  type InvoiceInput,
  type InvoiceResult,
  type LinkInput,
  type LinkResult,
  type PaymentProvider,
  toProviderAmount,
} from './types.js';
import type { PaymentProviderStatus } from '@hatid/domain';

/**
 * Xendit over plain HTTP (no SDK: a handful of calls, and the official client pulls in far more than it saves).
 * Payments API v3 for charges and payment tokens (cards, direct debit, e-wallets, QR Ph), Payment Sessions for
 * saving a card (its payment token comes with the session's webhook), the Invoice API for payment links. Basic auth with the secret key; every write carries an Idempotency-key so a retry
 * after a timeout cannot charge twice. Xendit's errors ({ error_code, message }) become clear AppErrors.
 */
const EWALLET_CODES = { GCash: 'GCASH', Maya: 'PAYMAYA' } as const;
const BANK_CODES = { BPI: 'BPI', Chinabank: 'CHINABANK', RCBC: 'RCBC', Unionbank: 'UBP' } as const;
const PAYMENTS_API_VERSION = '2024-11-11';
const TIMEOUT_MS = 15_000;

export class XenditPaymentProvider implements PaymentProvider {
  readonly name = 'xendit' as const;
  private readonly auth: string;

  constructor(
    secretKey: string,
    private readonly apiUrl = 'https://api.xendit.co',
  ) {
    this.auth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers: {
          authorization: this.auth,
          'content-type': 'application/json',
          ...(path.startsWith('/v3/') ? { 'api-version': PAYMENTS_API_VERSION } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AppError('PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Please try again in a moment.');
    }
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // A proxy's HTML error page: handled as an unreadable answer below.
    }
    if (response.ok) return parsed as T;
    throw xenditError(response.status, parsed);
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    const channelCode =
      input.channel === 'qr'
        ? 'QRPH'
        : input.channel === 'card'
          ? 'CARDS'
          : input.channel === 'ewallet'
            ? EWALLET_CODES[input.ewallet!]
            : BANK_CODES[input.bank!];
    const body = {
      reference_id: input.referenceId,
      type: 'PAY',
      country: 'PH',
      currency: 'PHP',
      request_amount: toProviderAmount(input.amountInCents),
      capture_method: 'AUTOMATIC',
      ...(input.paymentTokenId ? { payment_token_id: input.paymentTokenId } : { channel_code: channelCode }),
      channel_properties: {
        success_return_url: input.successReturnUrl,
        failure_return_url: input.failureReturnUrl,
      },
      description: input.description,
      metadata: { reference_id: input.referenceId },
    };
    const answer = await this.call<XenditPaymentRequest>('POST', '/v3/payment_requests', body, input.idempotencyKey);
    if (!answer.payment_request_id) throw unreadable();
    const actions = answer.actions ?? [];
    return {
      providerRequestId: answer.payment_request_id,
      status: statusOf(answer.status),
      checkoutUrl: actions.find((a) => a.type === 'REDIRECT_CUSTOMER' && a.descriptor === 'WEB_URL')?.value ?? null,
      qrString: actions.find((a) => a.descriptor === 'QR_STRING')?.value ?? null,
    };
  }

  async linkAccount(input: LinkInput): Promise<LinkResult> {
    const body = {
      reference_id: input.referenceId,
      country: 'PH',
      currency: 'PHP',
      channel_code: input.channel === 'ewallet' ? EWALLET_CODES[input.ewallet!] : BANK_CODES[input.bank!],
      channel_properties: { success_return_url: input.successReturnUrl, failure_return_url: input.failureReturnUrl },
    };
    const answer = await this.call<XenditPaymentToken>('POST', '/v3/payment_tokens', body, input.idempotencyKey);
    const url = (answer.actions ?? []).find((a) => a.type === 'REDIRECT_CUSTOMER')?.value;
    if (!answer.payment_token_id || !url) throw unreadable();
    return { providerMethodId: answer.payment_token_id, checkoutUrl: url };
  }

  /**
   * A SAVE session in CARDS_SESSION_JS mode: the page sends the card to Xendit with cards-session.js under this
   * session, the bank's 3-D Secure follows, and payment_session.completed brings the card's payment token
   * (`pt-…`), the one /v3/payment_requests charges. Nothing is charged (amount 0).
   */
  async startCardSave(input: CardSaveInput): Promise<CardSaveSession> {
    const { customer } = input;
    const body = {
      reference_id: input.referenceId,
      session_type: 'SAVE',
      mode: 'CARDS_SESSION_JS',
      amount: 0,
      currency: 'PHP',
      country: 'PH',
      customer: {
        reference_id: customer.referenceId,
        type: 'INDIVIDUAL',
        ...(customer.email ? { email: customer.email } : {}),
        ...(customer.mobileNumber ? { mobile_number: customer.mobileNumber } : {}),
        individual_detail: { given_names: customer.givenNames, ...(customer.surname ? { surname: customer.surname } : {}) },
      },
      cards_session_js: { success_return_url: input.successReturnUrl, failure_return_url: input.failureReturnUrl },
    };
    const answer = await this.call<XenditPaymentSession>('POST', '/sessions', body, input.idempotencyKey);
    if (!answer.payment_session_id) throw unreadable();
    const expiresAt = answer.expires_at ? new Date(answer.expires_at) : null;
    return { sessionId: answer.payment_session_id, expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null };
  }

  async createInvoice(input: InvoiceInput): Promise<InvoiceResult> {
    const body = {
      external_id: input.externalId,
      amount: toProviderAmount(input.amountInCents),
      currency: 'PHP',
      description: input.description,
      invoice_duration: Math.max(1, Math.round((input.expiresAt.getTime() - Date.now()) / 1000)),
      success_redirect_url: input.successRedirectUrl,
      failure_redirect_url: input.failureRedirectUrl,
    };
    const answer = await this.call<XenditInvoice>('POST', '/v2/invoices', body, input.idempotencyKey);
    if (!answer.id || !answer.invoice_url) throw unreadable();
    return {
      providerRequestId: answer.id,
      checkoutUrl: answer.invoice_url,
      expiresAt: answer.expiry_date ? new Date(answer.expiry_date) : input.expiresAt,
    };
  }

  async expireInvoice(providerRequestId: string): Promise<void> {
    await this.call('POST', `/invoices/${encodeURIComponent(providerRequestId)}/expire!`);
  }

  async simulateQrPayment(providerRequestId: string, amountInCents: number): Promise<void> {
    await this.call('POST', `/v3/payment_requests/${encodeURIComponent(providerRequestId)}/simulate`, { amount: toProviderAmount(amountInCents) });
  }
}

interface XenditAction {
  type?: string;
  descriptor?: string;
  value?: string;
}
interface XenditPaymentRequest {
  payment_request_id?: string;
  status?: string;
  actions?: XenditAction[];
}
interface XenditPaymentToken {
  payment_token_id?: string;
  status?: string;
  actions?: XenditAction[];
}
interface XenditPaymentSession {
  payment_session_id?: string;
  status?: string;
  expires_at?: string;
}
interface XenditInvoice {
  id?: string;
  invoice_url?: string;
  expiry_date?: string;
  status?: string;
}

const KNOWN: PaymentProviderStatus[] = ['AWAITING_CAPTURE', 'CANCELED', 'COMPLETED', 'EXPIRED', 'FAILED', 'PENDING', 'REQUIRES_ACTION', 'SUCCEEDED', 'VOIDED'];
const statusOf = (status: string | undefined): PaymentProviderStatus =>
  KNOWN.includes(status as PaymentProviderStatus) ? (status as PaymentProviderStatus) : 'UNKNOWN';

const unreadable = () => new AppError('PROVIDER_UNAVAILABLE', 'The payment provider gave an answer we could not read. Please try again.');

/** Xendit's refusals as what the payer can do about them; our own mistakes (401, 403) stay generic. */
export function xenditError(status: number, body: Record<string, unknown>): AppError {
  const code = typeof body.error_code === 'string' ? body.error_code : '';
  const message = typeof body.message === 'string' ? body.message : '';
  if (status === 401 || status === 403) {
    return new AppError('PROVIDER_UNAVAILABLE', 'Online payments are not available right now (provider credentials). Please try again later.');
  }
  if (status === 404 && code === 'DATA_NOT_FOUND') return new AppError('NOT_FOUND', 'The payment provider has no such payment or link');
  if (status === 409 || code === 'DUPLICATE_ERROR' || code === 'IDEMPOTENCY_ERROR') {
    return new AppError('CONFLICT', 'This payment was already sent to the provider with different details');
  }
  if (status === 429) return new AppError('RATE_LIMITED', 'The payment provider is busy. Please try again in a minute.');
  if (status >= 400 && status < 500) {
    return new AppError('RULE_BROKEN', `The payment provider refused this payment${message ? `: ${message}` : ''}${code ? ` (${code})` : ''}`);
  }
  return new AppError('PROVIDER_UNAVAILABLE', 'The payment provider is not answering right now. Please try again in a moment.');
}
