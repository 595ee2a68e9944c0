import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, type Session } from '../../testing/auth.js';
import { bookedOnAccount, invoiceClient } from './billings.fixtures.js';

/**
 * Invoice numbers are gapless and never shared: each issue takes the next number by an upsert on the series'
 * counter row inside the transaction that inserts the invoice. Meaningful on real PostgreSQL (TEST_DB=pg),
 * where the requests run in parallel transactions; on PGlite they queue and must agree all the same.
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

const post = (who: Session, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });

describe(`issuing invoices at once (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('10 billings invoiced at the same moment get 10 consecutive numbers; the same billing twice at once gets one', async () => {
    const billingIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const client = await invoiceClient(t);
      await bookedOnAccount(t, client, '2025-11-05');
      const res = await post(staff, '/api/billings', { businessId: client.businessId, periodStart: '2025-11-01', periodEnd: '2025-11-30' });
      billingIds.push(res.json().data.id);
    }
    // Two of the requests are for a billing that is already being invoiced by another request.
    const answers = await Promise.all(
      [...billingIds, billingIds[0]!, billingIds[1]!].map((billingId, i) => post(i % 2 ? staff : admin, '/api/invoices', { billingId })),
    );
    const issued = answers.filter((a) => a.statusCode === 201).map((a) => a.json().data);
    expect(issued).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(2);
    const numbers = issued.map((i) => i.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => numbers[0]! + i));
    expect(new Set(issued.map((i) => i.billingId)).size).toBe(10);
    const rows = await t.database.db.select({ number: invoices.number }).from(invoices).where(inArray(invoices.billingId, billingIds));
    expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual(numbers);
  }, 120_000);
});
