import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, shipments, transactions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { book } from '../../testing/shipments.js';
import { balanceOf, sandboxIdOf, settlePayments } from '../../testing/wallet.js';

let t: TestApp;
let staff: Session;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signInAs(t, 'staff');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (session: Session | null, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(session ? { cookie: session.cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('top-ups through the sandbox', () => {
  it('a one-time e-wallet top-up: the hosted page pays, the payer returns with the spec’s parameters, the wallet is credited once', async () => {
    const me = await createCustomer(t);
    const started = await call(
      me,
      'POST',
      '/api/payments/requests/otp/ewallet',
      { amountInCents: 50_000, ewallet: 'GCash' },
      { 'idempotency-key': 'topup-ewallet-01' },
    );
    expect(started.statusCode).toBe(201);
    const replay = await call(
      me,
      'POST',
      '/api/payments/requests/otp/ewallet',
      { amountInCents: 50_000, ewallet: 'GCash' },
      { 'idempotency-key': 'topup-ewallet-01' },
    );
    expect(replay.json().data.id).toBe(started.json().data.id);
    const { checkoutUrl, status } = started.json().data;
    expect(status).toBe('REQUIRES_ACTION');
    const page = await call(null, 'GET', checkoutUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₱500.00');
    const paid = await call(null, 'POST', `${checkoutUrl}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/wallet?success=true&method=ewallet&amount=50000');
    await settlePayments(t);
    expect(await balanceOf(t, me)).toBe(50_000);
    // The page now says it is settled, and paying again changes nothing.
    expect((await call(null, 'GET', checkoutUrl)).body).toContain('succeeded');
    await call(null, 'POST', `${checkoutUrl}/pay`);
    await settlePayments(t);
    expect(await balanceOf(t, me)).toBe(50_000);
  });

  it('the top-up notification commits with the credit: a crash of the announcement after the commit loses it not', async () => {
    const me = await createCustomer(t);
    const started = await call(
      me,
      'POST',
      '/api/payments/requests/otp/ewallet',
      { amountInCents: 20_000, ewallet: 'GCash' },
      { 'idempotency-key': 'topup-crash-01' },
    );
    const { checkoutUrl } = started.json().data;
    expect((await call(null, 'POST', `${checkoutUrl}/pay`)).statusCode).toBe(303);
    // The real-time bus dies right after the credit commits, as a process would between commit and announcement.
    const publish = t.app.events.publish;
    t.app.events.publish = async () => {
      throw new Error('the process died here');
    };
    try {
      await settlePayments(t);
    } finally {
      t.app.events.publish = publish;
    }
    expect(await balanceOf(t, me)).toBe(20_000);
    const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, me.userId));
    expect(rows.filter((row) => row.type === 'wallet_topped_up').map((row) => row.metadata)).toEqual([{ amountInCents: 20_000 }]);
    await settlePayments(t);
    expect(
      (await t.app.db.select().from(notifications).where(eq(notifications.userId, me.userId))).filter((row) => row.type === 'wallet_topped_up'),
    ).toHaveLength(1);
  });

  it('Fail on the hosted page returns with failure and credits nothing', async () => {
    const me = await createCustomer(t);
    const started = (await call(me, 'POST', '/api/payments/requests/otp/ewallet', { amountInCents: 30_000, ewallet: 'Maya' })).json().data;
    const failed = await call(null, 'POST', `${started.checkoutUrl}/fail`);
    expect(failed.headers.location).toBe('/wallet?failure=true&method=ewallet&amount=30000');
    await settlePayments(t);
    expect((await call(me, 'GET', `/api/payments/requests/${started.id}`)).json().data.status).toBe('FAILED');
    expect(await balanceOf(t, me)).toBe(0);
  });

  it('links an e-wallet (first method becomes default), pays from it, and a bank link needs the bank’s code', async () => {
    const me = await createCustomer(t);
    const link = (await call(me, 'POST', '/api/payments/requests/link/ewallet', { ewallet: 'GCash' })).json().data;
    expect((await call(me, 'GET', '/api/wallet/methods')).json().data).toEqual([]);
    const authorized = await call(null, 'POST', `${link.checkoutUrl}/authorize`);
    expect(authorized.headers.location).toBe('/wallet?success-link=true&method=ewallet');
    await settlePayments(t);
    const methods = (await call(me, 'GET', '/api/wallet/methods')).json().data;
    expect(methods).toMatchObject([{ id: link.paymentMethodId, kind: 'E-Wallet', ewallet: 'GCash', isDefault: true }]);
    const charge = (await call(me, 'POST', '/api/payments/requests/pay/ewallet', { amountInCents: 10_000, paymentMethodId: link.paymentMethodId })).json().data;
    await call(null, 'POST', `${charge.checkoutUrl}/pay`);
    await settlePayments(t);
    expect(await balanceOf(t, me)).toBe(10_000);

    const bank = (await call(me, 'POST', '/api/payments/requests/link/bank', { bank: 'BPI' })).json().data;
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${bank.checkoutUrl}/authorize`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'otp=000000',
    });
    expect(wrong.statusCode).toBe(422);
    const right = await t.app.inject({
      method: 'POST',
      url: `${bank.checkoutUrl}/authorize`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'otp=123456',
    });
    expect(right.statusCode).toBe(303);
    await settlePayments(t);
    const both = (await call(me, 'GET', '/api/wallet/methods')).json().data;
    expect(both.map((m: { kind: string; isDefault: boolean }) => [m.kind, m.isDefault])).toEqual([
      ['E-Wallet', true],
      ['Linked Account', false],
    ]);
    // One default, moved and handed on when the default is removed.
    await call(me, 'POST', '/api/wallet/methods/default', { paymentMethodId: bank.paymentMethodId });
    const moved = (await call(me, 'GET', '/api/wallet/methods')).json().data;
    expect(moved.filter((m: { isDefault: boolean }) => m.isDefault).map((m: { id: string }) => m.id)).toEqual([bank.paymentMethodId]);
    await call(me, 'POST', '/api/wallet/methods/remove', { paymentMethodId: bank.paymentMethodId });
    expect((await call(me, 'GET', '/api/wallet/methods')).json().data).toMatchObject([{ id: link.paymentMethodId, isDefault: true }]);
    // Someone else's method is not found.
    expect((await call(await createCustomer(t), 'POST', '/api/wallet/methods/remove', { paymentMethodId: link.paymentMethodId })).statusCode).toBe(404);
  });

  it('saves tokenized cards only: a card number in the body is refused and nothing is stored', async () => {
    const me = await createCustomer(t);
    const refused = await call(me, 'POST', '/api/card-tokens/card/new', {
      token: 'tok_sandbox_1234',
      cardBrand: 'Visa',
      last4: '4242',
      expiryMonth: 12,
      expiryYear: 2030,
      cardNumber: '4242424242424242',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain('4242424242424242');
    expect((await call(me, 'GET', '/api/card-tokens')).json().data).toEqual([]);
    const saved = await call(me, 'POST', '/api/card-tokens/card/new', {
      token: 'tok_sandbox_1234',
      cardBrand: 'Visa',
      last4: '4242',
      expiryMonth: 12,
      expiryYear: 2030,
    });
    expect(saved.statusCode).toBe(201);
    const [card] = saved.json().data;
    expect(card).toMatchObject({ maskedNumber: 'XXXX XXXX XXXX 4242', isDefault: true });
    const charge = (await call(me, 'POST', '/api/payments/requests/pay/card', { amountInCents: 20_000, cardTokenId: card.id })).json().data;
    await call(null, 'POST', `${charge.checkoutUrl}/pay`);
    await settlePayments(t);
    expect(await balanceOf(t, me)).toBe(20_000);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/card-tokens/card/remove',
      headers: { cookie: me.cookie },
      payload: { cardTokenId: card.id },
    });
    expect(removed.json().data).toEqual([]);
  });

  it('a switched-off method is refused', async () => {
    const admin = await signInAs(t, 'admin');
    const me = await createCustomer(t);
    await call(admin, 'PATCH', '/api/flags/payments.qr', { testValue: false });
    try {
      const res = await call(me, 'POST', '/api/payments/requests/otp/qr', { amountInCents: 20_000 });
      expect(res.statusCode).toBe(422);
      expect(res.json().details).toEqual([{ field: 'method', message: expect.stringMatching(/QR top-ups are switched off/) }]);
    } finally {
      await call(admin, 'PATCH', '/api/flags/payments.qr', { testValue: true });
    }
  });
});

describe('payment links for shipments', () => {
  it('staff create a link for the unpaid amount; paying it records a transaction and the shipment becomes Paid', async () => {
    const customer = await createCustomer(t);
    const shipment = await book(t, customer);
    const created = await call(staff, 'POST', '/api/payments/requests/xendit/create-payment-link', { shipmentId: shipment.id });
    expect(created.statusCode).toBe(201);
    const link = created.json().data;
    expect(link).toMatchObject({ amountInCents: shipment.totalInCents, status: 'PENDING', shipmentId: shipment.id });
    expect((await call(customer, 'GET', `/api/shipments/active-payment-link/${shipment.id}`)).json().data.id).toBe(link.id);
    expect((await call(customer, 'GET', `/api/payments/requests/xendit/invoice/${sandboxIdOf(link.checkoutUrl)}`)).json().data.id).toBe(link.id);
    expect((await call(await createCustomer(t), 'GET', `/api/payments/requests/xendit/invoice/${link.id}`)).statusCode).toBe(404);

    const paid = await call(null, 'POST', `${link.checkoutUrl}/pay`);
    expect(paid.headers.location).toBe(`/packages/${shipment.trackingNumber}?success=true&method=payment_link&amount=${shipment.totalInCents}`);
    await settlePayments(t);
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row!.paymentStatus).toBe('Paid');
    const recorded = await t.database.db.select().from(transactions).where(eq(transactions.shipmentId, shipment.id));
    expect(recorded).toMatchObject([{ method: 'payment_link', amountInCents: shipment.totalInCents, paymentRequestId: link.id }]);
    expect((await call(customer, 'GET', `/api/shipments/active-payment-link/${shipment.id}`)).json().data).toBeNull();
    const again = await call(staff, 'POST', '/api/payments/requests/xendit/create-payment-link', { shipmentId: shipment.id });
    expect(again.statusCode).toBe(422);
  });

  it('a new link expires the last; staff expire a link by hand; customers may not make links', async () => {
    const customer = await createCustomer(t);
    const shipment = await book(t, customer);
    const first = (await call(staff, 'POST', '/api/payments/requests/xendit/create-payment-link', { shipmentId: shipment.id, amountInCents: 1_000 })).json()
      .data;
    const second = (await call(staff, 'POST', '/api/payments/requests/xendit/create-payment-link', { shipmentId: shipment.id })).json().data;
    const all = (await call(staff, 'GET', `/api/payments/requests/xendit/invoices/shipment/${shipment.id}`)).json().data;
    expect(all.map((l: { id: string; status: string }) => [l.id, l.status])).toEqual([
      [second.id, 'PENDING'],
      [first.id, 'EXPIRED'],
    ]);
    const expired = await call(staff, 'POST', '/api/payments/requests/xendit/expire-payment-link', { invoiceId: second.id });
    expect(expired.json().data.status).toBe('EXPIRED');
    expect((await call(staff, 'GET', `/api/payments/requests/xendit/invoice/shipment/${shipment.id}`)).json().data).toBeNull();
    expect((await call(customer, 'POST', '/api/payments/requests/xendit/create-payment-link', { shipmentId: shipment.id })).statusCode).toBe(403);
    const tooMuch = await call(staff, 'POST', '/api/payments/requests/xendit/create-payment-link', {
      shipmentId: shipment.id,
      amountInCents: shipment.totalInCents + 1,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().details[0].field).toBe('amountInCents');
  });
});
