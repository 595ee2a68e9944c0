import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cardTokens, outboxEvents, paymentRequests, walletTransactions } from '../../db/schema/index.js';
import type { AppEvent } from '../../platform/events/index.js';
import { paymentEvent, paymentSessionEvent, paymentTokenEvent } from '../../platform/payments/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { balanceOf, settlePayments } from '../../testing/wallet.js';
import { createOutboxWorker } from '../../platform/outbox/index.js';
import { createWebhookHandler, PAYMENT_WEBHOOK_TOPIC } from './webhook-inbox.js';
import { ledgerSumInCents } from '../wallet/index.js';

/**
 * The webhook's once-only credit (issue 12). A delivery is stored and answered at once; the outbox worker
 * credits it. The first test runs the stored deliveries on three workers at once (three instances), two rows a
 * transaction, so on real PostgreSQL (TEST_DB=pg) deliveries of one payment are credited in parallel
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

/** How many stored deliveries a settle run finds (0 when the bad bodies above stored nothing). */
const settlePaymentsCount = () => t.app.outbox.runOnce();

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
    const input = { providerRequestId: row.providerRequestId!, referenceId: row.id, amountInCents: 50_000, paymentId: 'py-once-001' };
    const body = paymentEvent('payment.succeeded', input);
    // Ten identical deliveries and five retries stamped differently, all at once.
    const restamped = Array.from({ length: 5 }, (_, i) => ({ ...body, created: `2026-11-26T08:00:0${i}Z` }));
    const answers = await Promise.all([...Array.from({ length: 10 }, () => deliver(body)), ...restamped.map((b) => deliver(b))]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(15).fill(200));
    const outcomes = answers.map((a) => a.json().outcome);
    expect(outcomes.slice(0, 10).sort()).toEqual([...Array(9).fill('duplicate'), 'queued']);
    expect(outcomes.slice(10)).toEqual(Array(5).fill('queued'));
    // Answered before crediting: nothing has moved yet.
    expect(await balanceOf(t, me)).toBe(0);
    const instances = [1, 2, 3].map(() => {
      const worker = createOutboxWorker({ db: t.app.db, logger: t.app.log, transactionalBatchSize: 2 });
      worker.handleInTransaction(PAYMENT_WEBHOOK_TOPIC, createWebhookHandler(t.app));
      return worker;
    });
    while ((await Promise.all(instances.map((w) => w.runOnce()))).some((n) => n > 0));
    expect(await balanceOf(t, me)).toBe(50_000);
    expect((await deliver(body)).json().outcome).toBe('duplicate');
    expect((await deliver({ ...body, created: '2026-11-27T00:00:00Z' })).json().outcome).toBe('queued');
    await settlePayments(t);
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
    expect((await deliver(paymentEvent('payment.succeeded', input))).json().outcome).toBe('queued');
    await settlePayments(t);
    expect((await deliver(paymentEvent('payment.failed', input))).json().outcome).toBe('queued');
    await settlePayments(t);
    const [after] = await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, row.id));
    expect(after!.status).toBe('SUCCEEDED');
    expect(await balanceOf(t, me)).toBe(50_000);
  });

  it('counts a success that arrives after a failure (the payer retried), in whichever order the worker runs them', async () => {
    const me = await createCustomer(t);
    const row = await startTopUp(me);
    const input = { providerRequestId: row.providerRequestId!, amountInCents: 50_000 };
    await Promise.all([deliver(paymentEvent('payment.failed', input)), deliver(paymentEvent('payment.succeeded', input))]);
    await settlePayments(t);
    const [after] = await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, row.id));
    expect(after!.status).toBe('SUCCEEDED');
    expect(await balanceOf(t, me)).toBe(50_000);
  });

  it('answers 401 to a wrong or missing token and stores and credits nothing', async () => {
    const me = await createCustomer(t);
    const row = await startTopUp(me);
    const body = paymentEvent('payment.succeeded', { providerRequestId: row.providerRequestId!, amountInCents: 50_000 });
    const stored = async () =>
      (await t.database.db.select({ id: outboxEvents.id }).from(outboxEvents).where(eq(outboxEvents.topic, 'payments.webhook'))).length;
    const before = await stored();
    for (const token of ['not-the-token', null, '', `${t.app.payments.callbackToken}x`]) {
      const res = await deliver(body, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    expect(await stored()).toBe(before);
    await settlePayments(t);
    expect(await balanceOf(t, me)).toBe(0);
  });

  it('flags an amount that differs from the request for staff and credits nothing', async () => {
    const me = await createCustomer(t);
    const row = await startTopUp(me);
    const res = await deliver(paymentEvent('payment.succeeded', { providerRequestId: row.providerRequestId!, amountInCents: 5_000 }));
    expect(res.json().outcome).toBe('queued');
    await settlePayments(t);
    expect(await balanceOf(t, me)).toBe(0);
    const staff = await signInAs(t, 'staff');
    const flagged = (await t.app.inject({ method: 'GET', url: '/api/payments/flagged', headers: { cookie: staff.cookie } })).json();
    const mine = flagged.data.find((f: { id: string }) => f.id === row.id);
    expect(mine).toMatchObject({ paidAmountInCents: 5_000, amountInCents: 50_000 });
    expect(mine.flagReason).toMatch(/not credited/);
    // A later delivery of the right amount does not release it: staff settle it by hand.
    expect((await deliver(paymentEvent('payment.succeeded', { providerRequestId: row.providerRequestId!, amountInCents: 50_000 }))).json().outcome).toBe(
      'queued',
    );
    await settlePayments(t);
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
    await settlePayments(t);
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

  it('saves two cards whose sessions complete at once, each delivered many times, on three workers: both active, one default', async () => {
    const me = await createCustomer(t);
    const open = async (last4: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/card-tokens/card/session',
        headers: { cookie: me.cookie },
        payload: { cardBrand: 'Visa', last4, expiryMonth: 3, expiryYear: 2031 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { paymentMethodId: string; paymentSessionId: string };
    };
    const cards = [await open('1111'), await open('4242')];
    events.length = 0;
    const bodies = cards.flatMap((c, n) => {
      const completed = paymentSessionEvent('payment_session.completed', {
        sessionId: c.paymentSessionId,
        referenceId: c.paymentMethodId,
        tokenId: `pt-race-${n}`,
      });
      // Xendit's retries, stamped again, and the token's own activation with the card as its reference.
      return [
        completed,
        ...Array.from({ length: 4 }, (_, i) => ({ ...completed, created: `2026-11-26T08:00:0${i}Z` })),
        paymentTokenEvent('payment_token.activation', `pt-race-${n}`, c.paymentMethodId),
      ];
    });
    const answers = await Promise.all(bodies.map((b) => deliver(b)));
    expect(answers.map((a) => a.json().outcome)).toEqual(Array(12).fill('queued'));
    const instances = [1, 2, 3].map(() => {
      const worker = createOutboxWorker({ db: t.app.db, logger: t.app.log, transactionalBatchSize: 2 });
      worker.handleInTransaction(PAYMENT_WEBHOOK_TOPIC, createWebhookHandler(t.app));
      return worker;
    });
    while ((await Promise.all(instances.map((w) => w.runOnce()))).some((n) => n > 0));
    const rows = await t.database.db.select().from(cardTokens).where(eq(cardTokens.userId, me.userId));
    expect(rows.map((r) => [r.id, r.status, r.providerMethodId]).sort()).toEqual(cards.map((c, n) => [c.paymentMethodId, 'active', `pt-race-${n}`]).sort());
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
    // Each card announced once to its owner's pages.
    const linked = events.filter((e) => e.type === 'WALLET_UPDATED' && e.channels.includes(`user:${me.userId}`));
    expect(linked.map((e) => (e.payload as { paymentMethodId: string }).paymentMethodId).sort()).toEqual(cards.map((c) => c.paymentMethodId).sort());
  });

  it('answers 400 to a body that is no payment event, naming the field, and stores nothing', async () => {
    const res = await deliver({ hello: 'world' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('event');
    const missing = await deliver({ event: 'payment.succeeded', data: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('data.payment_request_id');
    const session = await deliver({ event: 'payment_session.completed', data: { payment_session_id: 'ps-1', payment_token_id: 'pt-1' } });
    expect(session.statusCode).toBe(400);
    expect(session.json().details[0].field).toBe('data.reference_id');
    expect(await settlePaymentsCount()).toBe(0);
  });
});
