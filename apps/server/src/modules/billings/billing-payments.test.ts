import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { activityLogs, billingPayments, shipments, transactions, walletTransactions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { ledgerSumInCents } from '../wallet/index.js';
import { bookedOnAccount, deliveredCod, invoiceClient, type InvoiceClient } from './billings.fixtures.js';

let t: TestApp;
let staff: Session;
let ssp: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [staff, ssp] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'ssp')]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, session: Session, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie, ...headers }, ...(payload ? { payload } : {}) });
const record = (body: object, key?: string, who = staff) => call('POST', '/api/billings/record', who, body, key ? { 'idempotency-key': key } : {});

/** A receivable billing of two shipments (₱100.00 and ₱200.00) for a fresh client. */
async function receivable(): Promise<{ client: InvoiceClient; id: string; shipmentIds: string[] }> {
  const client = await invoiceClient(t);
  const a = await bookedOnAccount(t, client, '2025-11-03', { totalInCents: 10000 });
  const b = await bookedOnAccount(t, client, '2025-11-04', { totalInCents: 20000 });
  const res = await call('POST', '/api/billings', staff, { businessId: client.businessId, periodStart: '2025-11-01', periodEnd: '2025-11-30' });
  expect(res.statusCode, res.body).toBe(201);
  return { client, id: res.json().data.id, shipmentIds: [a.id, b.id] };
}
const fund = async (userId: string, amountInCents: number) => {
  const res = await call('POST', `/api/wallet/users/${userId}/adjustments`, staff, { amountInCents, reason: 'Test funds' });
  expect(res.statusCode, res.body).toBe(201);
};

describe('recording billing payments', () => {
  it('records payments up to the balance, once per Idempotency-Key; a paid receivable settles its shipments', async () => {
    const { id, shipmentIds } = await receivable();
    const body = {
      billingId: id,
      method: 'Bank transfer',
      amountInCents: 12000,
      referenceNumber: 'BDO-778812',
      remarks: 'First half',
      paidAt: '2025-12-01T10:00:00+08:00',
    };
    const first = await record(body, 'billing-pay-0001');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ amountPaidInCents: 12000, balanceInCents: 18000, paymentStatus: 'Partially Paid' });
    expect(first.json().data.payments).toEqual([
      {
        id: expect.any(String),
        method: 'Bank transfer',
        amountInCents: 12000,
        paidAt: '2025-12-01T02:00:00.000Z',
        referenceNumber: 'BDO-778812',
        remarks: 'First half',
        recordedByName: 'Teresa Reyes',
      },
    ]);
    // The retry of a request whose answer was lost: the same answer, nothing recorded twice.
    const retry = await record(body, 'billing-pay-0001');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await t.database.db.select().from(billingPayments).where(eq(billingPayments.billingId, id))).toHaveLength(1);
    const reused = await record({ ...body, amountInCents: 100 }, 'billing-pay-0001');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().details[0].field).toBe('Idempotency-Key');

    const over = await record({ billingId: id, method: 'Cash', amountInCents: 18001 });
    expect(over.statusCode).toBe(422);
    expect(over.json().details).toEqual([{ field: 'amountInCents', message: 'The amount is more than the balance of ₱180.00' }]);
    const unpaid = await t.database.db.select({ s: shipments.paymentStatus }).from(shipments).where(inArray(shipments.id, shipmentIds));
    expect(unpaid.map((s) => s.s)).toEqual(['Pending', 'Pending']);

    const rest = await record({ billingId: id, method: 'GCash QR', amountInCents: 18000 });
    expect(rest.json().data).toMatchObject({ amountPaidInCents: 30000, balanceInCents: 0, paymentStatus: 'Paid' });
    const settled = await t.database.db.select({ s: shipments.paymentStatus }).from(shipments).where(inArray(shipments.id, shipmentIds));
    expect(settled.map((s) => s.s)).toEqual(['Paid', 'Paid']);
    const payments = await t.database.db.select().from(transactions).where(inArray(transactions.shipmentId, shipmentIds));
    expect(payments.map((p) => [p.method, p.amountInCents]).sort()).toEqual([
      ['invoice', 10000],
      ['invoice', 20000],
    ]);
    // The desk cannot unsettle a shipment behind its billing's back.
    const voided = await call('POST', `/api/transaction/void-payment/${payments[0]!.id}`, staff, { reason: 'Wrong shipment' });
    expect(voided.statusCode).toBe(409);
    expect(voided.json().message).toMatch(/settled through its billing/);

    const more = await record({ billingId: id, method: 'Cash', amountInCents: 1 });
    expect(more.json().details).toEqual([{ field: 'amountInCents', message: 'This billing is already paid in full' }]);
    const logged = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'BillingPayment'), eq(activityLogs.category, 'billings')));
    expect(logged.filter((l) => (l.after as { billingId?: string }).billingId === id)).toHaveLength(2);
  });

  it("takes a Wallet payment from the client's wallet in the same transaction, refusing a short balance", async () => {
    const { client, id } = await receivable();
    const short = await record({ billingId: id, method: 'Wallet', amountInCents: 5000 });
    expect(short.statusCode).toBe(422);
    expect(short.json().details[0].field).toBe('method');
    await fund(client.admin.userId, 4000);
    const stillShort = await record({ billingId: id, method: 'Wallet', amountInCents: 5000 });
    expect(stillShort.json().details[0]).toEqual({
      field: 'method',
      message: expect.stringMatching(/^Not enough balance in the wallet: ₱50.00 needed, ₱40.00 available/),
    });
    expect(await t.database.db.select().from(billingPayments).where(eq(billingPayments.billingId, id))).toEqual([]);

    const paid = await record({ billingId: id, method: 'Wallet', amountInCents: 3000 });
    expect(paid.statusCode, paid.body).toBe(201);
    const [payment] = await t.database.db.select().from(billingPayments).where(eq(billingPayments.billingId, id));
    const [debit] = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.id, payment!.walletTransactionId!));
    expect(debit).toMatchObject({ userId: client.admin.userId, type: 'Purchase', amountInCents: -3000, balanceAfterInCents: 1000 });
    expect(await ledgerSumInCents(t.database.db, client.admin.userId)).toBe(1000);
  });

  it("pays a payable into the client's wallet (Wallet) or records what was paid out; never on a cancelled billing", async () => {
    const customer = await createCustomer(t, 'Carmen');
    await deliveredCod(t, customer.userId, '2025-11-20', { totalInCents: 41000 });
    const payable = (
      await call('POST', '/api/billings', staff, { billingType: 'payable', customerId: customer.userId, periodStart: '2025-11-01', periodEnd: '2025-11-30' })
    ).json().data;
    const credited = await record({ billingId: payable.id, method: 'Wallet', amountInCents: 41000 });
    expect(credited.statusCode, credited.body).toBe(201);
    expect(credited.json().data.paymentStatus).toBe('Paid');
    const [credit] = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.userId, customer.userId));
    expect(credit).toMatchObject({ type: 'Cash', amountInCents: 41000, balanceAfterInCents: 41000 });

    const { id } = await receivable();
    await call('PATCH', `/api/billings/${id}`, staff, { status: 'cancelled' });
    const cancelled = await record({ billingId: id, method: 'Cash', amountInCents: 100 });
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.json().details).toEqual([{ field: 'billingId', message: 'This billing is cancelled: no payment is recorded against it' }]);
  });

  it('answers bad input with the field, and lets only staff and admins record', async () => {
    const { id } = await receivable();
    const bad = await record({ billingId: 'nope', method: 'Barter', amountInCents: -5 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['amountInCents', 'billingId', 'method']);
    const missing = await record({ billingId: '00000000-0000-4000-8000-000000000000', method: 'Cash', amountInCents: 100 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().details).toEqual([{ field: 'billingId', message: 'Billing not found' }]);
    const future = await record({ billingId: id, method: 'Cash', amountInCents: 100, paidAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.json().details).toEqual([{ field: 'paidAt', message: 'The payment date cannot be in the future' }]);
    const proof = await record({ billingId: id, method: 'Cash', amountInCents: 100, proofUploadId: '00000000-0000-4000-8000-000000000000' });
    expect(proof.json().details).toEqual([{ field: 'proofUploadId', message: 'Upload the proof of payment first' }]);
    expect((await record({ billingId: id, method: 'Cash', amountInCents: 100 }, undefined, ssp)).statusCode).toBe(403);
  });
});
