import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cardTokens } from '../../db/schema/index.js';
import { paymentSessionEvent, XenditPaymentProvider } from '../../platform/payments/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, type Session } from '../../testing/auth.js';
import { balanceOf, settlePayments } from '../../testing/wallet.js';

/**
 * A top-up end to end with PAYMENT_PROVIDER=xendit, against a local fake Xendit: the request reaches Xendit
 * with our id as reference and idempotency key, the payer is sent to Xendit's page, and Xendit's
 * payment.succeeded webhook (with the configured callback token) credits the wallet.
 */
let fake: http.Server;
let t: TestApp;
const seen: { url: string; body: Record<string, unknown>; key: string | undefined }[] = [];
const TOKEN = 'xendit-dashboard-callback-token';

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({ url: req.url!, body, key: req.headers['idempotency-key'] as string | undefined });
      res.writeHead(201, { 'content-type': 'application/json' });
      // Xendit answers a retried session (same idempotency key) with the same session.
      if (req.url === '/sessions') {
        return res.end(
          JSON.stringify({
            payment_session_id: `ps-fake-${String(body.reference_id)}`,
            status: 'ACTIVE',
            reference_id: body.reference_id,
            customer_id: 'cust-d7b12124-3dd1-471a-bf37-c956f44c2a2c',
            expires_at: '2026-11-26T00:30:00.000Z',
            session_type: 'SAVE',
            mode: 'CARDS_SESSION_JS',
            cards_session_js: body.cards_session_js,
          }),
        );
      }
      // Xendit answers a retried payment token (same idempotency key) with the same token.
      if (req.url === '/v3/payment_tokens') {
        const token = `pt-fake-${String(body.reference_id)}`;
        return res.end(
          JSON.stringify({
            payment_token_id: token,
            reference_id: body.reference_id,
            status: 'REQUIRES_ACTION',
            actions: [{ type: 'REDIRECT_CUSTOMER', descriptor: 'WEB_URL', value: `https://link.xendit.co/${token}` }],
          }),
        );
      }
      res.end(
        JSON.stringify({
          payment_request_id: `pr-fake-${seen.length}`,
          reference_id: body.reference_id,
          status: 'REQUIRES_ACTION',
          actions: [{ type: 'REDIRECT_CUSTOMER', descriptor: 'WEB_URL', value: `https://checkout.xendit.co/web/pr-fake-${seen.length}` }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await buildTestApp({ paymentProvider: new XenditPaymentProvider('xnd_development_secret', url), config: { XENDIT_CALLBACK_TOKEN: TOKEN } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe('top-ups through Xendit', () => {
  it('starts the payment at Xendit and credits it on Xendit’s webhook', async () => {
    const me = await createCustomer(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payments/requests/otp/ewallet',
      headers: { cookie: me.cookie },
      payload: { amountInCents: 75_000, ewallet: 'Maya' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const request = started.json().data;
    expect(request.checkoutUrl).toMatch(/^https:\/\/checkout\.xendit\.co\/web\/pr-fake-/);
    const sent = seen.at(-1)!;
    expect(sent.url).toBe('/v3/payment_requests');
    expect(sent.key).toBe(request.id);
    expect(sent.body).toMatchObject({ reference_id: request.id, channel_code: 'PAYMAYA', request_amount: 750, currency: 'PHP' });
    expect((sent.body.channel_properties as Record<string, string>).success_return_url).toMatch(/\/wallet\?success=true&method=ewallet&amount=75000$/);
    // The sandbox's pages do not exist with Xendit.
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout/x' })).statusCode).toBe(404);

    const webhook = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/xendit',
        headers: { 'x-callback-token': token },
        payload: {
          event: 'payment.succeeded',
          business_id: '5f27a14a9bf05c73dd040bc8',
          created: '2026-11-25T10:00:00Z',
          data: { payment_id: 'py-real-1', payment_request_id: `pr-fake-${seen.length}`, reference_id: request.id, request_amount: 750, status: 'SUCCEEDED' },
        },
      });
    expect((await webhook('wrong')).statusCode).toBe(401);
    expect((await webhook(TOKEN)).json().outcome).toBe('queued');
    await settlePayments(t);
    expect(await balanceOf(t, me)).toBe(75_000);
  });
});

describe('linking an e-wallet through Xendit', () => {
  it('creates the payment token at Xendit after the reservation, and Xendit’s activation event makes the method active', async () => {
    const me = await createCustomer(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payments/requests/link/ewallet',
      headers: { cookie: me.cookie, 'idempotency-key': 'xendit-link-0001' },
      payload: { ewallet: 'GCash' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const link = started.json().data;
    const token = `pt-fake-${link.paymentMethodId}`;
    expect(link).toEqual({ paymentMethodId: link.paymentMethodId, checkoutUrl: `https://link.xendit.co/${token}`, status: 'REQUIRES_ACTION' });
    const sent = seen.at(-1)!;
    expect(sent.url).toBe('/v3/payment_tokens');
    expect(sent.key).toBe(link.paymentMethodId);
    expect(sent.body).toMatchObject({ reference_id: link.paymentMethodId, channel_code: 'GCASH' });
    expect((sent.body.channel_properties as Record<string, string>).success_return_url).toMatch(/\/wallet\?success-link=true&method=ewallet$/);
    const calls = seen.length;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/requests/link/ewallet',
          headers: { cookie: me.cookie, 'idempotency-key': 'xendit-link-0001' },
          payload: { ewallet: 'GCash' },
        })
      ).json().data,
    ).toEqual(link);
    expect(seen.length).toBe(calls);

    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/xendit',
      headers: { 'x-callback-token': TOKEN },
      payload: {
        event: 'payment_token.activation',
        business_id: '5f27a14a9bf05c73dd040bc8',
        created: '2026-11-25T10:00:00Z',
        data: { payment_token_id: token, reference_id: link.paymentMethodId, status: 'ACTIVE' },
      },
    });
    expect(activated.json().outcome).toBe('queued');
    await settlePayments(t);
    const methods = (await t.app.inject({ method: 'GET', url: '/api/wallet/methods', headers: { cookie: me.cookie } })).json().data;
    expect(methods).toMatchObject([{ id: link.paymentMethodId, kind: 'E-Wallet', ewallet: 'GCash', isDefault: true }]);
  });
});

describe('saving a card through a Xendit payment session', () => {
  const CARD = { cardBrand: 'Visa', last4: '1111', expiryMonth: 3, expiryYear: 2031 };
  const startSession = (me: Session, key: string, payload: object = CARD) =>
    t.app.inject({ method: 'POST', url: '/api/card-tokens/card/session', headers: { cookie: me.cookie, 'idempotency-key': key }, payload });
  const deliver = (body: unknown, token = TOKEN) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhooks/xendit', headers: { 'x-callback-token': token }, payload: body as object });
  const cardRow = async (id: string) => (await t.database.db.select().from(cardTokens).where(eq(cardTokens.id, id)))[0]!;
  const myCards = async (me: Session) => (await t.app.inject({ method: 'GET', url: '/api/card-tokens', headers: { cookie: me.cookie } })).json().data;
  const myMethods = async (me: Session) => (await t.app.inject({ method: 'GET', url: '/api/wallet/methods', headers: { cookie: me.cookie } })).json().data;
  const payCard = (me: Session, cardTokenId: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/requests/pay/card',
      headers: { cookie: me.cookie, 'idempotency-key': key },
      payload: { amountInCents: 20_000, cardTokenId },
    });

  it('opens the session after reserving a pending card; Xendit’s completion makes it the active default card that top-ups charge', async () => {
    const me = await createCustomer(t, 'Ana');
    const started = await startSession(me, 'card-session-0001');
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json().data;
    const id = session.paymentMethodId as string;
    expect(session).toEqual({ paymentMethodId: id, paymentSessionId: `ps-fake-${id}`, expiresAt: '2026-11-26T00:30:00.000Z', status: 'REQUIRES_ACTION' });
    const sent = seen.at(-1)!;
    expect(sent.url).toBe('/sessions');
    expect(sent.key).toBe(id);
    expect(sent.body).toMatchObject({
      reference_id: id,
      session_type: 'SAVE',
      mode: 'CARDS_SESSION_JS',
      amount: 0,
      currency: 'PHP',
      country: 'PH',
      customer: {
        reference_id: me.userId,
        type: 'INDIVIDUAL',
        mobile_number: expect.stringMatching(/^\+63/),
        individual_detail: { given_names: 'Ana', surname: 'Customer' },
      },
    });
    const returns = sent.body.cards_session_js as Record<string, string>;
    expect(returns.success_return_url).toMatch(/^http.*\/wallet\?success-link=true&method=card$/);
    expect(returns.failure_return_url).toMatch(/^http.*\/wallet\?failure-link=true&method=card$/);
    // A retry with the same key answers the same session without calling Xendit again.
    const calls = seen.length;
    expect((await startSession(me, 'card-session-0001')).json().data).toEqual(session);
    expect(seen.length).toBe(calls);
    // Only what the screen shows is kept; the row waits for Xendit's token.
    expect(await cardRow(id)).toMatchObject({
      kind: 'Card',
      provider: 'xendit',
      status: 'pending',
      providerMethodId: null,
      cardBrand: 'Visa',
      maskedNumber: 'XXXX XXXX XXXX 1111',
      expiryMonth: 3,
      expiryYear: 2031,
      isDefault: false,
      linkDetails: expect.objectContaining({ sessionId: `ps-fake-${id}` }),
    });

    // Pending: not listed as usable, and cannot be charged.
    expect(await myCards(me)).toEqual([]);
    expect(await myMethods(me)).toEqual([]);
    const refused = await payCard(me, id, 'card-pending-topup-1');
    expect(refused.statusCode).toBe(404);
    expect(seen.length).toBe(calls);

    const completed = paymentSessionEvent('payment_session.completed', { sessionId: `ps-fake-${id}`, referenceId: id, tokenId: 'pt-5f0410898bcf7a001a00879d' });
    // A wrong token is refused and stores nothing.
    expect((await deliver(completed, 'wrong')).statusCode).toBe(401);
    expect(await t.app.outbox.runOnce()).toBe(0);
    expect((await cardRow(id)).status).toBe('pending');
    // Delivered twice (Xendit's retry, stamped again) and once more identically: one activation.
    expect((await deliver(completed)).json().outcome).toBe('queued');
    expect((await deliver({ ...completed, created: '2026-11-26T00:05:00Z' })).json().outcome).toBe('queued');
    expect((await deliver(completed)).json().outcome).toBe('duplicate');
    await settlePayments(t);
    const cards = await myCards(me);
    expect(cards).toMatchObject([{ id, kind: 'Card', cardBrand: 'Visa', maskedNumber: 'XXXX XXXX XXXX 1111', label: 'Visa •••• 1111', isDefault: true }]);
    expect(cards).toHaveLength(1);
    expect(await cardRow(id)).toMatchObject({ status: 'active', providerMethodId: 'pt-5f0410898bcf7a001a00879d', isDefault: true });
    expect((await startSession(me, 'card-session-0001')).json().data.status).toBe('ACTIVE');

    // A top-up with the card sends Xendit its payment token.
    const topUp = await payCard(me, id, 'card-topup-0001');
    expect(topUp.statusCode, topUp.body).toBe(201);
    const charge = seen.at(-1)!;
    expect(charge.url).toBe('/v3/payment_requests');
    expect(charge.body).toMatchObject({ reference_id: topUp.json().data.id, payment_token_id: 'pt-5f0410898bcf7a001a00879d', request_amount: 200 });
    expect(charge.body.channel_code).toBeUndefined();
  });

  it('an expired session fails the card, for good', async () => {
    const me = await createCustomer(t);
    const session = (await startSession(me, 'card-session-0002')).json().data;
    const id = session.paymentMethodId as string;
    expect((await deliver(paymentSessionEvent('payment_session.expired', { sessionId: session.paymentSessionId, referenceId: id }))).statusCode).toBe(200);
    await settlePayments(t);
    expect(await cardRow(id)).toMatchObject({
      status: 'failed',
      providerMethodId: null,
      linkDetails: expect.objectContaining({ failureReason: expect.stringMatching(/not confirmed in time/) }),
    });
    expect((await startSession(me, 'card-session-0002')).json().data.status).toBe('FAILED');
    // A completion after that changes nothing.
    await deliver(paymentSessionEvent('payment_session.completed', { sessionId: session.paymentSessionId, referenceId: id, tokenId: 'pt-late' }));
    await settlePayments(t);
    expect((await cardRow(id)).status).toBe('failed');
    expect(await myCards(me)).toEqual([]);
  });

  it('a completed session without a token fails the card; unknown references and other sessions are ignored', async () => {
    const me = await createCustomer(t);
    const session = (await startSession(me, 'card-session-0003')).json().data;
    const id = session.paymentMethodId as string;
    // Another session's event with our reference, an unknown reference, a reference that is no id of ours.
    await deliver(paymentSessionEvent('payment_session.completed', { sessionId: 'ps-someone-else', referenceId: id, tokenId: 'pt-other' }));
    await deliver(
      paymentSessionEvent('payment_session.completed', { sessionId: 'ps-x', referenceId: '00000000-0000-4000-8000-000000000000', tokenId: 'pt-x' }),
    );
    await deliver(paymentSessionEvent('payment_session.completed', { sessionId: 'ps-y', referenceId: 'order_12345', tokenId: 'pt-y' }));
    await settlePayments(t);
    expect(await cardRow(id)).toMatchObject({ status: 'pending', providerMethodId: null });
    await deliver(paymentSessionEvent('payment_session.completed', { sessionId: session.paymentSessionId, referenceId: id, tokenId: null }));
    await settlePayments(t);
    expect((await cardRow(id)).status).toBe('failed');
  });

  it('refuses a body with the card number, and card/new (a browser-made token Xendit’s Payments API cannot charge)', async () => {
    const me = await createCustomer(t);
    const leaked = await startSession(me, 'card-session-0004', { ...CARD, cardNumber: '4111111111111111', cvv: '123' });
    expect(leaked.statusCode).toBe(400);
    expect(leaked.body).not.toContain('4111111111111111');
    const v1 = await t.app.inject({
      method: 'POST',
      url: '/api/card-tokens/card/new',
      headers: { cookie: me.cookie },
      payload: { token: '5f0410898bcf7a001a00879d', cardBrand: 'Visa', last4: '1111', expiryMonth: 3, expiryYear: 2031 },
    });
    expect(v1.statusCode).toBe(422);
    expect(v1.json().details).toEqual([{ field: 'token', message: expect.stringMatching(/payment session/) }]);
    expect(await t.database.db.select().from(cardTokens).where(eq(cardTokens.userId, me.userId))).toEqual([]);
  });
});
