import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAttachments } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { PNG_BASE64 } from '../../testing/files.js';
import { pdfText } from '../../testing/pdf-tools.js';
import { checkBase64File, storeUpload } from '../uploads/index.js';
import { MAX_BILLING_ATTACHMENTS } from './billing-attachments.service.js';
import { bookedOnAccount, invoiceClient, type InvoiceClient } from './billings.fixtures.js';

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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
const upload = async (uploadedById: string) =>
  (
    await storeUpload(
      { db: t.database.db, storage: t.storage },
      { file: checkBase64File(PNG_BASE64), fileName: 'deposit-slip.png', uploadedById, prefix: 'uploads' },
    )
  ).id;

async function billingOf(client: InvoiceClient, lines: { day: string; totalInCents: number; receiverName?: string }[]) {
  const booked = [];
  for (const line of lines)
    booked.push(
      await bookedOnAccount(t, client, line.day, { totalInCents: line.totalInCents, ...(line.receiverName ? { receiverName: line.receiverName } : {}) }),
    );
  const res = await call('POST', '/api/billings', staff, {
    businessId: client.businessId,
    periodStart: '2025-11-01',
    periodEnd: '2025-11-30',
    dueDate: '2025-12-31',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { billing: res.json().data, booked };
}

describe('billing attachments, export and statement', () => {
  it("attaches uploaded files (the billing's readers may open them) and removes them by id", async () => {
    const client = await invoiceClient(t);
    const other = await invoiceClient(t);
    const { billing } = await billingOf(client, [{ day: '2025-11-05', totalInCents: 10000 }]);
    const file = await upload(staff.userId);

    const added = await call('PATCH', `/api/billings/${billing.id}/attachments`, staff, { uploadId: file, name: 'BDO deposit slip' });
    expect(added.statusCode, added.body).toBe(200);
    const [attachment] = added.json().data.attachments;
    expect(attachment).toEqual({
      id: expect.any(String),
      uploadId: file,
      name: 'BDO deposit slip',
      url: expect.stringMatching(/^\/api\/uploads\/download\/file\?/),
      uploadedByName: 'Teresa Reyes',
      createdAt: expect.any(String),
    });
    // The client's admin and ssp open it through the billing; another business's admin does not learn it exists.
    expect((await call('GET', attachment.url, client.admin)).statusCode).toBe(200);
    expect((await call('GET', attachment.url, ssp)).statusCode).toBe(200);
    expect((await call('GET', attachment.url, other.admin)).statusCode).toBe(404);

    const twice = await call('PATCH', `/api/billings/${billing.id}/attachments`, staff, { uploadId: file, name: 'Again' });
    expect(twice.json().details).toEqual([{ field: 'uploadId', message: 'This file is already attached to the billing' }]);
    const missing = await call('PATCH', `/api/billings/${billing.id}/attachments`, staff, { uploadId: '00000000-0000-4000-8000-000000000000', name: 'Ghost' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().details).toEqual([{ field: 'uploadId', message: 'Upload the file first' }]);
    expect(
      (await call('PATCH', `/api/billings/${billing.id}/attachments`, staff, { uploadId: 'x', name: '' }))
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['name', 'uploadId']);
    expect(
      (await call('PATCH', `/api/billings/${billing.id}/attachments`, client.admin, { uploadId: await upload(client.admin.userId), name: 'Mine' })).statusCode,
    ).toBe(403);

    const removed = await call('DELETE', `/api/billings/${billing.id}/attachments`, staff, { attachmentId: attachment.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.attachments).toEqual([]);
    expect((await call('DELETE', `/api/billings/${billing.id}/attachments`, staff, { attachmentId: attachment.id })).statusCode).toBe(404);
    expect((await call('GET', attachment.url, client.admin)).statusCode).toBe(404);

    // At most MAX_BILLING_ATTACHMENTS.
    const full = [];
    for (let i = 0; i < MAX_BILLING_ATTACHMENTS; i++) full.push({ billingId: billing.id, uploadId: await upload(staff.userId), name: `Slip ${i}` });
    await t.database.db.insert(billingAttachments).values(full);
    const tooMany = await call('PATCH', `/api/billings/${billing.id}/attachments`, staff, { uploadId: file, name: 'One more' });
    expect(tooMany.json().details).toEqual([
      { field: 'uploadId', message: `A billing keeps at most ${MAX_BILLING_ATTACHMENTS} attachments: remove one first` },
    ]);
  });

  it("exports the billing's shipments as CSV with the total, named after the invoice once one is issued", async () => {
    const client = await invoiceClient(t);
    const { billing, booked } = await billingOf(client, [
      { day: '2025-11-05', totalInCents: 12345 },
      { day: '2025-11-06', totalInCents: 20000, receiverName: '=HYPERLINK("x")' },
    ]);
    const res = await call('GET', `/api/billings/${billing.id}/export`, client.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Billing_${billing.id.slice(0, 8).toUpperCase()}.csv"`);
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual([
      'Tracking number,Booked (Asia/Manila),Receiver,Delivery status,Amount (PHP)',
      `${booked[0]!.trackingNumber},2025-11-05 10:00,Ben Reyes,Order placed,123.45`,
      `${booked[1]!.trackingNumber},2025-11-06 10:00,"'=HYPERLINK(""x"")",Order placed,200.00`,
      'Total,,,2 shipments,323.45',
      'Paid,,,,0.00',
      'Balance,,,,323.45',
    ]);

    const invoice = (await call('POST', '/api/invoices', staff, { billingId: billing.id })).json().data;
    const named = await call('GET', `/api/billings/${billing.id}/export`, ssp);
    expect(named.headers['content-disposition']).toBe(`attachment; filename="Billing_${invoice.numberLabel}.csv"`);
    expect((await call('GET', `/api/billings/${billing.id}/export`, (await invoiceClient(t)).admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/billings/${billing.id}/export`, await createCustomer(t))).statusCode).toBe(403);
  });

  it('previews the billing as a PDF statement: client, period, due date, invoice, shipments, total, paid, balance, payments', async () => {
    const client = await invoiceClient(t);
    const { billing, booked } = await billingOf(client, [
      { day: '2025-11-05', totalInCents: 150000 },
      { day: '2025-11-20', totalInCents: 25050, receiverName: 'Niño Peñaflor' },
    ]);
    const invoice = (await call('POST', '/api/invoices', staff, { billingId: billing.id })).json().data;
    await call('POST', '/api/billings/record', staff, {
      billingId: billing.id,
      method: 'Bank transfer',
      amountInCents: 50000,
      referenceNumber: 'BPI-4471',
      paidAt: '2025-12-02T09:00:00+08:00',
    });

    const res = await call('GET', `/api/billings/${billing.id}/preview`, client.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Billing_${invoice.numberLabel}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(res.rawPayload, 'billing')).replace(/[ \t]+/g, ' ');
    for (const expected of [
      'Hatid',
      `Invoice ${invoice.numberLabel}`,
      client.name,
      'November 01, 2025 to November 30, 2025',
      'December 31, 2025',
      booked[0]!.trackingNumber,
      booked[1]!.trackingNumber,
      'Niño Peñaflor',
      '₱1,500.00',
      '₱250.50',
      'Total (2 shipments) ₱1,750.50',
      'Paid ₱500.00',
      'Balance ₱1,250.50',
      'Payments',
      'BPI-4471',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect((await call('GET', `/api/billings/${billing.id}/preview`, (await invoiceClient(t)).admin)).statusCode).toBe(404);
  });
});
