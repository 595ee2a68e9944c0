import { randomUUID } from 'node:crypto';
import type {
  CardSaveInput,
  CardSaveSession,
  ChargeInput,
  ChargeResult,
  InvoiceInput,
  InvoiceResult,
  LinkInput,
  LinkResult,
  PaymentProvider,
} from './types.js';
import { paymentEvent } from './webhook-bodies.js';
import { qrPhPayload } from './qr-ph.js';

/** As long as Xendit's sessions last by default. */
const CARD_SESSION_MS = 30 * 60_000;

/** Posts a webhook body to this server's own webhook endpoint, with the callback token (payments.plugin.ts). */
export type DeliverWebhook = (body: unknown) => Promise<void>;

/**
 * The default provider: works with no network. Every charge, link and invoice gets a hosted page on this
 * server (payments/sandbox.routes.ts) where the payer clicks Pay or Fail; the page then posts the same
 * webhook Xendit would. Ids look like Xendit's, with an "sbx" mark so they are never mistaken for real ones.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly deliver: DeliverWebhook,
  ) {}

  private page(kind: 'checkout' | 'link', id: string) {
    return `${this.baseUrl}/api/payments/sandbox/${kind}/${id}`;
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    const providerRequestId = `pr-sbx-${randomUUID()}`;
    return {
      providerRequestId,
      status: 'REQUIRES_ACTION',
      checkoutUrl: this.page('checkout', providerRequestId),
      qrString: input.channel === 'qr' ? qrPhPayload(input.referenceId, input.amountInCents) : null,
    };
  }

  async linkAccount(_input: LinkInput): Promise<LinkResult> {
    const providerMethodId = `pt-sbx-${randomUUID()}`;
    return { providerMethodId, checkoutUrl: this.page('link', providerMethodId) };
  }

  /**
   * A local session id, no network. The sandbox's card form does not use sessions: it tokenizes the card in the
   * page and saves the token with POST /card-tokens/card/new, as it always has. A sandbox session answers the
   * call (so the route behaves the same with either provider) but nothing ever completes it; the expiry sweep
   * closes the pending card it reserved.
   */
  async startCardSave(_input: CardSaveInput): Promise<CardSaveSession> {
    return { sessionId: `ps-sbx-${randomUUID()}`, expiresAt: new Date(Date.now() + CARD_SESSION_MS) };
  }

  async createInvoice(input: InvoiceInput): Promise<InvoiceResult> {
    const providerRequestId = `inv-sbx-${randomUUID()}`;
    return { providerRequestId, checkoutUrl: this.page('checkout', providerRequestId), expiresAt: input.expiresAt };
  }

  async expireInvoice(): Promise<void> {
    // The sandbox's page reads the request's status from the database: an expired link shows as expired.
  }

  async simulateQrPayment(providerRequestId: string, amountInCents: number): Promise<void> {
    await this.deliver(paymentEvent('payment.succeeded', { providerRequestId, amountInCents, channelCode: 'QRPH' }));
  }
}
