import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XenditPaymentProvider } from '../../platform/payments/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer } from '../../testing/auth.js';
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
      // Xendit answers a retried payment token (same idempotency key) with the same token.
      if (req.url === '/v3/payment_tokens') {
        const token = `pt-fake-${String(body.reference_id)}`;
        return res.end(JSON.stringify({ payment_token_id: token, reference_id: body.reference_id, status: 'REQUIRES_ACTION', actions: [{ type: 'REDIRECT_CUSTOMER', descriptor: 'WEB_URL', value: `https://link.xendit.co/${token}` }] }));
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
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/requests/link/ewallet', headers: { cookie: me.cookie, 'idempotency-key': 'xendit-link-0001' }, payload: { ewallet: 'GCash' } })).json().data).toEqual(link);
    expect(seen.length).toBe(calls);

    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/xendit',
      headers: { 'x-callback-token': TOKEN },
      payload: { event: 'payment_token.activation', business_id: '5f27a14a9bf05c73dd040bc8', created: '2026-11-25T10:00:00Z', data: { payment_token_id: token, reference_id: link.paymentMethodId, status: 'ACTIVE' } },
    });
    expect(activated.json().outcome).toBe('queued');
    await settlePayments(t);
    const methods = (await t.app.inject({ method: 'GET', url: '/api/wallet/methods', headers: { cookie: me.cookie } })).json().data;
    expect(methods).toMatchObject([{ id: link.paymentMethodId, kind: 'E-Wallet', ewallet: 'GCash', isDefault: true }]);
  });
});
