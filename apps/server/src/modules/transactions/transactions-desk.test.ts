import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { activityLogs, collectionShipments, collections, shipments, transactions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { PNG_BASE64 } from '../../testing/files.js';
import { insertShipment, type FixtureInput } from '../shipments/lists.fixtures.js';
import { addDays, manilaToday } from '../../core/manila-time.js';

let t: TestApp;
let staff: Session;
let ssp: Session;
let admin: Session;
let rider: Session;
let owner: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [staff, ssp, admin, rider, owner] = await Promise.all([
    signInAs(t, 'staff'),
    signInAs(t, 'ssp'),
    signInAs(t, 'admin'),
    signInAs(t, 'rider'),
    createCustomer(t),
  ]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
const shipment = (extra: Partial<FixtureInput> = {}) =>
  insertShipment(t.database.db, { ownerId: owner.userId, status: 'OnGoing', deliveryStatus: 'Dest. hub', ...extra });
const pay = async (trackingNumber: string, amountInCents: number, extra: object = {}) => {
  const res = await call('POST', '/api/transaction/add-payment', staff, { trackingNumber, method: 'bank_transfer', amountInCents, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.transaction as { id: string };
};
const paymentStatusOf = async (id: string) => (await t.database.db.select({ s: shipments.paymentStatus }).from(shipments).where(eq(shipments.id, id)))[0]!.s;

describe('the transactions desk', () => {
  it('lists payments newest first with their shipment, filtered by search, type, status and Manila days', async () => {
    const a = await shipment({ totalInCents: 50000 });
    const b = await shipment({ totalInCents: 30000 });
    // Two Manila days before today: money recorded on a phone may be up to 30 days old.
    const [day1, day2] = [addDays(manilaToday(), -3), addDays(manilaToday(), -2)];
    await pay(a.trackingNumber, 20000, { referenceNumber: 'BDO-778812', receivedAt: `${day1}T23:30:00+08:00` });
    const second = await pay(a.trackingNumber, 5000, { method: 'gcash', receivedAt: `${day2}T00:10:00+08:00` });
    await pay(b.trackingNumber, 30000, { method: 'cash', receivedAt: `${day2}T09:00:00+08:00` });

    const byTracking = await call('GET', `/api/transaction?search=${a.trackingNumber.slice(0, 12).toLowerCase()}`, staff);
    expect(byTracking.statusCode, byTracking.body).toBe(200);
    const page = byTracking.json();
    expect(page).toMatchObject({ total: 2, page: 1, limit: 10, totalPages: 1, hasNextPage: false });
    expect(page.data.map((r: { transaction: { amountInCents: number } }) => r.transaction.amountInCents)).toEqual([5000, 20000]);
    expect(page.data[0]).toMatchObject({
      transaction: { id: second.id, method: 'gcash', receivedByName: expect.any(String), voidedAt: null, proofUrl: null, meta: expect.any(Object) },
      shipment: { trackingNumber: a.trackingNumber, totalInCents: 50000, paymentStatus: 'Partially Paid', senderName: 'Ana Cruz' },
    });

    const byReference = (await call('GET', '/api/transaction?search=bdo-778812', ssp)).json();
    expect(byReference.data.map((r: { shipment: { trackingNumber: string } }) => r.shipment.trackingNumber)).toEqual([a.trackingNumber]);
    // A Manila day: 23:30 on the first day belongs to it, 00:10 to the next (in UTC both fall on the first).
    const onDay2 = (await call('GET', `/api/transaction?startDate=${day2}&endDate=${day2}&limit=100&search=${a.trackingNumber}`, staff)).json();
    expect(onDay2.data.map((r: { transaction: { amountInCents: number } }) => r.transaction.amountInCents)).toEqual([5000]);
    const onDay1 = (await call('GET', `/api/transaction?startDate=${day1}&endDate=${day1}&limit=100&search=${a.trackingNumber}`, staff)).json();
    expect(onDay1.data.map((r: { transaction: { amountInCents: number } }) => r.transaction.amountInCents)).toEqual([20000]);
    const cashOnly = (await call('GET', `/api/transaction?paymentType=cash&startDate=${day1}&endDate=${day2}`, staff)).json();
    expect(cashOnly.data.map((r: { shipment: { trackingNumber: string } }) => r.shipment.trackingNumber)).toEqual([b.trackingNumber]);

    const types = (await call('GET', '/api/transaction/unique-payment-types', staff)).json().data;
    expect(types).toEqual(expect.arrayContaining(['bank_transfer', 'cash', 'gcash']));
    expect(types).not.toContain('qr');
  });

  it('shows the shipments without a valid payment on the other tab, and a shipment leaves it when paid', async () => {
    const unpaid = await shipment({ totalInCents: 12000 });
    const cancelled = await shipment({
      totalInCents: 12000,
      status: 'Cancelled',
      deliveryStatus: 'Order placed',
      cancellationReason: 'Changed my mind',
      cancelledAt: new Date(),
    });
    const prefix = unpaid.trackingNumber;
    const before = (await call('GET', `/api/transaction?filter=no_transactions&search=${prefix}`, staff)).json();
    expect(before).toMatchObject({ total: 1, data: [{ transaction: null, shipment: { id: unpaid.id, paymentStatus: 'Pending', totalInCents: 12000 } }] });
    expect((await call('GET', `/api/transaction?filter=no_transactions&search=${cancelled.trackingNumber}`, staff)).json().total).toBe(0);

    const paid = await pay(unpaid.trackingNumber, 12000);
    expect((await call('GET', `/api/transaction?filter=no_transactions&search=${prefix}`, staff)).json().total).toBe(0);
    // Voided, the payment no longer counts: the shipment is back among the unpaid.
    expect((await call('POST', `/api/transaction/void-payment/${paid.id}`, staff, { reason: 'Deposit bounced' })).statusCode).toBe(200);
    expect((await call('GET', `/api/transaction?filter=no_transactions&search=${prefix}`, staff)).json().total).toBe(1);
    const voided = (await call('GET', `/api/transaction?transactionStatus=voided&search=${prefix}`, staff)).json();
    expect(voided.data).toEqual([
      expect.objectContaining({ transaction: expect.objectContaining({ id: paid.id, voidReason: 'Deposit bounced', voidedByName: expect.any(String) }) }),
    ]);
    expect((await call('GET', `/api/transaction?transactionStatus=valid&search=${prefix}`, staff)).json().total).toBe(0);
  });

  it('exports the whole filtered desk as CSV, named after the table, cells neutralised', async () => {
    const s = await shipment({ totalInCents: 40000 });
    for (let i = 0; i < 3; i++) await pay(s.trackingNumber, 1000 + i, { remarks: i === 0 ? '=HYPERLINK("x")' : `part ${i}` });
    const res = await call('GET', `/api/transaction/export?search=${s.trackingNumber}&filename=Transactions`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Transactions_all.csv"');
    const rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      'Received (Asia/Manila)',
      'Tracking number',
      'Amount (PHP)',
      'Payment type',
      'Status',
      'Paid by',
      'Received by',
      'Reference number',
      'Remarks',
      'Void reason',
      'Shipment total (PHP)',
      'Shipment payment status',
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['10.00', '10.01', '10.02']);
    expect(rows.slice(1).every((r) => r[1] === s.trackingNumber && r[10] === '400.00' && r[11] === 'Partially Paid')).toBe(true);
    expect(rows.slice(1).map((r) => r[8])).toContain(`'=HYPERLINK("x")`);

    const unpaid = await shipment({ totalInCents: 9900 });
    const other = await call('GET', `/api/transaction/export?filter=no_transactions&search=${unpaid.trackingNumber}`, staff);
    const otherRows = Papa.parse<string[]>(other.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(other.headers['content-disposition']).toBe('attachment; filename="Transactions_all.csv"');
    expect(otherRows).toHaveLength(2);
    expect(otherRows[1]!.slice(1, 3)).toEqual([unpaid.trackingNumber, 'Ana Cruz']);
    expect(otherRows[1]![7]).toBe('99.00');
  });

  it("answers a shipment's amount paid and its cash: collected, handed over, outstanding", async () => {
    const s = await shipment({ totalInCents: 30000, paidBy: 'recipient', paymentMethod: 'cash' });
    await pay(s.trackingNumber, 10000, { method: 'cash' });
    const voided = await pay(s.trackingNumber, 2500, { method: 'cash' });
    await call('POST', `/api/transaction/void-payment/${voided.id}`, staff, { reason: 'Recorded twice' });
    await pay(s.trackingNumber, 5000, { method: 'gcash' });

    const amount = await call('GET', `/api/transaction/amount-paid/${s.trackingNumber}`, staff);
    expect(amount.json().data).toEqual({
      shipmentId: s.id,
      trackingNumber: s.trackingNumber,
      totalInCents: 30000,
      amountPaidInCents: 15000,
      balanceInCents: 15000,
      paymentStatus: 'Partially Paid',
      payments: 2,
      voidedPayments: 1,
    });

    const none = (await call('GET', `/api/transaction/collection/${s.id}`, ssp)).json().data;
    expect(none).toMatchObject({ cashCollectedInCents: 10000, remittedInCents: 0, inHandOverInCents: 0, outstandingInCents: 10000, collections: [] });
    expect(none.collectedBy).toEqual([expect.objectContaining({ userId: staff.userId, amountInCents: 10000 })]);

    const [handOver] = await t.database.db
      .insert(collections)
      .values({ collectedFromId: staff.userId, source: 'delivery', status: 'completed', amountInCents: 6000, completedAt: new Date() })
      .returning();
    await t.database.db.insert(collectionShipments).values({ collectionId: handOver!.id, shipmentId: s.id, amountInCents: 6000 });
    const some = (await call('GET', `/api/transaction/collection/${s.trackingNumber}`, staff)).json().data;
    expect(some).toMatchObject({
      remittedInCents: 6000,
      outstandingInCents: 4000,
      collections: [{ id: handOver!.id, status: 'completed', amountInCents: 6000, collectedFromName: expect.any(String) }],
    });

    // Cash in a hand-over stays counted: voiding it would leave the hand-over's total wrong.
    const [cash] = await t.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.shipmentId, s.id), eq(transactions.method, 'cash'), eq(transactions.amountInCents, 10000)));
    const refused = await call('POST', `/api/transaction/void-payment/${cash!.id}`, staff, { reason: 'Typo' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This cash is in a hand-over to the hub (completed): cancel that collection first');
  });
});

describe('changing a payment', () => {
  it('keeps remarks, meta and proof, each logged with what it was; voided, only remarks still change', async () => {
    const s = await shipment({ totalInCents: 20000 });
    const payment = await pay(s.trackingNumber, 20000, { remarks: 'Deposit at BPI Makati' });
    expect(await paymentStatusOf(s.id)).toBe('Paid');

    const remarks = await call('PUT', `/api/transaction/remarks/${payment.id}`, staff, { remarks: '  Deposit slip checked  ' });
    expect(remarks.statusCode, remarks.body).toBe(200);
    expect(remarks.json().data.remarks).toBe('Deposit slip checked');
    const meta = await call('PUT', `/api/transaction/meta/${payment.id}`, admin, {
      meta: { bank: 'BPI', 'Account no.': '1234-5678', verified: true, recordedBy: 'nobody' },
    });
    // Who recorded the payment is the server's note: it stays whatever the details sent.
    expect(meta.json().data.meta).toEqual({ bank: 'BPI', 'Account no.': '1234-5678', verified: true, recordedBy: 'operations' });

    const upload = (
      await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: staff.cookie }, payload: { fileName: 'slip.png', content: PNG_BASE64 } })
    ).json().data;
    const proof = await call('PUT', `/api/transaction/proof-of-payment/${payment.id}`, staff, { proofUploadId: upload.id });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().data).toMatchObject({ proofUploadId: upload.id, proofUrl: expect.stringContaining('/api/uploads/download/file?') });
    // Someone else's file cannot become proof (it could be anything of theirs).
    const theirs = (
      await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: owner.cookie }, payload: { fileName: 'id.png', content: PNG_BASE64 } })
    ).json().data;
    const notMine = await call('PUT', `/api/transaction/proof-of-payment/${payment.id}`, staff, { proofUploadId: theirs.id });
    expect(notMine.statusCode).toBe(422);
    expect(notMine.json().details).toEqual([{ field: 'proofUploadId', message: 'Upload the proof of payment first' }]);

    const voided = await call('POST', `/api/transaction/void-payment/${payment.id}`, staff, { reason: 'Paid to the wrong account' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({
      paymentStatus: 'Pending',
      balanceInCents: 20000,
      transaction: { voidReason: 'Paid to the wrong account', voidedById: staff.userId },
    });
    expect(await paymentStatusOf(s.id)).toBe('Pending');
    const twice = await call('POST', `/api/transaction/void-payment/${payment.id}`, admin, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This payment is already voided');
    expect((await call('PUT', `/api/transaction/meta/${payment.id}`, staff, { meta: {} })).statusCode).toBe(409);
    expect((await call('PUT', `/api/transaction/remarks/${payment.id}`, staff, { remarks: 'Customer paid again by GCash' })).statusCode).toBe(200);

    const logged = await t.database.db
      .select({ summary: activityLogs.summary, before: activityLogs.before, after: activityLogs.after })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Transaction'), eq(activityLogs.entityId, payment.id)));
    expect(logged.map((l) => l.summary)).toEqual(
      expect.arrayContaining([
        `Remarks of a ₱200.00 payment for ${s.trackingNumber} changed`,
        `Details of a ₱200.00 payment for ${s.trackingNumber} changed`,
        `Proof of payment attached to a ₱200.00 payment for ${s.trackingNumber}`,
        `₱200.00 bank_transfer payment for ${s.trackingNumber} voided: Paid to the wrong account`,
      ]),
    );
    expect(logged).toContainEqual(expect.objectContaining({ before: { remarks: 'Deposit at BPI Makati' }, after: { remarks: 'Deposit slip checked' } }));
  });

  it('never voids a wallet payment (the wallet refunds on cancel), and voids once when two people void at once', async () => {
    const s = await shipment({ totalInCents: 10000, paidBy: 'wallet', paymentMethod: 'wallet' });
    const [walletPayment] = await t.database.db.insert(transactions).values({ shipmentId: s.id, method: 'wallet', amountInCents: 10000 }).returning();
    const refused = await call('POST', `/api/transaction/void-payment/${walletPayment!.id}`, staff, { reason: 'Test' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A wallet payment is refunded to the wallet by cancelling the shipment, not voided');

    const other = await shipment({ totalInCents: 10000 });
    const payment = await pay(other.trackingNumber, 10000);
    const answers = await Promise.all([
      call('POST', `/api/transaction/void-payment/${payment.id}`, staff, { reason: 'Bounced' }),
      call('POST', `/api/transaction/void-payment/${payment.id}`, admin, { reason: 'Bounced too' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const voids = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, payment.id), eq(activityLogs.status, 'voided')));
    expect(voids).toHaveLength(1);
  });

  it('answers bad input with the field and the reason, and refuses who may not change payments', async () => {
    const s = await shipment({ totalInCents: 10000 });
    const payment = await pay(s.trackingNumber, 100);
    const noReason = await call('POST', `/api/transaction/void-payment/${payment.id}`, staff, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([{ field: 'reason', message: 'Say why the payment is voided' }]);
    const badMeta = await call('PUT', `/api/transaction/meta/${payment.id}`, staff, { meta: { '%bad': 1, nested: { a: 1 } } });
    expect(badMeta.statusCode).toBe(400);
    expect(badMeta.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining([expect.stringMatching(/^meta/)]));
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expect((await call('PUT', `/api/transaction/meta/${payment.id}`, staff, { meta: many })).json().details).toEqual([
      { field: 'meta', message: 'At most 20 details' },
    ]);
    const badDates = await call('GET', '/api/transaction?startDate=2026-03-05&endDate=2026-03-01', staff);
    expect(badDates.json().details).toEqual([{ field: 'endDate', message: 'The end date must not be before the start date' }]);
    expect((await call('GET', '/api/transaction?paymentType=crypto', staff)).json().details[0].field).toBe('paymentType');
    expect((await call('PUT', '/api/transaction/remarks/not-a-uuid', staff, { remarks: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/transaction/remarks/00000000-0000-4000-8000-000000000000', staff, { remarks: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/api/transaction/amount-paid/HT-NOT-THERE', staff)).statusCode).toBe(404);

    // ssp look but do not change; riders only record their cash.
    expect((await call('PUT', `/api/transaction/remarks/${payment.id}`, ssp, { remarks: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/api/transaction/void-payment/${payment.id}`, ssp, { reason: 'Nope' })).statusCode).toBe(403);
    expect((await call('GET', '/api/transaction', rider)).statusCode).toBe(403);
    expect((await call('GET', '/api/transaction/export', rider)).statusCode).toBe(403);
    expect((await call('GET', '/api/transaction', owner)).statusCode).toBe(403);
    const [row] = await t.database.db
      .select({ voidedAt: transactions.voidedAt, remarks: transactions.remarks })
      .from(transactions)
      .where(eq(transactions.id, payment.id));
    expect(row).toEqual({ voidedAt: null, remarks: null });
  });
});
