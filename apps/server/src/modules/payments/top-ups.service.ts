import type { CARD_BRANDS, DirectDebitBank, Ewallet, PaymentChannel } from '@hatid/domain';
import type { Tx } from '../../db/client.js';
import { cardTokens, paymentRequests } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { assertPaymentOptionOn } from '../flags/index.js';
import { ensureWallet } from '../wallet/index.js';
import { findOwnMethod, type CardTokenRow } from './payment-methods.service.js';
import { returnUrl, type PaymentsContext } from './context.js';
import { findById } from './payment-requests.repository.js';
import type { ReservedDetails } from './provider-start.js';

/**
 * Wallet top-ups (issue 12): each starts a payment request at the provider and credits nothing. Money arrives
 * only with the provider's confirmation (webhook.service.ts), exactly once. The row is written first so our
 * id is the provider's reference and its idempotency key: a retried call cannot charge twice. The provider is
 * called after the row commits (provider-start.ts).
 */
export interface TopUpInput {
  channel: PaymentChannel;
  amountInCents: number;
  ewallet?: Ewallet;
  bank?: DirectDebitBank;
  /** A saved card, linked bank account or linked e-wallet. */
  paymentMethodId?: string;
  returnPath?: string;
}

const KIND_OF: Record<PaymentChannel, CardTokenRow['kind'] | null> = {
  card: 'Card',
  direct_debit: 'Linked Account',
  ewallet: 'E-Wallet',
  qr: null,
};

/** A QR code is shown on a screen for a short while; the payer makes a new one after. */
const QR_VALID_MS = 15 * 60_000;

/** Reserves the top-up in the caller's transaction; returns our request id for sendToProvider (provider-start.ts). */
export async function startTopUp(ctx: PaymentsContext, tx: Tx, actor: Actor, input: TopUpInput): Promise<string> {
  await assertPaymentOptionOn(tx, ctx.env, 'wallet', 'method');
  await assertPaymentOptionOn(tx, ctx.env, input.channel, 'method');
  let method: CardTokenRow | null = null;
  if (input.paymentMethodId) {
    method = await findOwnMethod(tx, actor, input.paymentMethodId);
    if (method.kind !== KIND_OF[input.channel]) {
      throw fieldError(input.channel === 'card' ? 'cardTokenId' : 'paymentMethodId', 'This saved method cannot pay this way', 'RULE_BROKEN');
    }
    if (method.provider !== ctx.provider.name) {
      throw fieldError('paymentMethodId', 'This saved method belongs to another payment provider. Please add it again.', 'RULE_BROKEN');
    }
  }
  await ensureWallet(tx, actor.id);
  const ewallet = input.ewallet ?? method?.ewallet ?? undefined;
  const bank = input.bank ?? method?.bank ?? undefined;
  const back = { method: input.channel, amount: input.amountInCents };
  const details: ReservedDetails = {
    description: 'Hatid wallet top-up',
    successReturnUrl: returnUrl(ctx, input.returnPath, { success: 'true', ...back }),
    failureReturnUrl: returnUrl(ctx, input.returnPath, { failure: 'true', ...back }),
    ...(ewallet ? { ewallet } : {}),
    ...(bank ? { bank } : {}),
    ...(method ? { paymentMethodId: method.id } : {}),
  };
  const [row] = await tx
    .insert(paymentRequests)
    .values({
      purpose: 'wallet_top_up',
      channel: input.channel,
      provider: ctx.provider.name,
      amountInCents: input.amountInCents,
      userId: actor.id,
      createdById: actor.id,
      cardTokenId: method?.id ?? null,
      expiresAt: input.channel === 'qr' ? new Date(Date.now() + QR_VALID_MS) : null,
      methodDetails: { ...details },
    })
    .returning({ id: paymentRequests.id });
  return row!.id;
}

/**
 * Links a bank account (direct debit) or an e-wallet: a pending saved method until the payer authorises it
 * on the provider's page (the bank's one-time code, the e-wallet's consent); the provider's payment token
 * event makes it active (webhook.service.ts). Reserves the method in the caller's transaction, with what the
 * provider call needs; returns its id for sendLinkToProvider (provider-start.ts), which calls after the commit.
 */
export async function startLink(
  ctx: PaymentsContext,
  tx: Tx,
  actor: Actor,
  input: { channel: 'direct_debit' | 'ewallet'; bank?: DirectDebitBank; ewallet?: Ewallet; returnPath?: string },
): Promise<string> {
  await assertPaymentOptionOn(tx, ctx.env, 'wallet', 'method');
  await assertPaymentOptionOn(tx, ctx.env, input.channel, input.channel === 'ewallet' ? 'ewallet' : 'bank');
  const name = input.bank ?? input.ewallet!;
  return reservePendingMethod(ctx, tx, actor, input.channel, input.returnPath, {
    kind: input.channel === 'ewallet' ? 'E-Wallet' : 'Linked Account',
    bank: input.bank ?? null,
    ewallet: input.ewallet ?? null,
    label: `${name} account`,
  });
}

/**
 * Saves a card through the provider's payment session (Xendit's Payments API v3 way: the page sends the card to
 * Xendit under the session, and the session's completion webhook brings the payment token, webhook.service.ts).
 * Reserves the pending card in the caller's transaction with what the screen shows (brand, last four digits,
 * expiry: the page checked the card), and the return addresses of the bank's 3-D Secure page; returns its id for
 * sendCardSaveToProvider (provider-start.ts), which opens the session after the commit.
 */
export async function startCardSession(
  ctx: PaymentsContext,
  tx: Tx,
  actor: Actor,
  input: { cardBrand: (typeof CARD_BRANDS)[number]; last4: string; expiryMonth: number; expiryYear: number; returnPath?: string },
): Promise<string> {
  await assertPaymentOptionOn(tx, ctx.env, 'card', 'token');
  return reservePendingMethod(ctx, tx, actor, 'card', input.returnPath, {
    kind: 'Card',
    cardBrand: input.cardBrand,
    maskedNumber: `XXXX XXXX XXXX ${input.last4}`,
    expiryMonth: input.expiryMonth,
    expiryYear: input.expiryYear,
    label: `${input.cardBrand} •••• ${input.last4}`,
  });
}

/**
 * A saved method waiting for the provider (a bank or e-wallet link, a card's session): written pending, with the
 * return addresses of the provider's page, in the caller's transaction; its id is the provider call's reference.
 */
async function reservePendingMethod(
  ctx: PaymentsContext,
  tx: Tx,
  actor: Actor,
  method: 'direct_debit' | 'ewallet' | 'card',
  returnPath: string | undefined,
  shown: Pick<typeof cardTokens.$inferInsert, 'kind' | 'bank' | 'ewallet' | 'cardBrand' | 'maskedNumber' | 'expiryMonth' | 'expiryYear' | 'label'>,
): Promise<string> {
  const back = { method };
  const [row] = await tx
    .insert(cardTokens)
    .values({
      ...shown,
      userId: actor.id,
      provider: ctx.provider.name,
      status: 'pending',
      linkDetails: {
        successReturnUrl: returnUrl(ctx, returnPath, { 'success-link': 'true', ...back }),
        failureReturnUrl: returnUrl(ctx, returnPath, { 'failure-link': 'true', ...back }),
      },
    })
    .returning({ id: cardTokens.id });
  return row!.id;
}

/** Test mode: pay one of my open QR codes as if scanned (Xendit's simulate call). Never in production. */
export async function simulateQr(ctx: PaymentsContext, actor: Actor, paymentRequestId: string): Promise<void> {
  if (ctx.env === 'production') throw new AppError('FORBIDDEN', 'Test payments are not available in production');
  const row = await findById(ctx.db, paymentRequestId);
  if (!row || row.userId !== actor.id || row.channel !== 'qr') throw fieldError('paymentRequestId', 'QR payment not found', 'NOT_FOUND');
  if (row.status !== 'PENDING' && row.status !== 'REQUIRES_ACTION') {
    throw fieldError('paymentRequestId', 'This QR code is no longer waiting for payment', 'CONFLICT');
  }
  await ctx.provider.simulateQrPayment(row.providerRequestId!, row.amountInCents);
}
