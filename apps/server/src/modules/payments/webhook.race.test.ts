import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentRequests, walletTransactions } from '../../db/schema/index.js';
import type { AppEvent } from '../../platform/events/index.js';
import { paymentEvent } from '../../platform/payments/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { balanceOf } from '../../testing/wallet.js';
import { ledgerSumInCents } from '../wallet/ledger.js';

/**
 * The webhook's once-only credit (issue 12). On real PostgreSQL (TEST_DB=pg) the deliveries run in parallel
 * transactions; on PGlite they queue and must agree.
 */
let t: TestApp;
let events: AppEvent[];
beforeAll(async () => {
  t = await buildTestApp();
  events = [];
  t.app.events.subscribe((e) => events.push(e));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** `token` null: no x-callback-token header at all. */
const deliver = (body: unknown, token: string | null = t.app.payments.callbackToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/xendit',
    headers: token === null ? {} : { 'x-callback-token': token },
    payload: body as object,
  });

async function startTopUp(me: Session, url = '/api/payments/requests/otp/ewallet', payload: object = { amountInCents: 50_000, ewallet: 'GCash' }) {
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie: me.cookie }, payload });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, res.json().data.id));
  return row!;
}

describe('the payment webhook', () => {
  it('credits one payment.succeeded delivered 10 times at once and again later exactly once', async () => {
    const me = await createCustomer(t);
    const row = await startTopUp(me);
    const body = paymentEvent('payment.succeeded', { providerRequestId: row.providerRequestId!, referenceId: row.id, amountInCents: 50_000, paymentId: 'py-once-001' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().outcome === 'credited')).toHaveLength(1);
    const later = await deliver(body);
    expect(later.json().outcome).toBe('ignored');
    expect(await balanceOf(t, me)).toBe(50_000);
    const credits = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.userId, me.userId));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ type: 'Top Up', amountInCents: 50_000, paymentRequestId: row.id });
    expect(await ledgerSumInCents(t.database.db, me.userId)).toBe(50_000);
  });

  it('ignores payment.failed after payment.succeeded', async () => {
    const me = await createCustomer(t);
    const row = await startTopUp(me);
    const input = { providerRequestId: row.providerRequestId!, amountInCents: 50_000 };
    expect((await deliver(paymentEvent('payment.succeeded', input))).json().outcome).toBe('credited');
    expect((await deliver(paymentEvent('payment.failed', input))).json().outcome).toBe('ignored');
    const [after] = await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, row.id));
    expect(after!.status).toBe('SUCCEEDED');
    expect(await balanceOf(t, me)).toBe(50_000);
  });

  it('answers 401 to a wrong or missing token and credits nothing', async () => {
    const me = await createCustomer(t);
    const row = await startTopUp(me);
    const body = paymentEvent('payment.succeeded', { providerRequestId: row.providerRequestId!, amountInCents: 50_000 });
    for (const token of ['not-the-token', null, '', `${t.app.payments.callbackToken}x`]) {
      const res = await deliver(body, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    expect(await balanceOf(t, me)).toBe(0);
  });

  it('flags an amount that differs from the request for staff and credits nothing', async () => {
    const me = await createCustomer(t);
    const row = await startTopUp(me);
    const res = await deliver(paymentEvent('payment.succeeded', { providerRequestId: row.providerRequestId!, amountInCents: 5_000 }));
    expect(res.json().outcome).toBe('flagged');
    expect(await balanceOf(t, me)).toBe(0);
    const staff = await signInAs(t, 'staff');
    const flagged = (await t.app.inject({ method: 'GET', url: '/api/payments/flagged', headers: { cookie: staff.cookie } })).json();
    const mine = flagged.data.find((f: { id: string }) => f.id === row.id);
    expect(mine).toMatchObject({ paidAmountInCents: 5_000, amountInCents: 50_000 });
    expect(mine.flagReason).toMatch(/not credited/);
    // A later delivery of the right amount does not release it: staff settle it by hand.
    expect((await deliver(paymentEvent('payment.succeeded', { providerRequestId: row.providerRequestId!, amountInCents: 50_000 }))).json().outcome).toBe('ignored');
    expect(await balanceOf(t, me)).toBe(0);
  });

  it('a QR top-up completes live: QR_PAYMENT_COMPLETED and WALLET_UPDATED reach the payer’s channel', async () => {
    const me = await createCustomer(t);
    const row = await startTopUp(me, '/api/payments/requests/otp/qr', { amountInCents: 20_000 });
    expect(row.methodDetails.qrString).toMatch(/^000201/);
    events.length = 0;
    const simulated = await t.app.inject({
      method: 'POST',
      url: '/api/payments/requests/xendit/test-qr',
      headers: { cookie: me.cookie },
      payload: { paymentRequestId: row.id },
    });
    expect(simulated.statusCode).toBe(200);
    expect(await balanceOf(t, me)).toBe(20_000);
    const mine = events.filter((e) => e.channels.includes(`user:${me.userId}`)).map((e) => e.type);
    expect(mine).toContain('QR_PAYMENT_COMPLETED');
    expect(mine).toContain('WALLET_UPDATED');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/requests/xendit/test-qr',
      headers: { cookie: me.cookie },
      payload: { paymentRequestId: row.id },
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers 400 to a body that is no payment event', async () => {
    expect((await deliver({ hello: 'world' })).statusCode).toBe(400);
  });
});
