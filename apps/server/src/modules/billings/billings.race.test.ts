import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { billingPayments, billings } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, type Session } from '../../testing/auth.js';
import { bookedOnAccount, invoiceClient } from './billings.fixtures.js';

/**
 * A billing is never paid more than its total, even when several recordings arrive at the same moment: each
 * locks the billing row (SELECT … FOR UPDATE) before it reads the balance. Meaningful on real PostgreSQL
 * (TEST_DB=pg), where the requests run in parallel transactions; on PGlite they queue and must agree all the same.
 */
let t: TestApp;
let staff: Session;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp();
  [staff, admin] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'admin')]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const record = (who: Session, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/billings/record', headers: { cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload });

describe(`recording billing payments at once (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('12 payments of ₱30.00 against a ₱100.00 billing: 3 recorded, 9 told the balance is short; a repeated key records once', async () => {
    const client = await invoiceClient(t);
    await bookedOnAccount(t, client, '2025-11-05', { totalInCents: 10000 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/billings',
      headers: { cookie: staff.cookie },
      payload: { businessId: client.businessId, periodStart: '2025-11-01', periodEnd: '2025-11-30' },
    });
    const billingId = created.json().data.id as string;

    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => record(i % 2 ? staff : admin, { billingId, method: 'Cash', amountInCents: 3000 })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json().details[0]).toEqual({ field: 'amountInCents', message: 'The amount is more than the balance of ₱10.00' });
    }
    // The same request sent five times at once with one key: one payment, five equal answers.
    const same = await Promise.all(
      Array.from({ length: 5 }, () => record(staff, { billingId, method: 'GCash QR', amountInCents: 1000 }, 'race-billing-key-1')),
    );
    expect(same.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(same.map((a) => a.body)).size).toBe(1);

    const rows = await t.database.db.select({ amount: billingPayments.amountInCents }).from(billingPayments).where(eq(billingPayments.billingId, billingId));
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(10000);
    expect(rows).toHaveLength(4);
    const [billing] = await t.database.db.select().from(billings).where(eq(billings.id, billingId));
    expect(billing).toMatchObject({ amountPaidInCents: 10000, paymentStatus: 'Paid' });
  }, 120_000);
});
