import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLogs, documentCounters } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { bookedOnAccount, deliveredCod, invoiceClient, type InvoiceClient } from './billings.fixtures.js';

let t: TestApp;
let staff: Session;
let admin: Session;
let ssp: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [staff, admin, ssp] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'admin'), signInAs(t, 'ssp')]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });

async function billingFor(client: InvoiceClient, totalInCents = 10000): Promise<string> {
  await bookedOnAccount(t, client, '2025-11-05', { totalInCents });
  const res = await call('POST', '/api/billings', staff, {
    businessId: client.businessId,
    periodStart: '2025-11-01',
    periodEnd: '2025-11-30',
    dueDate: '2025-12-20',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
const issue = async (billingId: string, who = staff, notes?: string) => {
  const res = await call('POST', '/api/invoices', who, { billingId, ...(notes ? { notes } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};

describe('invoices', () => {
  it('issues sequential numbers, one live invoice per billing; a voided number is never reused and the billing may be invoiced again', async () => {
    const client = await invoiceClient(t);
    const billingId = await billingFor(client, 75000);
    const first = await issue(billingId, staff, 'Thank you for your business');
    expect(first).toMatchObject({
      numberLabel: `INV-${String(first.number).padStart(6, '0')}`,
      billingId,
      customerId: client.admin.userId,
      customerName: expect.stringMatching(/^Maria Owner/),
      businessName: client.name,
      dueDate: '2025-12-20',
      totalInCents: 75000,
      notes: 'Thank you for your business',
      issuedByName: 'Teresa Reyes',
      voidedAt: null,
      voidReason: null,
    });
    expect((await call('GET', `/api/billings/${billingId}`, staff)).json().data).toMatchObject({
      invoiceNumber: first.numberLabel,
      invoices: [expect.objectContaining({ id: first.id })],
    });

    const second = await call('POST', '/api/invoices', admin, { billingId });
    expect(second.statusCode).toBe(409);
    expect(second.json().details).toEqual([
      { field: 'billingId', message: `Invoice ${first.numberLabel} is already live for this billing: void it to issue a new one` },
    ]);

    const other = await issue(await billingFor(await invoiceClient(t)));
    expect(other.number).toBe(first.number + 1);

    const voided = await call('DELETE', `/api/invoices/${first.id}`, staff, { reason: 'Wrong due date' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ voidedAt: expect.any(String), voidReason: 'Wrong due date' });
    expect((await call('DELETE', `/api/invoices/${first.id}`, staff, { reason: 'Again' })).statusCode).toBe(409);
    expect((await call('GET', `/api/billings/${billingId}`, staff)).json().data.invoiceNumber).toBeNull();

    const reissued = await issue(billingId);
    expect(reissued.number).toBe(first.number + 2);
    const [counter] = await t.database.db.select().from(documentCounters).where(eq(documentCounters.series, 'invoice'));
    expect(counter!.lastNumber).toBe(reissued.number);
    const logged = await t.database.db
      .select({ status: activityLogs.status })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Invoice'), eq(activityLogs.entityId, first.id)));
    expect(logged.map((l) => l.status).sort()).toEqual(['live', 'voided']);
  });

  it('refuses invoices for cancelled and payable billings, and bad input, naming the field', async () => {
    const client = await invoiceClient(t);
    const cancelled = await billingFor(client);
    await call('PATCH', `/api/billings/${cancelled}`, staff, { status: 'cancelled' });
    const refused = await call('POST', '/api/invoices', staff, { billingId: cancelled });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([{ field: 'billingId', message: 'A cancelled billing gets no invoice' }]);

    const customer = await createCustomer(t);
    await deliveredCod(t, customer.userId, '2025-11-08');
    const payable = (
      await call('POST', '/api/billings', staff, { billingType: 'payable', customerId: customer.userId, periodStart: '2025-11-01', periodEnd: '2025-11-30' })
    ).json().data;
    expect((await call('POST', '/api/invoices', staff, { billingId: payable.id })).json().details).toEqual([
      { field: 'billingId', message: 'An invoice is issued for a receivable billing only' },
    ]);
    expect((await call('POST', '/api/invoices', staff, { billingId: '00000000-0000-4000-8000-000000000000' })).json().details).toEqual([
      { field: 'billingId', message: 'Billing not found' },
    ]);
    expect((await call('POST', '/api/invoices', staff, { billingId: 'nope' })).json().details).toEqual([{ field: 'billingId', message: 'Billing not found' }]);

    const live = await issue(await billingFor(client));
    expect((await call('DELETE', `/api/invoices/${live.id}`, staff, { reason: '' })).json().details).toEqual([
      { field: 'reason', message: 'Give the reason for voiding' },
    ]);
    expect((await call('PATCH', `/api/invoices/${live.id}`, staff, {})).statusCode).toBe(400);
    // A billing with a live invoice is not cancelled: its invoice is voided first.
    const cancel = await call('PATCH', `/api/billings/${live.billingId}`, staff, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().details).toEqual([{ field: 'status', message: `Void invoice ${live.numberLabel} before cancelling this billing` }]);
  });

  it('changes notes and due date of a live invoice only', async () => {
    const invoice = await issue(await billingFor(await invoiceClient(t)));
    const changed = await call('PATCH', `/api/invoices/${invoice.id}`, staff, { notes: 'Pay to BDO 0012-3456-78', dueDate: '2026-01-15' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      notes: 'Pay to BDO 0012-3456-78',
      dueDate: '2026-01-15',
      number: invoice.number,
      totalInCents: invoice.totalInCents,
    });
    expect((await call('PATCH', `/api/invoices/${invoice.id}`, ssp, { notes: 'x' })).statusCode).toBe(403);
    await call('DELETE', `/api/invoices/${invoice.id}`, staff, { reason: 'Replaced' });
    const frozen = await call('PATCH', `/api/invoices/${invoice.id}`, staff, { notes: 'Too late' });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe(`Invoice ${invoice.numberLabel} is voided and cannot change`);
  });

  it('lists invoices newest number first, by number, name, billing, customer and state; a business admin sees its own only', async () => {
    const mine = await invoiceClient(t);
    const theirs = await invoiceClient(t);
    const myBilling = await billingFor(mine);
    const old = await issue(myBilling);
    await call('DELETE', `/api/invoices/${old.id}`, staff, { reason: 'Wrong amount' });
    const current = await issue(myBilling);
    const foreign = await issue(await billingFor(theirs));

    const ids = async (query: string, who = staff) => {
      const res = await call('GET', `/api/invoices?${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((i: { id: string }) => i.id);
    };
    expect(await ids(`billingId=${myBilling}`)).toEqual([current.id, old.id]);
    expect(await ids(`billingId=${myBilling}&state=voided`)).toEqual([old.id]);
    expect(await ids(`customerId=${mine.admin.userId}&state=live`)).toEqual([current.id]);
    expect(await ids(`search=${foreign.numberLabel}`)).toEqual([foreign.id]);
    // A bare number is an invoice number, or part of a name ("Trading 3").
    expect(await ids(`search=${foreign.number}`)).toContain(foreign.id);
    expect(await ids(`search=${encodeURIComponent(theirs.name.toUpperCase())}`)).toEqual([foreign.id]);
    const page = (await call('GET', '/api/invoices?limit=2', ssp)).json();
    expect(page).toMatchObject({ page: 1, limit: 2, hasNextPage: true });
    expect(page.data[0].number).toBeGreaterThan(page.data[1].number);

    expect(await ids('limit=100', mine.admin)).toEqual([current.id, old.id]);
    expect((await call('GET', `/api/invoices/${current.id}`, mine.admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/invoices/${foreign.id}`, mine.admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/invoices/${foreign.id}`, ssp)).statusCode).toBe(200);
    expect((await call('POST', '/api/invoices', mine.admin, { billingId: myBilling })).statusCode).toBe(403);
    expect((await call('GET', '/api/invoices', await createCustomer(t))).statusCode).toBe(403);
    expect((await call('GET', '/api/invoices?state=open', staff)).json().details).toEqual([{ field: 'state', message: 'Choose live or voided' }]);
  });
});
