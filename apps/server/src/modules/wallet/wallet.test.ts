import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLogs, shipments, transactions, wallets } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { bookingInput, priceOf } from '../../testing/shipments.js';
import { balanceOf, fundWallet } from '../../testing/wallet.js';
import { ledgerSumInCents } from './ledger.js';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAs(t, 'admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function bookByWallet(session: Session, headers: Record<string, string> = {}) {
  const input = bookingInput({ paidBy: 'wallet' });
  const expectedTotalInCents = await priceOf(t, input, session.cookie);
  const res = await call(session, 'POST', '/api/shipments/customer', { ...input, expectedTotalInCents }, headers);
  return { res, expectedTotalInCents };
}

describe('the wallet', () => {
  it('is activated once, answers its balance and is 404 before activation', async () => {
    const me = await createCustomer(t);
    expect((await call(me, 'POST', '/api/wallet/me')).statusCode).toBe(404);
    expect((await call(me, 'GET', '/api/wallet/balance')).json().data).toEqual({ balanceInCents: 0, activated: false });
    const first = await call(me, 'POST', '/api/wallet/activate');
    expect(first.statusCode).toBe(201);
    const again = await call(me, 'POST', '/api/wallet/activate');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.userId).toBe(me.userId);
    expect((await call(me, 'POST', '/api/wallet/me')).json().data.balanceInCents).toBe(0);
  });

  it('staff adjust with a reason (activity-logged, once per Idempotency-Key); a debit past the balance is refused', async () => {
    const me = await createCustomer(t);
    const staff = await signInAs(t, 'staff');
    const url = `/api/wallet/users/${me.userId}/adjustments`;
    const headers = { 'idempotency-key': 'adjust-once-001' };
    const first = await call(staff, 'POST', url, { amountInCents: 25_000, reason: 'Goodwill for a late delivery' }, headers);
    const replay = await call(staff, 'POST', url, { amountInCents: 25_000, reason: 'Goodwill for a late delivery' }, headers);
    expect(first.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await balanceOf(t, me)).toBe(25_000);
    const tooMuch = await call(staff, 'POST', url, { amountInCents: -25_001, reason: 'Reverse the goodwill' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().details[0].field).toBe('amountInCents');
    const logged = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Wallet'), eq(activityLogs.entityId, me.userId)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.summary).toContain('Goodwill for a late delivery');
    const customer = await createCustomer(t);
    expect((await call(customer, 'POST', url, { amountInCents: 100, reason: 'Self-service money' })).statusCode).toBe(403);
  });

  it('refuses bad amounts with the field and the reason, never a 500', async () => {
    const staff = await signInAs(t, 'staff');
    const me = await createCustomer(t);
    const url = `/api/wallet/users/${me.userId}/adjustments`;
    for (const amountInCents of [0, 1.5, '1e5', 10_000_000_000, 'ten']) {
      const res = await call(staff, 'POST', url, { amountInCents, reason: 'Checking the amount rules' });
      expect(res.statusCode, String(amountInCents)).toBe(400);
      expect(res.json().details[0].field).toBe('amountInCents');
    }
    for (const amountInCents of [-500, 99_99, 50_000_01, 500.5, '5e4', 1e21]) {
      const res = await call(me, 'POST', '/api/payments/requests/otp/ewallet', { amountInCents, ewallet: 'GCash' });
      expect(res.statusCode, String(amountInCents)).toBe(400);
      expect(res.json().details[0].field).toBe('amountInCents');
    }
    const unknown = await call(me, 'POST', '/api/payments/requests/otp/ewallet', { amountInCents: 50_000, ewallet: 'PayPal' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('ewallet');
  });

  it('lists the history newest first, by type, and shows one movement only to its owner', async () => {
    const me = await createCustomer(t);
    await fundWallet(t, me, 100_000);
    const { res } = await bookByWallet(me);
    expect(res.statusCode).toBe(201);
    const all = (await call(me, 'GET', '/api/wallet/transactions?limit=1')).json();
    expect(all.total).toBe(2);
    expect(all.hasNextPage).toBe(true);
    expect(all.data[0].type).toBe('Purchase');
    expect(all.data[0].trackingNumber).toBe(res.json().data.trackingNumber);
    const adjustments = (await call(me, 'GET', '/api/wallet/transactions?type=Manual%20Adjustment')).json();
    expect(adjustments.data.map((d: { type: string }) => d.type)).toEqual(['Manual Adjustment']);
    expect((await call(me, 'GET', '/api/wallet/transactions?type=Gift')).statusCode).toBe(400);
    const id = all.data[0].id;
    expect((await call(me, 'GET', `/api/wallet/transactions/${id}`)).json().data.amountInCents).toBe(-res.json().data.totalInCents);
    expect((await call(await createCustomer(t), 'GET', `/api/wallet/transactions/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/wallet/transactions/${id}`)).statusCode).toBe(200);
  });
});

describe('paying a booking by wallet', () => {
  it('debits in the booking, records the payment (Paid), and a cancellation refunds it as a Refund', async () => {
    const me = await createCustomer(t);
    await fundWallet(t, me, 100_000);
    const { res, expectedTotalInCents } = await bookByWallet(me);
    expect(res.statusCode).toBe(201);
    const booked = res.json().data;
    expect(booked.paymentStatus).toBe('Paid');
    expect(await balanceOf(t, me)).toBe(100_000 - expectedTotalInCents);
    const [payment] = await t.database.db.select().from(transactions).where(eq(transactions.shipmentId, booked.id));
    expect(payment).toMatchObject({ method: 'wallet', amountInCents: expectedTotalInCents });

    const cancelled = await call(me, 'PUT', `/api/shipments/${booked.id}/cancel`, { reasonForCancellation: 'Changed my mind' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.paymentStatus).toBe('Pending');
    expect(await balanceOf(t, me)).toBe(100_000);
    const history = (await call(me, 'GET', '/api/wallet/transactions')).json().data;
    expect(history[0]).toMatchObject({ type: 'Refund', amountInCents: expectedTotalInCents, shipmentId: booked.id });
    const [voided] = await t.database.db.select().from(transactions).where(eq(transactions.shipmentId, booked.id));
    expect(voided!.voidedAt).not.toBeNull();
    // The stored balance is the ledger's sum.
    const [wallet] = await t.database.db.select().from(wallets).where(eq(wallets.userId, me.userId));
    expect(wallet!.balanceInCents).toBe(await ledgerSumInCents(t.database.db, me.userId));
  });

  it('refuses a booking the balance does not cover, and books nothing', async () => {
    const me = await createCustomer(t);
    await fundWallet(t, me, 100);
    const { res } = await bookByWallet(me);
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0].field).toBe('paidBy');
    expect(res.json().message).toMatch(/Not enough balance/);
    expect(await t.database.db.select().from(shipments).where(eq(shipments.ownerId, me.userId))).toHaveLength(0);
    expect(await balanceOf(t, me)).toBe(100);
  });

  it('refuses the wallet while its flag is off, and the admin switch is activity-logged', async () => {
    const me = await createCustomer(t);
    await fundWallet(t, me, 100_000);
    const off = await call(admin, 'PATCH', '/api/flags/payments.wallet', { testValue: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ key: 'payments.wallet', testValue: false, productionValue: true, enabled: false });
    try {
      const { res } = await bookByWallet(me);
      expect(res.statusCode).toBe(422);
      expect(res.json().details[0].field).toBe('paidBy');
      const flags = (await t.app.inject({ method: 'GET', url: '/api/flags' })).json().data;
      expect(flags.find((f: { key: string }) => f.key === 'payments.wallet').enabled).toBe(false);
    } finally {
      await call(admin, 'PATCH', '/api/flags/payments.wallet', { testValue: true });
    }
    const logged = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entity, 'Flag'));
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect((await call(await signInAs(t, 'staff'), 'PATCH', '/api/flags/payments.wallet', { testValue: false })).statusCode).toBe(403);
  });
});
