import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { customerBookingBody, formatMoney } from '@hatid/domain';
import { businesses, shipmentActivities, shipments, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { book, bookingInput, priceOf } from '../../testing/shipments.js';
import { fundWallet } from '../../testing/wallet.js';
import { sampleWaybill } from '../../platform/waybill/fixtures.js';
import { paymentSummary } from '../../platform/waybill/label.js';
import { assignRoles, loadUserWithRoles } from '../users/index.js';
import { actorFrom } from '../../core/actor.js';
import { bookShipments, newBookingContext } from './index.js';

/** Booking on account (docs/decisions.md "Booking on account"): sender-pays bookings of a business on an invoice account. */
let t: TestApp;
let staff: Session;
let total: number;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signInAs(t, 'staff');
  total = await priceOf(t, bookingInput({ paidBy: 'sender' }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type NewBusiness = Partial<typeof businesses.$inferInsert>;

/** A business straight in the database (on an invoice account unless told otherwise) and one of its members. */
async function businessWithMember(over: NewBusiness = {}) {
  const db = t.database.db;
  const [business] = await db
    .insert(businesses)
    .values({ name: 'Acme Trading', invoiceBillingEnabled: true, ...over })
    .returning();
  const member = await createCustomer(t, 'Member');
  await db.update(users).set({ businessId: business!.id, accountType: 'business', businessName: business!.name }).where(eq(users.id, member.userId));
  await assignRoles(db, member.userId, ['business_member']);
  return { business: business!, member };
}

const bookAs = async (session: Session, overrides: Parameters<typeof bookingInput>[0] = {}) => {
  const input = bookingInput(overrides);
  return t.app.inject({
    method: 'POST',
    url: '/api/shipments/customer',
    headers: { cookie: session.cookie },
    payload: { ...input, expectedTotalInCents: await priceOf(t, input, session.cookie) },
  });
};

const rowOf = async (id: string) => (await t.database.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;
const countOf = async () => (await t.database.db.select({ n: count() }).from(shipments))[0]!.n;

describe('booking on account', () => {
  it("bills a sender-pays booking to the business's invoice account: payment method invoice, payment status Pending", async () => {
    const { business, member } = await businessWithMember();
    const booked = await book(t, member, { paidBy: 'sender' });
    expect(booked).toMatchObject({ paymentMethod: 'invoice', paymentStatus: 'Pending', paidBy: 'sender' });
    const row = await rowOf(booked.id);
    expect(row).toMatchObject({ paymentMethod: 'invoice', paymentStatus: 'Pending', businessId: business.id });

    // The rider collects nothing for it and the label says who pays.
    const detail = await t.app.inject({ method: 'GET', url: `/api/shipments/trackingNumber/${booked.trackingNumber}`, headers: { cookie: member.cookie } });
    expect(detail.json().data).toMatchObject({ paymentMethod: 'invoice', codAmountInCents: 0 });
  });

  it('leaves recipient-pays (cash on delivery) and the wallet as they are', async () => {
    const { member } = await businessWithMember();
    const cod = await book(t, member, { paidBy: 'recipient' });
    expect((await rowOf(cod.id)).paymentMethod).toBe('cash');

    await fundWallet(t, member, total);
    const wallet = await book(t, member, { paidBy: 'wallet' });
    expect(await rowOf(wallet.id)).toMatchObject({ paymentMethod: 'wallet', paymentStatus: 'Paid' });
  });

  it('is cash upon pick up for a business not on an invoice account, an inactive one, and a person in no business', async () => {
    const { member: notOnInvoice } = await businessWithMember({ invoiceBillingEnabled: false });
    const { member: inactive } = await businessWithMember({ isActive: false });
    const individual = await createCustomer(t);
    for (const session of [notOnInvoice, inactive, individual]) {
      const booked = await book(t, session, { paidBy: 'sender' });
      expect((await rowOf(booked.id)).paymentMethod).toBe('cash');
    }
  });

  it("bills the customer's business when staff book for a member", async () => {
    const { business, member } = await businessWithMember();
    const input = bookingInput({ paidBy: 'sender' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: { cookie: staff.cookie },
      payload: { ...input, ownerId: member.userId, expectedTotalInCents: await priceOf(t, input) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowOf(res.json().data.id)).toMatchObject({ paymentMethod: 'invoice', businessId: business.id, ownerId: member.userId });
  });

  it('refuses a booking that would pass the credit limit, and changes nothing', async () => {
    const limit = Math.floor(total * 2.5);
    const { business, member } = await businessWithMember({ creditLimitInCents: limit });
    const first = await book(t, member, { paidBy: 'sender' });
    await book(t, member, { paidBy: 'sender' });

    const shipmentsBefore = await countOf();
    const [activitiesBefore] = await t.database.db.select({ n: count() }).from(shipmentActivities);
    const refused = await bookAs(member, { paidBy: 'sender' });
    expect(refused.statusCode).toBe(422);
    const message = `This booking would pass your account's credit limit of ${formatMoney(limit)} (${formatMoney(total * 2)} already owed). Choose cash or wallet.`;
    expect(refused.json()).toMatchObject({ code: 'RULE_BROKEN', details: [{ field: 'paidBy', message }] });
    expect(await countOf()).toBe(shipmentsBefore);
    const [activitiesAfter] = await t.database.db.select({ n: count() }).from(shipmentActivities);
    expect(activitiesAfter!.n).toBe(activitiesBefore!.n);

    // Cash on delivery does not touch the account.
    expect((await bookAs(member, { paidBy: 'recipient' })).statusCode).toBe(201);

    // What is paid no longer counts as owed; nor does what is cancelled.
    await t.database.db.update(shipments).set({ paymentStatus: 'Paid' }).where(eq(shipments.id, first.id));
    const third = await bookAs(member, { paidBy: 'sender' });
    expect(third.statusCode, third.body).toBe(201);
    expect((await bookAs(member, { paidBy: 'sender' })).statusCode).toBe(422);
    await t.database.db
      .update(shipments)
      .set({ status: 'Cancelled', cancellationReason: 'Changed my mind', cancelledAt: new Date() })
      .where(eq(shipments.id, third.json().data.id));
    expect((await bookAs(member, { paidBy: 'sender' })).statusCode).toBe(201);
    expect(business.creditLimitInCents).toBe(limit);
  });

  it('holds the credit limit for many bookings written together (bulk booking): those past it are refused, the others booked once', async () => {
    const limit = Math.floor(total * 3.5);
    const { business, member } = await businessWithMember({ creditLimitInCents: limit });
    await book(t, member, { paidBy: 'sender' });
    const actor = actorFrom((await loadUserWithRoles(t.database.db, member.userId))!);
    const input = customerBookingBody.parse({ ...bookingInput({ paidBy: 'sender' }), expectedTotalInCents: total });
    const cod = customerBookingBody.parse({
      ...bookingInput({ paidBy: 'recipient' }),
      expectedTotalInCents: await priceOf(t, bookingInput({ paidBy: 'recipient' })),
    });
    const items = [input, input, cod, input, input].map((one, i) => ({ input: one, idempotencyKey: `bulk:test:${business.id}:${i}` }));
    const results = await t.database.db.transaction((tx) => bookShipments(tx, actor, items, { context: newBookingContext() }));

    // One owed already: two more fit under 3.5 bookings' worth; the fourth and fifth would pass it. Cash is not counted.
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false, false]);
    const message = `This booking would pass your account's credit limit of ${formatMoney(limit)} (${formatMoney(total * 3)} already owed). Choose cash or wallet.`;
    for (const refused of results.slice(3))
      expect(refused).toMatchObject({ ok: false, error: { code: 'RULE_BROKEN', details: [{ field: 'paidBy', message }] } });
    const booked = await t.database.db.select().from(shipments).where(eq(shipments.businessId, business.id));
    expect(booked).toHaveLength(4);
    expect(booked.filter((s) => s.paymentMethod === 'invoice').reduce((sum, s) => sum + s.totalInCents, 0)).toBe(total * 3);
    const [activities] = await t.database.db
      .select({ n: count() })
      .from(shipmentActivities)
      .where(
        inArray(
          shipmentActivities.shipmentId,
          booked.map((s) => s.id),
        ),
      );
    expect(activities!.n).toBe(4);
  });

  it('has no limit when the credit limit is 0', async () => {
    const { member } = await businessWithMember({ creditLimitInCents: 0 });
    for (let i = 0; i < 3; i++) expect((await bookAs(member, { paidBy: 'sender' })).statusCode).toBe(201);
  });

  it('refuses an account booking exactly at the limit only when it passes it', async () => {
    const { member } = await businessWithMember({ creditLimitInCents: total * 2 });
    expect((await bookAs(member, { paidBy: 'sender' })).statusCode).toBe(201);
    expect((await bookAs(member, { paidBy: 'sender' })).statusCode).toBe(201);
    expect((await bookAs(member, { paidBy: 'sender' })).statusCode).toBe(422);
  });
});

describe('paying a shipment billed on account', () => {
  it('is refused at the transactions desk and by payment link, and it is not listed as needing a payment', async () => {
    const { member } = await businessWithMember();
    const booked = await book(t, member, { paidBy: 'sender' });
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: staff.cookie }, ...(payload ? { payload } : {}) });

    const paid = await call('POST', '/api/transaction/add-payment', { shipmentId: booked.id, method: 'bank_transfer', amountInCents: 1000 });
    expect(paid.statusCode).toBe(422);
    expect(paid.json().details).toEqual([
      { field: 'shipmentId', message: "This shipment is billed to its client's account: record the payment on its billing" },
    ]);
    expect((await rowOf(booked.id)).paymentStatus).toBe('Pending');

    const link = await call('POST', '/api/payments/requests/xendit/create-payment-link', { shipmentId: booked.id });
    expect(link.statusCode).toBe(422);
    expect(link.json().details[0].field).toBe('shipmentId');

    // Nor can staff mark it Paid by hand: the bulk move reports it refused, with the same reason.
    const marked = await call('PATCH', '/api/shipments/bulk-payment-status', { trackingNumbers: [booked.trackingNumber], paymentStatus: 'Paid' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toEqual({
      updated: [],
      failed: [{ trackingNumber: booked.trackingNumber, message: "This shipment is billed to its client's account: record the payment on its billing" }],
    });
    expect((await rowOf(booked.id)).paymentStatus).toBe('Pending');

    const unpaid = await call('GET', `/api/transaction?filter=no_transactions&search=${booked.trackingNumber}`);
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json().total).toBe(0);
    // A cash booking of the same person is listed as before.
    const cash = await book(t, member, { paidBy: 'recipient' });
    expect((await call('GET', `/api/transaction?filter=no_transactions&search=${cash.trackingNumber}`)).json().total).toBe(1);

    // The shipments export says who pays (PGlite writes it in JS, PostgreSQL in SQL: both are checked by test:pg).
    const csv = await call('GET', `/api/shipments/partners/export?search=${booked.trackingNumber}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',Billed to account,Pending,');
  });

  it('prints "Shipping fee: Billed to account" on the waybill, with nothing to collect', () => {
    const summary = paymentSummary(sampleWaybill(1, { paidBy: 'sender', paymentMethod: 'invoice', codAmountInCents: null }));
    expect(summary).toEqual({ cashOnDelivery: false, headline: 'PAID', detail: 'Shipping fee: Billed to account' });
  });
});

describe('whoever books for a customer sees the account that will be billed', () => {
  it("names the customer's account in the customer picker, also to a partner who may not read that business", async () => {
    const db = t.database.db;
    const partner = await signInAs(t, 'service_partner');
    const email = `acct${process.pid}x${Date.now()}@hatid.test`;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: partner.cookie },
      payload: { firstName: 'Lito', lastName: 'Garcia', email, roles: ['customer'] },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const id = invited.json().data.id as string;
    const [business] = await db.insert(businesses).values({ name: 'Garcia Hardware', invoiceBillingEnabled: true }).returning();
    await db.update(users).set({ status: 'ACTIVE', businessId: business!.id, accountType: 'business', businessName: business!.name }).where(eq(users.id, id));

    const picker = async (session: Session) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/customers?search=${encodeURIComponent(email)}`, headers: { cookie: session.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: string; invoiceAccountName: string | null }[]).find((u) => u.id === id);
    };
    expect((await picker(partner))?.invoiceAccountName).toBe('Garcia Hardware');
    expect((await picker(staff))?.invoiceAccountName).toBe('Garcia Hardware');
    // The partner cannot read the business itself: the picker is how its booking form knows.
    const read = await t.app.inject({ method: 'GET', url: `/api/businesses/${business!.id}`, headers: { cookie: partner.cookie } });
    expect([403, 404]).toContain(read.statusCode);

    // Invoice billing off (or the business inactive): cash again, and the picker says so.
    await db.update(businesses).set({ invoiceBillingEnabled: false }).where(eq(businesses.id, business!.id));
    expect((await picker(partner))?.invoiceAccountName).toBeNull();
    await db.update(businesses).set({ invoiceBillingEnabled: true, isActive: false }).where(eq(businesses.id, business!.id));
    expect((await picker(staff))?.invoiceAccountName).toBeNull();
  });
});
