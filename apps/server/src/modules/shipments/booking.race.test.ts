import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { promoCodes, shipments } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { bookingInput, priceOf } from '../../testing/shipments.js';

/**
 * The races of the shipments issue. They mean something on real PostgreSQL (npm run test:pg), where the
 * requests below run in parallel transactions; on PGlite they run one at a time and must agree.
 */
let t: TestApp;
let customers: Session[];
beforeAll(async () => {
  t = await buildTestApp();
  customers = [];
  for (let i = 0; i < 20; i++) customers.push(await createCustomer(t));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('concurrent bookings', () => {
  it('20 bookings racing for a promo code with 5 uses left: exactly 5 get it, 15 hear it is used up', async () => {
    const admin = await signInAs(t, 'admin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/promo-codes',
      headers: { cookie: admin.cookie },
      payload: { code: 'RACE5', type: 'flat', amountInCents: 5000, startDate: '2020-01-01', endDate: '2099-12-31', maxUsage: 5 },
    });
    expect(created.statusCode).toBe(201);
    const input = bookingInput({ promoCode: 'RACE5' });
    const expectedTotalInCents = await priceOf(t, input);
    const answers = await Promise.all(
      customers.map((c) =>
        t.app.inject({
          method: 'POST',
          url: '/api/shipments/customer',
          headers: { cookie: c.cookie },
          payload: { ...input, expectedTotalInCents },
        }),
      ),
    );
    const booked = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(booked).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().details).toEqual([{ field: 'promoCode', message: 'This promo code has been used up' }]);
    }
    const [promo] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'RACE5'));
    expect(promo!.usageCount).toBe(5);
    const [withCode] = await t.database.db.select({ n: count() }).from(shipments).where(eq(shipments.promoCodeId, promo!.id));
    expect(withCode!.n).toBe(5);
  });

  it('10 identical requests with the same Idempotency-Key create one shipment and all get it', async () => {
    const [customer] = customers;
    const input = bookingInput();
    const payload = { ...input, expectedTotalInCents: await priceOf(t, input) };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/shipments/customer',
          headers: { cookie: customer!.cookie, 'idempotency-key': 'same-booking-10x' },
          payload,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().data.trackingNumber)).size).toBe(1);
    const [rows] = await t.database.db.select({ n: count() }).from(shipments).where(eq(shipments.idempotencyKey, 'same-booking-10x'));
    expect(rows!.n).toBe(1);
  });
});
