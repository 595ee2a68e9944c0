import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cardTokens, paymentRequests } from '../../db/schema/index.js';
import { paymentEvent, paymentSessionEvent, paymentTokenEvent } from '../../platform/payments/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer } from '../../testing/auth.js';
import { balanceOf, settlePayments } from '../../testing/wallet.js';
import { LINK_AUTHORISE_WINDOW_MS, sweepPaymentRequests, UNSTARTED_GIVE_UP_MS } from './expiry-sweep.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const rowOf = async (id: string) => (await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
const tokenOf = async (id: string) => (await t.database.db.select().from(cardTokens).where(eq(cardTokens.id, id)))[0]!;
const ageToken = (id: string, ms: number) =>
  t.database.db
    .update(cardTokens)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(cardTokens.id, id));
const tokenWebhook = async (event: 'payment_token.activation' | 'payment_token.failure', providerMethodId: string) => {
  await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/xendit',
    headers: { 'x-callback-token': t.app.payments.callbackToken },
    payload: paymentTokenEvent(event, providerMethodId),
  });
  await settlePayments(t);
};

describe('the payment expiry sweep', () => {
  it('expires a QR code past its time, fails a request the provider never heard of, leaves the rest, and a late payment still counts', async () => {
    const me = await createCustomer(t);
    const start = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: me.cookie }, payload });
    const qr = (await start('/api/payments/requests/otp/qr', { amountInCents: 20_000 })).json().data;
    const open = (await start('/api/payments/requests/otp/ewallet', { amountInCents: 30_000, ewallet: 'GCash' })).json().data;
    const [unstarted] = await t.database.db
      .insert(paymentRequests)
      .values({
        purpose: 'wallet_top_up',
        channel: 'ewallet',
        provider: 'sandbox',
        amountInCents: 10_000,
        userId: me.userId,
        createdAt: new Date(Date.now() - UNSTARTED_GIVE_UP_MS - 1000),
      })
      .returning();

    // An hour on: the QR code (15 minutes) is past its time; the e-wallet top-up has no end.
    const later = new Date(Date.now() + 3_600_000);
    expect(await sweepPaymentRequests(t.database.db, later)).toMatchObject({ expired: 1 });
    expect((await rowOf(qr.id)).status).toBe('EXPIRED');
    expect((await rowOf(open.id)).status).toBe('REQUIRES_ACTION');
    expect(await rowOf(unstarted!.id)).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/could not be reached/) });
    expect(await sweepPaymentRequests(t.database.db, later)).toEqual({ expired: 0, failed: 0, linksFailed: 0 });

    // The payer scanned just before the end and the provider's confirmation arrives after the sweep: credited.
    const row = await rowOf(qr.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/xendit',
      headers: { 'x-callback-token': t.app.payments.callbackToken },
      payload: paymentEvent('payment.succeeded', { providerRequestId: row.providerRequestId!, referenceId: row.id, amountInCents: 20_000 }),
    });
    await settlePayments(t);
    expect(await balanceOf(t, me)).toBe(20_000);
  });

  it('fails links the provider never answered (15 minutes) or the payer never authorised (a day), leaves the rest, and a late activation still links', async () => {
    const me = await createCustomer(t);
    const start = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: me.cookie }, payload });
    const reserve = (createdAgoMs: number) =>
      t.database.db
        .insert(cardTokens)
        .values({
          userId: me.userId,
          kind: 'E-Wallet',
          provider: 'sandbox',
          ewallet: 'Maya',
          label: 'Maya account',
          status: 'pending',
          linkDetails: { successReturnUrl: '/wallet?success-link=true', failureReturnUrl: '/wallet?failure-link=true' },
          createdAt: new Date(Date.now() - createdAgoMs),
        })
        .returning()
        .then((rows) => rows[0]!);
    // Reserved, the provider never answered: one 14 minutes ago (its retry may still come), one 16 minutes ago.
    const waiting = await reserve(UNSTARTED_GIVE_UP_MS - 60_000);
    const unreached = await reserve(UNSTARTED_GIVE_UP_MS + 60_000);
    // Answered by the provider: one just made, one made a minute short of the window, one a day and a minute ago.
    const fresh = (await start('/api/payments/requests/link/ewallet', { ewallet: 'GCash' })).json().data;
    const nearly = (await start('/api/payments/requests/link/bank', { bank: 'Unionbank' })).json().data;
    await ageToken(nearly.paymentMethodId, LINK_AUTHORISE_WINDOW_MS - 60_000);
    const forgotten = (await start('/api/payments/requests/link/bank', { bank: 'BPI' })).json().data;
    await ageToken(forgotten.paymentMethodId, LINK_AUTHORISE_WINDOW_MS + 60_000);
    // Authorised long ago: active, never touched.
    const linked = (await start('/api/payments/requests/link/ewallet', { ewallet: 'Maya' })).json().data;
    await t.app.inject({ method: 'POST', url: `${linked.checkoutUrl}/authorize` });
    await settlePayments(t);
    await ageToken(linked.paymentMethodId, 2 * LINK_AUTHORISE_WINDOW_MS);
    expect((await tokenOf(linked.paymentMethodId)).status).toBe('active');

    expect(await sweepPaymentRequests(t.database.db)).toEqual({ expired: 0, failed: 0, linksFailed: 2 });
    expect(await tokenOf(unreached.id)).toMatchObject({
      status: 'failed',
      providerMethodId: null,
      linkDetails: { successReturnUrl: '/wallet?success-link=true', failureReason: expect.stringMatching(/could not be reached/), sweptAt: expect.any(String) },
    });
    expect(await tokenOf(forgotten.paymentMethodId)).toMatchObject({
      status: 'failed',
      providerMethodId: expect.stringMatching(/^pt-sbx-/),
      linkDetails: { checkoutUrl: forgotten.checkoutUrl, failureReason: expect.stringMatching(/not authorised in time/) },
    });
    for (const id of [waiting.id, fresh.paymentMethodId, nearly.paymentMethodId]) expect((await tokenOf(id)).status).toBe('pending');
    expect(await tokenOf(linked.paymentMethodId)).toMatchObject({ status: 'active', isDefault: true });
    expect(await sweepPaymentRequests(t.database.db)).toEqual({ expired: 0, failed: 0, linksFailed: 0 });

    // Only the active method is offered for payments.
    const methods = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/wallet/methods', headers: { cookie: me.cookie } })).json().data as { id: string; isDefault: boolean }[];
    expect((await methods()).map((m) => m.id)).toEqual([linked.paymentMethodId]);

    // The provider confirms the forgotten link after the sweep: the payer did authorise, so it is linked
    // (not the default: one is already), and its reason is gone. A failure the provider reports later changes nothing.
    const forgottenToken = (await tokenOf(forgotten.paymentMethodId)).providerMethodId!;
    await tokenWebhook('payment_token.failure', forgottenToken);
    expect((await tokenOf(forgotten.paymentMethodId)).status).toBe('failed');
    await tokenWebhook('payment_token.activation', forgottenToken);
    const revived = await tokenOf(forgotten.paymentMethodId);
    expect(revived).toMatchObject({ status: 'active', isDefault: false, linkDetails: { checkoutUrl: forgotten.checkoutUrl, sweptAt: expect.any(String) } });
    expect(revived.linkDetails).not.toHaveProperty('failureReason');
    expect((await methods()).map((m) => [m.id, m.isDefault])).toEqual(
      expect.arrayContaining([
        [linked.paymentMethodId, true],
        [forgotten.paymentMethodId, false],
      ]),
    );

    // A link the provider itself failed stays failed, whatever arrives after.
    const freshToken = (await tokenOf(fresh.paymentMethodId)).providerMethodId!;
    await tokenWebhook('payment_token.failure', freshToken);
    await tokenWebhook('payment_token.activation', freshToken);
    expect((await tokenOf(fresh.paymentMethodId)).status).toBe('failed');
  });

  it('a card whose saving session was opened waits like an answered link (a day), not like an unanswered one; a late completion still saves it', async () => {
    const me = await createCustomer(t);
    const card = { cardBrand: 'Visa', last4: '1111', expiryMonth: 3, expiryYear: 2031 };
    const openSession = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/card-tokens/card/session', headers: { cookie: me.cookie }, payload: card })).json().data as {
        paymentMethodId: string;
        paymentSessionId: string;
      };
    // Session opened 16 minutes ago: the payer may still be on the bank's page.
    const opened = await openSession();
    await ageToken(opened.paymentMethodId, UNSTARTED_GIVE_UP_MS + 60_000);
    // Session opened a day and a minute ago: given up.
    const forgotten = await openSession();
    await ageToken(forgotten.paymentMethodId, LINK_AUTHORISE_WINDOW_MS + 60_000);
    // Reserved 16 minutes ago, the provider never opened its session: given up.
    const [unopened] = await t.database.db
      .insert(cardTokens)
      .values({
        userId: me.userId,
        kind: 'Card',
        provider: 'sandbox',
        cardBrand: 'Visa',
        maskedNumber: 'XXXX XXXX XXXX 4242',
        status: 'pending',
        linkDetails: { successReturnUrl: '/wallet?success-link=true&method=card', failureReturnUrl: '/wallet?failure-link=true&method=card' },
        createdAt: new Date(Date.now() - UNSTARTED_GIVE_UP_MS - 60_000),
      })
      .returning();

    await sweepPaymentRequests(t.database.db);
    expect(await tokenOf(opened.paymentMethodId)).toMatchObject({ status: 'pending', providerMethodId: null });
    expect(await tokenOf(forgotten.paymentMethodId)).toMatchObject({
      status: 'failed',
      linkDetails: { sessionId: forgotten.paymentSessionId, failureReason: expect.stringMatching(/not authorised in time/), sweptAt: expect.any(String) },
    });
    expect(await tokenOf(unopened!.id)).toMatchObject({ status: 'failed', linkDetails: { failureReason: expect.stringMatching(/could not be reached/) } });

    // The provider says the forgotten card's session did complete: the card is saved, as the payer was told.
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/xendit',
      headers: { 'x-callback-token': t.app.payments.callbackToken },
      payload: paymentSessionEvent('payment_session.completed', {
        sessionId: forgotten.paymentSessionId,
        referenceId: forgotten.paymentMethodId,
        tokenId: 'pt-late-card',
      }),
    });
    await settlePayments(t);
    const revived = await tokenOf(forgotten.paymentMethodId);
    expect(revived).toMatchObject({ status: 'active', providerMethodId: 'pt-late-card', isDefault: true });
    expect(revived.linkDetails).not.toHaveProperty('failureReason');
  });
});
