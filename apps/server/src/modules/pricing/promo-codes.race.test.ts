import { eq } from 'drizzle-orm';
import { PROMO_MESSAGES } from '@hatid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodeUses, promoCodes } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { insertTestShipment, insertTestUser } from './promo-codes.fixtures.js';
import { insertPromo } from './promo-codes.repository.js';
import { reservePromoUse } from './promo-codes.service.js';

/**
 * Concurrent bookings of one code. On PGlite (one connection) the transactions queue, so this shows the
 * counting; with TEST_DB=pg they truly overlap on separate connections and this shows the locking.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

async function promo(code: string, limits: { maxUsage?: number; maxUsagePerUser?: number }) {
  return insertPromo(t.app.db, {
    code,
    type: 'flat',
    amount: 5000,
    startsAt: new Date('2020-01-01T00:00:00Z'),
    endsAt: new Date('2099-12-31T00:00:00Z'),
    maxUsage: limits.maxUsage ?? null,
    maxUsagePerUser: limits.maxUsagePerUser ?? null,
  });
}

/**
 * One booking: its own transaction, as the booking service does it. The transaction stays open a little
 * after the reservation (the booking goes on to write its activity row), so on PostgreSQL the other
 * bookings' checks really run while it is uncommitted: without the row lock, both of one person's
 * bookings would count 0 earlier uses and both would win.
 */
function book(code: string, userId: string, shipmentId: string, holdMs = 50) {
  return t.app.db.transaction(async (tx) => {
    const reserved = await reservePromoUse(tx, { code, userId, shipmentId, boxNames: ['Small Box'], packagesTotalInCents: 22000 });
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    return reserved;
  });
}

describe(`racing for a promo code (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives 5 of 20 concurrent bookings the last 5 uses and tells the other 15 it is used up', async () => {
    const { id } = await promo('LAST5', { maxUsage: 5 });
    const people = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const userId = await insertTestUser(t.app.db);
        return { userId, shipmentId: await insertTestShipment(t.app.db, userId) };
      }),
    );
    const results = await Promise.allSettled(people.map((p) => book('LAST5', p.userId, p.shipmentId, 10)));

    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(15);
    for (const r of lost) expect(r.reason).toMatchObject({ code: 'RULE_BROKEN', message: PROMO_MESSAGES.usedUp });
    const [row] = await t.app.db.select().from(promoCodes).where(eq(promoCodes.id, id));
    expect(row!.usageCount).toBe(5);
    expect(await t.app.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, id))).toHaveLength(5);
  });

  it('lets one person with a limit of one use win only one of two simultaneous bookings', async () => {
    const { id } = await promo('ONEPERPERSON', { maxUsagePerUser: 1 });
    const userId = await insertTestUser(t.app.db);
    const [a, b] = await Promise.all([insertTestShipment(t.app.db, userId), insertTestShipment(t.app.db, userId)]);
    const results = await Promise.allSettled([book('ONEPERPERSON', userId, a, 200), book('oneperperson', userId, b, 200)]);

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(lost?.reason).toMatchObject({ message: PROMO_MESSAGES.userUsedUp, details: [{ field: 'promoCode', message: PROMO_MESSAGES.userUsedUp }] });
    const [row] = await t.app.db.select().from(promoCodes).where(eq(promoCodes.id, id));
    expect(row!.usageCount).toBe(1);
  });
});
