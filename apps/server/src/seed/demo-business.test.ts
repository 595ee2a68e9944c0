import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { businesses, shipments } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { signInAs, type Session } from '../testing/auth.js';
import { bookingInput, priceOf } from '../testing/shipments.js';
import { seedDatabase } from './index.js';

/** Issue 28 finding 9: the demo business admin and member belong to a demo business. */
let t: TestApp;
let maria: Session;
let jose: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [maria, jose] = await Promise.all([signInAs(t, 'business_admin'), signInAs(t, 'business_member')]);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });

describe('the demo business', () => {
  it('shows the demo business admin her business, with its member, Makati address and invoice account', async () => {
    const list = await call('GET', '/api/businesses', maria);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ name: 'Villanueva Trading', memberCount: 2 })]);
    const business = (await call('GET', `/api/businesses/${list.json().data[0].id}`, maria)).json().data;
    expect(business).toMatchObject({
      name: 'Villanueva Trading',
      owner: expect.objectContaining({ id: maria.userId }),
      accountManager: expect.objectContaining({ name: 'Teresa Reyes' }),
      invoiceAccount: { invoiceBillingEnabled: true, paymentTermsInDays: 30, creditLimitInCents: 5_000_000 },
      defaultAddress: expect.objectContaining({ cityCode: '1380300000', barangayCode: '1380300002' }),
    });
    expect(business.members).toEqual([
      expect.objectContaining({ id: maria.userId, role: 'business_admin', isOwner: true }),
      expect.objectContaining({ id: jose.userId, role: 'business_member', isOwner: false }),
    ]);
    // The member sees it too.
    expect((await call('GET', `/api/businesses/${business.id}`, jose)).statusCode).toBe(200);
  });

  it('lets the demo business admin make an API key that books for the business', async () => {
    const made = await call('POST', '/api/api-keys', maria, { name: 'Demo shop' });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json().data;
    expect(key).toMatchObject({ businessName: 'Villanueva Trading', status: 'active' });

    const input = bookingInput();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/customer',
      headers: { authorization: `Bearer ${key.key}` },
      payload: { ...input, expectedTotalInCents: await priceOf(t, input) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [stored] = await t.database.db.select({ businessId: shipments.businessId }).from(shipments).where(eq(shipments.id, booked.json().data.id));
    expect(stored!.businessId).toBe(key.businessId);
  });

  it('is seeded once: a later start on the same database adds no second business', async () => {
    await seedDatabase(t.database.db, { demo: true });
    const [n] = await t.database.db.select({ n: count() }).from(businesses).where(eq(businesses.name, 'Villanueva Trading'));
    expect(n!.n).toBe(1);
  });
});
