import { and, eq, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { CardSessionDto, DirectDebitBank, Ewallet, PaymentRequestDto } from '@hatid/domain';
import { cardTokens, paymentRequests, users, type LinkDetails } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { CardSaveSession, ChargeChannel, LinkResult } from '../../platform/payments/index.js';
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
  /** The saved method chosen (card_token_id is set null if it is removed before the call). */
  paymentMethodId?: string;
  trackingNumber?: string;
}

/** The provider's token of the saved method the request was reserved with: still active and known to the provider. */
async function savedMethodTokenOf(ctx: PaymentsContext, row: PaymentRequestRow): Promise<string | undefined> {
  const chosen = row.cardTokenId ?? (row.methodDetails as unknown as ReservedDetails).paymentMethodId;
  if (!chosen) return undefined;
  const [method] = row.cardTokenId
    ? await ctx.db
        .select({ providerMethodId: cardTokens.providerMethodId, status: cardTokens.status })
        .from(cardTokens)
        .where(eq(cardTokens.id, row.cardTokenId))
    : [];
  if (method?.status === 'active' && method.providerMethodId) return method.providerMethodId;
  throw fieldError(
    row.channel === 'card' ? 'cardTokenId' : 'paymentMethodId',
    'This saved method can no longer be used. Please choose another one or add it again.',
    'RULE_BROKEN',
  );
}

/** What POST /payments/requests/link/{bank,ewallet} answers: where the payer authorises the link. */
export interface LinkStarted {
  paymentMethodId: string;
  checkoutUrl: string;
  status: 'REQUIRES_ACTION' | 'ACTIVE' | 'FAILED';
}

type CardTokenRow = typeof cardTokens.$inferSelect;

/**
 * The provider's half of linking a bank account or e-wallet, after the reservation (startLink) committed, by
 * sendToProvider's rules: our card token id is the provider's reference and idempotency key, the first token id
 * stored wins, an unreachable provider leaves the link pending for the retry with the same Idempotency-Key, and
 * a refusal marks it failed. The provider's page is stored with the token id: a retry answers it again (the
 * sandbox does not answer the same twice).
 */
export async function sendLinkToProvider(ctx: PaymentsContext, paymentMethodId: string): Promise<LinkStarted> {
  const row = await findCardToken(ctx, paymentMethodId);
  if (!row?.linkDetails) throw new AppError('INTERNAL', `link ${paymentMethodId} vanished before it reached the provider`);
  const answered = answerOf(row);
  if (answered) return answered;
  const details = row.linkDetails;
  let linked: LinkResult;
  try {
    linked = await ctx.provider.linkAccount({
      referenceId: row.id,
      channel: row.kind === 'E-Wallet' ? 'ewallet' : 'direct_debit',
      bank: row.bank ?? undefined,
      ewallet: row.ewallet ?? undefined,
      successReturnUrl: details.successReturnUrl,
      failureReturnUrl: details.failureReturnUrl,
      idempotencyKey: row.id,
    });
  } catch (error) {
    return failIfRefused(ctx, row.id, details, error, isNull(cardTokens.providerMethodId));
  }
  const [stored] = await ctx.db
    .update(cardTokens)
    .set({ providerMethodId: linked.providerMethodId, linkDetails: { ...details, checkoutUrl: linked.checkoutUrl }, updatedAt: new Date() })
    .where(and(eq(cardTokens.id, row.id), eq(cardTokens.status, 'pending'), isNull(cardTokens.providerMethodId)))
    .returning();
  const now = stored ?? (await findCardToken(ctx, row.id));
  const answer = now ? answerOf(now) : null;
  if (!answer) throw new AppError('INTERNAL', `link ${row.id} has no provider answer after the call`);
  return answer;
}

/**
 * The provider's half of saving a card, after the reservation (startCardSession) committed, by the same rules as
 * sendLinkToProvider: our card token id is the session's reference and the call's idempotency key, the first
 * session stored wins (two retries at once), an unreachable provider leaves the card pending for the retry with
 * the same Idempotency-Key, and a refusal marks it failed. The session is stored with the card, so a retry answers
 * it again. The card stays pending (not listed, cannot be charged) until the session's completion webhook brings
 * the provider's payment token (webhook.service.ts).
 */
export async function sendCardSaveToProvider(ctx: PaymentsContext, paymentMethodId: string): Promise<CardSessionDto> {
  const row = await findCardToken(ctx, paymentMethodId);
  if (!row?.linkDetails || row.kind !== 'Card') throw new AppError('INTERNAL', `card ${paymentMethodId} vanished before it reached the provider`);
  const answered = sessionAnswerOf(row);
  if (answered) return answered;
  const details = row.linkDetails;
  const [person] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, mobileNumber: users.mobileNumber })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!person) throw new AppError('INTERNAL', `the owner of card ${row.id} vanished before it reached the provider`);
  let session: CardSaveSession;
  try {
    session = await ctx.provider.startCardSave({
      referenceId: row.id,
      customer: {
        referenceId: row.userId,
        givenNames: person.firstName,
        surname: person.lastName,
        email: person.email,
        mobileNumber: person.mobileNumber,
      },
      successReturnUrl: details.successReturnUrl,
      failureReturnUrl: details.failureReturnUrl,
      idempotencyKey: row.id,
    });
  } catch (error) {
    return failIfRefused(ctx, row.id, details, error, noSession);
  }
  const [stored] = await ctx.db
    .update(cardTokens)
    .set({ linkDetails: { ...details, sessionId: session.sessionId, sessionExpiresAt: session.expiresAt?.toISOString() ?? null }, updatedAt: new Date() })
    .where(and(eq(cardTokens.id, row.id), eq(cardTokens.status, 'pending'), noSession))
    .returning();
  const now = stored ?? (await findCardToken(ctx, row.id));
  const answer = now ? sessionAnswerOf(now) : null;
  if (!answer) throw new AppError('INTERNAL', `card ${row.id} has no provider session after the call`);
  return answer;
}

/** A card whose provider session is not stored yet. */
/** A card being saved whose provider session was opened (answered by the provider, waiting for the payer). */
export const sessionOpened = sql`(${cardTokens.linkDetails}->>'sessionId') IS NOT NULL`;
const noSession = not(sessionOpened);

/** The stored session of a card the provider already answered; null while it waits for its provider call. */
function sessionAnswerOf(row: CardTokenRow): CardSessionDto | null {
  const sessionId = row.linkDetails?.sessionId;
  if (sessionId) {
    return { paymentMethodId: row.id, paymentSessionId: sessionId, expiresAt: row.linkDetails?.sessionExpiresAt ?? null, status: statusOf(row) };
  }
  if (row.status === 'failed')
    throw new AppError('RULE_BROKEN', row.linkDetails?.failureReason ?? 'The payment provider refused to save this card. Please try again.');
  return null;
}

/**
 * After a saved method's provider call failed: unreachable (503) leaves it pending for the retry with the same
 * Idempotency-Key; refused, it is marked failed with the provider's reason, if still unanswered. Rethrows.
 */
async function failIfRefused(ctx: PaymentsContext, id: string, details: LinkDetails, error: unknown, unanswered: SQL): Promise<never> {
  if (!(error instanceof AppError) || error.code !== 'PROVIDER_UNAVAILABLE') {
    const failureReason = error instanceof Error ? error.message.slice(0, 500) : 'Refused by the provider';
    await ctx.db
      .update(cardTokens)
      .set({ status: 'failed', linkDetails: { ...details, failureReason }, updatedAt: new Date() })
      .where(and(eq(cardTokens.id, id), eq(cardTokens.status, 'pending'), unanswered));
  }
  throw error;
}

/** A saved method's state as the start of a link or a card session answers it. */
const statusOf = (row: CardTokenRow) => (row.status === 'active' ? 'ACTIVE' : row.status === 'failed' ? 'FAILED' : 'REQUIRES_ACTION');

async function findCardToken(ctx: PaymentsContext, id: string): Promise<CardTokenRow | undefined> {
  const [row] = await ctx.db.select().from(cardTokens).where(eq(cardTokens.id, id));
  return row;
}

/** The stored answer of a link the provider already answered; null while it waits for its provider call. */
function answerOf(row: CardTokenRow): LinkStarted | null {
  if (row.providerMethodId && row.linkDetails?.checkoutUrl) {
    return { paymentMethodId: row.id, checkoutUrl: row.linkDetails.checkoutUrl, status: statusOf(row) };
  }
  if (row.status === 'failed')
    throw new AppError('RULE_BROKEN', row.linkDetails?.failureReason ?? 'The payment provider refused this link. Please start a new one.');
  return null;
}
