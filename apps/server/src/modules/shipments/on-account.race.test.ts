import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { businesses, shipments, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, type Session } from '../../testing/auth.js';
import { bookingInput, priceOf } from '../../testing/shipments.js';
import { assignRoles } from '../users/index.js';

/**
 * The credit limit's race (docs/decisions.md "Booking on account"): on real PostgreSQL (TEST_DB=pg, npm run
 * test:pg) the members' bookings run in parallel transactions and only the business row's lock keeps them
 * within the limit; on PGlite they queue and must agree.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function businessWithMembers(creditLimitInCents: number, n: number): Promise<{ businessId: string; members: Session[] }> {
  const db = t.database.db;
  const [business] = await db.insert(businesses).values({ name: 'Race Trading', invoiceBillingEnabled: true, creditLimitInCents }).returning();
  const members: Session[] = [];
  for (let i = 0; i < n; i++) {
    const member = await createCustomer(t, `Member${i}`);
    await db.update(users).set({ businessId: business!.id, accountType: 'business', businessName: business!.name }).where(eq(users.id, member.userId));
    await assignRoles(db, member.userId, ['business_member']);
    members.push(member);
  }
  return { businessId: business!.id, members };
}

const owedOf = async (businessId: string) => {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int`, owed: sql<string>`coalesce(sum(${shipments.totalInCents}), 0)` })
    .from(shipments)
    .where(and(eq(shipments.businessId, businessId), eq(shipments.paymentMethod, 'invoice')));
  return { count: row!.n, owed: Number(row!.owed) };
};

describe(`members of one business booking on account at once (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('12 bookings against a credit limit covering exactly 4: 4 booked, 8 told the limit would be passed', async () => {
    const input = bookingInput({ paidBy: 'sender' });
    const expectedTotalInCents = await priceOf(t, input);
    const { businessId, members } = await businessWithMembers(expectedTotalInCents * 4, 12);
    const answers = await Promise.all(
      members.map((m) =>
        t.app.inject({ method: 'POST', url: '/api/shipments/customer', headers: { cookie: m.cookie }, payload: { ...input, expectedTotalInCents } }),
      ),
    );
    const booked = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(booked).toHaveLength(4);
    expect(refused).toHaveLength(8);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().details[0].field).toBe('paidBy');
      expect(answer.json().details[0].message).toMatch(
        /^This booking would pass your account's credit limit of ₱[\d,.]+ \(₱[\d,.]+ already owed\)\. Choose cash or wallet\.$/,
      );
    }
    expect(await owedOf(businessId)).toEqual({ count: 4, owed: expectedTotalInCents * 4 });
  });

  it('without a credit limit, 12 bookings at once are all billed on account', async () => {
    const input = bookingInput({ paidBy: 'sender' });
    const expectedTotalInCents = await priceOf(t, input);
    const { businessId, members } = await businessWithMembers(0, 12);
    const answers = await Promise.all(
      members.map((m) =>
        t.app.inject({ method: 'POST', url: '/api/shipments/customer', headers: { cookie: m.cookie }, payload: { ...input, expectedTotalInCents } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    expect(await owedOf(businessId)).toEqual({ count: 12, owed: expectedTotalInCents * 12 });
  });
});
