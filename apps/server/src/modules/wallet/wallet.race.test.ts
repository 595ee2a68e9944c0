import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { shipments, transactions, wallets, walletTransactions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, type Session } from '../../testing/auth.js';
import { bookingInput, priceOf } from '../../testing/shipments.js';
import { fundWallet } from '../../testing/wallet.js';
import { ledgerSumInCents } from './ledger.js';

/**
 * The wallet's race (issue 12): on real PostgreSQL (TEST_DB=pg) the 50 bookings run in parallel
 * transactions; on PGlite they queue and must agree.
 */
let t: TestApp;
let me: Session;
beforeAll(async () => {
  t = await buildTestApp();
  me = await createCustomer(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('wallet payments racing', () => {
  it('50 wallet-paid bookings against a balance covering exactly 20: 20 booked, 30 told the balance is short', async () => {
    const input = bookingInput({ paidBy: 'wallet' });
    const expectedTotalInCents = await priceOf(t, input, me.cookie);
    await fundWallet(t, me, expectedTotalInCents * 20);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({ method: 'POST', url: '/api/shipments/customer', headers: { cookie: me.cookie }, payload: { ...input, expectedTotalInCents } }),
      ),
    );
    const booked = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(booked).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().details[0].field).toBe('paidBy');
      expect(answer.json().message).toMatch(/Not enough balance in the wallet/);
    }
    const db = t.database.db;
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, me.userId));
    expect(wallet!.balanceInCents).toBe(0);
    expect(await ledgerSumInCents(db, me.userId)).toBe(0);
    // Every booking has its debit and its payment; no debit without a booking.
    const [bookings] = await db.select({ n: count() }).from(shipments).where(eq(shipments.ownerId, me.userId));
    const [debits] = await db
      .select({ n: count() })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, me.userId), eq(walletTransactions.type, 'Purchase')));
    const [payments] = await db
      .select({ n: count() })
      .from(transactions)
      .innerJoin(shipments, eq(shipments.id, transactions.shipmentId))
      .where(and(eq(shipments.ownerId, me.userId), eq(transactions.method, 'wallet'), isNull(transactions.voidedAt)));
    expect([bookings!.n, debits!.n, payments!.n]).toEqual([20, 20, 20]);
    const paid = await db.select({ s: shipments.paymentStatus }).from(shipments).where(eq(shipments.ownerId, me.userId));
    expect(new Set(paid.map((p) => p.s))).toEqual(new Set(['Paid']));
    // Each ledger row's running balance matches the ledger up to it.
    const rows = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, me.userId));
    const afters = rows.map((r) => r.balanceAfterInCents).sort((a, b) => b - a);
    expect(afters.at(-1)).toBe(0);
    expect(new Set(afters).size).toBe(afters.length);
  }, 120_000);
});
