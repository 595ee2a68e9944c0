import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLogs, billingShipments, shipments } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { MAKATI } from '../shipments/lists.fixtures.js';
import { bookedOnAccount, deliveredCod, invoiceClient, manilaMorning, newPerson } from './billings.fixtures.js';

let t: TestApp;
let staff: Session;
let admin: Session;
let ssp: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [staff, admin, ssp] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'admin'), signInAs(t, 'ssp')]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
const NOVEMBER = { periodStart: '2025-11-01', periodEnd: '2025-11-30' };
const create = async (body: object, who = staff) => {
  const res = await call('POST', '/api/billings', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const numbers = (lines: { trackingNumber: string }[]) => lines.map((l) => l.trackingNumber).sort();

describe('billings', () => {
  it("bills a client on an invoice account for the period's shipments booked on account (Manila days, both included)", async () => {
    const client = await invoiceClient(t, { termsInDays: 45 });
    const first = await bookedOnAccount(t, client, '2025-11-01');
    const big = await bookedOnAccount(t, client, '2025-11-15', { totalInCents: 50000 });
    const lastMinute = await bookedOnAccount(t, client, '2025-11-30', { createdAt: new Date('2025-11-30T23:30:00+08:00') });
    await bookedOnAccount(t, client, '2025-12-01', { createdAt: new Date('2025-12-01T00:10:00+08:00') });
    await bookedOnAccount(t, client, '2025-11-10', { status: 'Cancelled', cancellationReason: 'Changed my mind', cancelledAt: new Date() });
    await bookedOnAccount(t, client, '2025-11-10', { paymentMethod: 'cash' });

    const billing = await create({ businessId: client.businessId, ...NOVEMBER, notes: 'November statement' });
    expect(billing).toMatchObject({
      billingType: 'receivable',
      customerId: client.admin.userId,
      customerName: expect.stringMatching(/^Maria Owner/),
      businessId: client.businessId,
      businessName: client.name,
      billerId: staff.userId,
      billerName: 'Teresa Reyes',
      location: MAKATI().provinceCode,
      locationName: expect.any(String),
      periodStart: '2025-11-01',
      periodEnd: '2025-11-30',
      dueDate: '2026-01-14',
      status: 'pending',
      paymentStatus: 'Pending',
      totalInCents: 23000 + 50000 + 23000,
      amountPaidInCents: 0,
      balanceInCents: 96000,
      shipmentCount: 3,
      invoiceNumber: null,
      notes: 'November statement',
      payments: [],
      attachments: [],
      invoices: [],
    });
    expect(numbers(billing.shipments)).toEqual(numbers([first, big, lastMinute]));
    expect(billing.shipments[0]).toEqual({
      shipmentId: first.id,
      trackingNumber: first.trackingNumber,
      bookedAt: manilaMorning('2025-11-01').toISOString(),
      receiverName: 'Ben Reyes',
      deliveryStatus: 'Order placed',
      amountInCents: 23000,
    });

    // Billed once: the same period again finds nothing left.
    const again = await call('POST', '/api/billings', staff, { businessId: client.businessId, ...NOVEMBER });
    expect(again.statusCode).toBe(422);
    expect(again.json().details).toEqual([{ field: 'periodEnd', message: 'No shipments to bill in this period' }]);

    const [log] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Billing'), eq(activityLogs.entityId, billing.id)));
    expect(log).toMatchObject({ action: 'CREATED', category: 'billings', status: 'pending', actorId: staff.userId });
    expect(log!.summary).toContain('₱960.00');
  });

  it('addresses a business without an owner to its first business admin, and refuses clients it cannot bill, naming the field', async () => {
    const ownerless = await invoiceClient(t, { withOwner: false });
    await bookedOnAccount(t, ownerless, '2025-11-03');
    expect((await create({ businessId: ownerless.businessId, ...NOVEMBER, dueDate: '2025-12-15' })).customerId).toBe(ownerless.admin.userId);

    const cashClient = await invoiceClient(t, { enabled: false });
    await bookedOnAccount(t, cashClient, '2025-11-03');
    const notOnAccount = await call('POST', '/api/billings', staff, { businessId: cashClient.businessId, ...NOVEMBER });
    expect(notOnAccount.statusCode).toBe(422);
    expect(notOnAccount.json().details).toEqual([{ field: 'businessId', message: 'This client is not on an invoice account' }]);

    const bad = await call('POST', '/api/billings', staff, { billingType: 'loan', periodStart: '1 Nov', businessId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['billingType', 'businessId', 'periodEnd', 'periodStart']);
    const ancient = await call('POST', '/api/billings', staff, { businessId: cashClient.businessId, periodStart: '0000-01-01', periodEnd: '2025-11-01' });
    expect(ancient.json().details).toEqual([{ field: 'periodStart', message: 'Choose a date between 2000 and 2199' }]);
    const backwards = await call('POST', '/api/billings', staff, { businessId: cashClient.businessId, periodStart: '2025-11-30', periodEnd: '2025-11-01' });
    expect(backwards.json().details).toEqual([{ field: 'periodEnd', message: 'The end of the period must not be before its start' }]);
    const customer = await createCustomer(t);
    const receivableForCustomer = await call('POST', '/api/billings', staff, { customerId: customer.userId, ...NOVEMBER });
    expect(receivableForCustomer.statusCode).toBe(400);
    expect(receivableForCustomer.json().details).toEqual([{ field: 'businessId', message: 'A receivable billing is for a client on an invoice account' }]);
    const nobody = await call('POST', '/api/billings', staff, { businessId: '00000000-0000-4000-8000-000000000000', ...NOVEMBER });
    expect(nobody.json().details).toEqual([{ field: 'businessId', message: 'Choose a client from the list' }]);
  });

  it("pays a customer the cash collected on delivery of its shipments in the period (payable, 30 days' terms)", async () => {
    const customer = await createCustomer(t, 'Carmen');
    const cod = await deliveredCod(t, customer.userId, '2025-11-20', { totalInCents: 41000 });
    await deliveredCod(t, customer.userId, '2025-11-21', { paymentStatus: 'Pending' });
    await deliveredCod(t, customer.userId, '2025-12-02');
    await bookedOnAccount(t, { businessId: (await invoiceClient(t)).businessId, name: '', admin: customer }, '2025-11-20');
    const payable = await create({ billingType: 'payable', customerId: customer.userId, ...NOVEMBER });
    expect(payable).toMatchObject({
      billingType: 'payable',
      customerId: customer.userId,
      businessId: null,
      dueDate: '2025-12-30',
      totalInCents: 41000,
      shipmentCount: 1,
      location: null,
    });
    expect(payable.shipments.map((s: { shipmentId: string }) => s.shipmentId)).toEqual([cod.id]);
  });

  it('lists billings newest first with the filters, search and counts per status', async () => {
    const a = await invoiceClient(t);
    const b = await invoiceClient(t);
    const sa = await bookedOnAccount(t, a, '2025-10-05');
    await bookedOnAccount(t, b, '2025-10-06');
    const ba = await create({ businessId: a.businessId, periodStart: '2025-10-01', periodEnd: '2025-10-31' });
    const bb = await create({ businessId: b.businessId, periodStart: '2025-10-01', periodEnd: '2025-10-31' }, admin);
    expect((await call('PATCH', `/api/billings/${bb.id}`, staff, { status: 'on_going' })).statusCode).toBe(200);

    const list = async (query: string, who = staff) => {
      const res = await call('GET', `/api/billings?${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const ids = async (query: string) => (await list(query)).data.map((r: { id: string }) => r.id);
    expect(await ids(`customerId=${a.admin.userId}`)).toEqual([ba.id]);
    expect(await ids(`search=${encodeURIComponent(a.name.slice(0, 22).toLowerCase())}`)).toEqual([ba.id]);
    expect(await ids(`search=${sa.trackingNumber.slice(0, 12).toLowerCase()}`)).toEqual([ba.id]);
    expect(await ids(`search=Owner&billerId=${admin.userId}&limit=100`)).toEqual([bb.id]);
    expect(await ids(`location=${MAKATI().provinceCode}&limit=100`)).toEqual(expect.arrayContaining([bb.id, ba.id]));
    expect(await ids('billingType=payable&search=Maria')).toEqual([]);

    const tab = await list(`search=${encodeURIComponent(b.name)}&status=on_going`);
    expect(tab).toMatchObject({ total: 1, page: 1, counts: { pending: 0, on_going: 1, completed: 0, cancelled: 0 } });
    const all = await list('limit=1');
    expect(all.data).toHaveLength(1);
    expect(all.data[0].id).toBe(bb.id);
    expect(all.hasNextPage).toBe(true);
    expect(all.total).toBe(Object.values(all.counts as Record<string, number>).reduce((x, y) => x + y, 0));
    expect(
      (await call('GET', '/api/billings?status=done&location=13', staff))
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['location', 'status']);
  });

  it("keeps a business admin to its own business's billings (others' are 404); ssp only reads; others are refused", async () => {
    const mine = await invoiceClient(t);
    const theirs = await invoiceClient(t);
    await bookedOnAccount(t, mine, '2025-09-10');
    await bookedOnAccount(t, theirs, '2025-09-10');
    const own = await create({ businessId: mine.businessId, periodStart: '2025-09-01', periodEnd: '2025-09-30' });
    const other = await create({ businessId: theirs.businessId, periodStart: '2025-09-01', periodEnd: '2025-09-30' });

    const listed = (await call('GET', '/api/billings?limit=100', mine.admin)).json();
    expect(listed.data.map((r: { id: string }) => r.id)).toEqual([own.id]);
    expect(listed.total).toBe(1);
    expect((await call('GET', `/api/billings/${own.id}`, mine.admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/billings/${other.id}`, mine.admin)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/billings/${own.id}`, mine.admin, { notes: 'Paid already' })).statusCode).toBe(403);

    expect((await call('GET', `/api/billings/${other.id}`, ssp)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/billings/${other.id}`, ssp, { notes: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/api/billings', ssp, { businessId: theirs.businessId, ...NOVEMBER })).statusCode).toBe(403);

    const member = await newPerson(t, ['business_member'], { businessId: mine.businessId });
    for (const who of [member, await createCustomer(t)]) {
      expect((await call('GET', '/api/billings', who)).statusCode).toBe(403);
      expect((await call('GET', `/api/billings/${own.id}`, who)).statusCode).toBe(403);
    }
  });

  it('moves billings per the allowed moves; a paid one is not cancelled; cancelling frees its shipments; bulk reports each refusal', async () => {
    const client = await invoiceClient(t);
    await bookedOnAccount(t, client, '2025-08-02', { totalInCents: 10000 });
    const period = { businessId: client.businessId, periodStart: '2025-08-01', periodEnd: '2025-08-31' };
    const first = await create(period);
    expect((await call('PATCH', `/api/billings/${first.id}`, staff, { status: 'on_going' })).json().data.status).toBe('on_going');
    const back = await call('PATCH', `/api/billings/${first.id}`, staff, { status: 'pending' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('A on going billing can only be marked completed or cancelled');

    // Cancelled: the shipments may be billed again.
    expect((await call('PATCH', `/api/billings/${first.id}`, staff, { status: 'cancelled' })).json().data.status).toBe('cancelled');
    const second = await create(period);
    expect(second.shipmentCount).toBe(1);
    const paid = await call('POST', '/api/billings/record', staff, { billingId: second.id, method: 'Cash', amountInCents: 100 });
    expect(paid.statusCode, paid.body).toBe(201);

    await bookedOnAccount(t, client, '2025-07-02');
    const third = await create({ ...period, periodStart: '2025-07-01', periodEnd: '2025-07-31' });
    await call('PATCH', `/api/billings/${third.id}`, staff, { status: 'completed' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const bulk = await call('PATCH', '/api/billings/bulk-status', staff, { ids: [second.id, third.id, first.id, unknown], status: 'cancelled' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data).toEqual({
      updated: [],
      failed: [
        { id: second.id, message: 'A billing with recorded payments cannot be cancelled' },
        { id: third.id, message: 'A completed billing cannot change' },
        { id: first.id, message: 'This billing is already cancelled' },
        { id: unknown, message: 'Billing not found' },
      ],
    });
    const done = await call('PATCH', '/api/billings/bulk-status', admin, { ids: [second.id], status: 'completed' });
    expect(done.json().data).toEqual({ updated: [second.id], failed: [] });
    const logged = await t.database.db
      .select({ status: activityLogs.status })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Billing'), eq(activityLogs.entityId, first.id)));
    expect(logged.map((l) => l.status).sort()).toEqual(['cancelled', 'on_going', 'pending']);
    expect(
      (await call('PATCH', '/api/billings/bulk-status', staff, { ids: [], status: 'x' }))
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['ids', 'status']);
  });

  it('changes notes and due date; a new period gathers the shipments again until something is paid or invoiced', async () => {
    const client = await invoiceClient(t);
    const early = await bookedOnAccount(t, client, '2025-06-03', { totalInCents: 10000 });
    const late = await bookedOnAccount(t, client, '2025-06-20', { totalInCents: 20000 });
    const billing = await create({ businessId: client.businessId, periodStart: '2025-06-01', periodEnd: '2025-06-10' });
    expect(billing.totalInCents).toBe(10000);

    const widened = await call('PATCH', `/api/billings/${billing.id}`, staff, { periodEnd: '2025-06-30', dueDate: '2025-07-31', notes: 'Whole of June' });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json().data).toMatchObject({
      periodEnd: '2025-06-30',
      dueDate: '2025-07-31',
      notes: 'Whole of June',
      totalInCents: 30000,
      shipmentCount: 2,
    });
    expect(numbers(widened.json().data.shipments)).toEqual(numbers([early, late]));
    const empty = await call('PATCH', `/api/billings/${billing.id}`, staff, { periodStart: '2025-06-25' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().details).toEqual([{ field: 'periodEnd', message: 'No shipments to bill in this period' }]);
    expect((await call('GET', `/api/billings/${billing.id}`, staff)).json().data.totalInCents).toBe(30000);

    const invoice = await call('POST', '/api/invoices', staff, { billingId: billing.id });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const whileInvoiced = await call('PATCH', `/api/billings/${billing.id}`, staff, { periodStart: '2025-06-15' });
    expect(whileInvoiced.statusCode).toBe(422);
    expect(whileInvoiced.json().details[0]).toEqual({
      field: 'periodStart',
      message: `The period cannot change while invoice ${invoice.json().data.numberLabel} is live: void it first`,
    });
    await call('DELETE', `/api/invoices/${invoice.json().data.id}`, staff, { reason: 'Wrong period' });
    await call('POST', '/api/billings/record', staff, { billingId: billing.id, method: 'Bank transfer', amountInCents: 5000 });
    const afterPayment = await call('PATCH', `/api/billings/${billing.id}`, staff, { periodStart: '2025-06-15' });
    expect(afterPayment.json().details).toEqual([{ field: 'periodStart', message: 'The period cannot change once a payment is recorded' }]);
    expect((await call('PATCH', `/api/billings/${billing.id}`, staff, {})).statusCode).toBe(400);
  });

  it('deletes a billing only while nothing is paid nor invoiced, freeing its shipments', async () => {
    const client = await invoiceClient(t);
    await bookedOnAccount(t, client, '2025-05-05');
    const period = { businessId: client.businessId, periodStart: '2025-05-01', periodEnd: '2025-05-31' };
    const doomed = await create(period);
    expect((await call('DELETE', `/api/billings/${doomed.id}`, ssp)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/billings/${doomed.id}`, staff)).statusCode).toBe(204);
    expect((await call('GET', `/api/billings/${doomed.id}`, staff)).statusCode).toBe(404);
    expect(await t.database.db.select().from(billingShipments).where(eq(billingShipments.billingId, doomed.id))).toEqual([]);
    const [log] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, doomed.id), eq(activityLogs.action, 'DELETED')));
    expect(log).toMatchObject({ entity: 'Billing', category: 'billings' });

    const invoiced = await create(period);
    const invoice = (await call('POST', '/api/invoices', staff, { billingId: invoiced.id })).json().data;
    const refused = await call('DELETE', `/api/billings/${invoiced.id}`, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Invoice ${invoice.numberLabel} was issued from this billing: void it and cancel the billing instead`);
    await call('DELETE', `/api/invoices/${invoice.id}`, staff, { reason: 'Issued by mistake' });
    expect((await call('DELETE', `/api/billings/${invoiced.id}`, staff)).json().message).toBe(
      'Invoices were issued from this billing, so it stays on record: cancel it instead',
    );

    await bookedOnAccount(t, client, '2025-04-05');
    const paid = await create({ ...period, periodStart: '2025-04-01', periodEnd: '2025-04-30' });
    await call('POST', '/api/billings/record', staff, { billingId: paid.id, method: 'Cash', amountInCents: 100 });
    const withPayment = await call('DELETE', `/api/billings/${paid.id}`, admin);
    expect(withPayment.statusCode).toBe(409);
    expect(withPayment.json().message).toBe('This billing has recorded payments: it cannot be deleted');
    expect((await call('DELETE', '/api/billings/00000000-0000-4000-8000-000000000000', staff)).statusCode).toBe(404);
    // The shipments of the deleted billing are there to bill; the rows themselves were never touched.
    expect((await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.businessId, client.businessId))).length).toBe(2);
  });
});
