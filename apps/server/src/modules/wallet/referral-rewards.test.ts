import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { shipments, users, walletTransactions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, freshMobile, signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { book } from '../../testing/shipments.js';
import { balanceOf } from '../../testing/wallet.js';
import { ledgerSumInCents } from './ledger.js';

let t: TestApp;
let staff: Session;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signInAs(t, 'staff');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const codeOf = async (session: Session) => (await t.database.db.select({ code: users.agentCode }).from(users).where(eq(users.id, session.userId)))[0]!.code!;

/** Staff deliver a booked shipment (the earlier legs set directly: they are not what is tested here). */
async function deliver(shipment: { id: string; trackingNumber: string }) {
  await t.database.db.update(shipments).set({ deliveryStatus: 'Out for delivery', status: 'OnGoing' }).where(eq(shipments.id, shipment.id));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shipments/${shipment.trackingNumber}/deliveryStatus`,
    headers: { cookie: staff.cookie },
    payload: { activity: 'Delivered' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const rewardsOf = (userId: string) =>
  t.database.db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.type, 'Referral')));

describe('referral rewards', () => {
  it('credit ₱50 to the referrer’s wallet when the referred customer’s first shipment is delivered, once', async () => {
    const referrer = await createCustomer(t, 'Rita');
    const referred = await signUpCustomer(t, freshMobile(), { agentCode: (await codeOf(referrer)).toLowerCase() });
    const first = await book(t, referred);
    const second = await book(t, referred);

    // Booked is not enough.
    await t.app.outbox.runOnce();
    expect(await rewardsOf(referrer.userId)).toHaveLength(0);

    await deliver(first);
    await t.app.outbox.runOnce();
    const [reward, ...more] = await rewardsOf(referrer.userId);
    expect(more).toHaveLength(0);
    expect(reward).toMatchObject({ amountInCents: 5000, balanceAfterInCents: 5000 });
    expect(reward!.description).not.toContain('Ana'); // no name of the person referred
    expect(await balanceOf(t, referrer)).toBe(5000);

    // A second delivery, and the job run again (a retry, another instance): still one reward.
    await deliver(second);
    await t.app.outbox.runOnce();
    const { creditReferralReward } = await import('./referral-rewards.js');
    expect(await t.database.db.transaction((tx) => creditReferralReward(tx, referred.userId, first.id, 5000))).toBeNull();
    expect(await rewardsOf(referrer.userId)).toHaveLength(1);
    expect(await ledgerSumInCents(t.database.db, referrer.userId)).toBe(await balanceOf(t, referrer));
    // The referrer sees it in their history as a Referral.
    const history = await t.app.inject({ method: 'GET', url: '/api/wallet/transactions?type=Referral', headers: { cookie: referrer.cookie } });
    expect(history.json().data).toHaveLength(1);
  });

  it('pays nothing for a customer who signed up without a code', async () => {
    const plain = await signUpCustomer(t);
    const shipment = await book(t, plain);
    await deliver(shipment);
    await t.app.outbox.runOnce();
    const credited = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.type, 'Referral'));
    expect(credited.filter((row) => (row.meta as { referredUserId?: string }).referredUserId === plain.userId)).toHaveLength(0);
  });
});
