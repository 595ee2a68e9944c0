import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { collections, users } from './db/schema/index.js';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import { createCustomer, signInAs, signUpCustomer, type Session } from './testing/auth.js';
import { book } from './testing/shipments.js';
import { PDF, PNG } from './testing/files.js';
import { addDays, manilaToday } from './core/manila-time.js';
import { insertShipment } from './modules/shipments/lists.fixtures.js';
import { bookedOnAccount, invoiceClient } from './modules/billings/billings.fixtures.js';

/**
 * Issue 33, "The catalogue to the letter": each test is written from the wording of shared/spec/api-catalogue.md,
 * as a client built from the catalogue alone would call.
 */
let t: TestApp;
let staff: Session;
let admin: Session;
let rider: Session;
let customer: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [staff, admin, rider, customer] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'admin'), signInAs(t, 'rider'), signUpCustomer(t)]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session: Session | null, payload?: object) =>
  t.app.inject({ method, url, headers: session ? { cookie: session.cookie } : {}, ...(payload ? { payload } : {}) });
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('catalogue: GET, PATCH, DELETE /invoices/{id} (item 1)', () => {
  async function liveInvoice() {
    const client = await invoiceClient(t);
    await bookedOnAccount(t, client, '2025-11-05', { totalInCents: 10000 });
    const billing = await call('POST', '/api/billings', staff, { businessId: client.businessId, periodStart: '2025-11-01', periodEnd: '2025-11-30' });
    expect(billing.statusCode, billing.body).toBe(201);
    const invoice = await call('POST', '/api/invoices', staff, { billingId: billing.json().data.id });
    expect(invoice.statusCode, invoice.body).toBe(201);
    return invoice.json().data as { id: string };
  }

  it('catalogue: DELETE /invoices/{id} takes no body', async () => {
    const invoice = await liveInvoice();
    const voided = await t.app.inject({ method: 'DELETE', url: `/api/invoices/${invoice.id}`, headers: { cookie: staff.cookie } });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ id: invoice.id, voidedAt: expect.any(String), voidReason: 'No reason given' });

    // A client that declares JSON on every call sends an empty body with the header: still no body.
    const other = await liveInvoice();
    const declared = await t.app.inject({
      method: 'DELETE',
      url: `/api/invoices/${other.id}`,
      headers: { cookie: staff.cookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(declared.statusCode, declared.body).toBe(200);

    // A reason given is kept, and a reason too short is still refused, changing nothing.
    const third = await liveInvoice();
    const short = await call('DELETE', `/api/invoices/${third.id}`, staff, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([{ field: 'reason', message: 'Give the reason for voiding' }]);
    expect((await call('GET', `/api/invoices/${third.id}`, staff)).json().data.voidedAt).toBeNull();
    const withReason = await call('DELETE', `/api/invoices/${third.id}`, staff, { reason: 'Wrong due date' });
    expect(withReason.json().data.voidReason).toBe('Wrong due date');
  });
});

describe('catalogue: Uploads, createUploadDto fields fileName, fileUrl, path, shouldMakePublic (items 2 and 3)', () => {
  it('catalogue: POST /uploads/signed-url (createUploadDto) honours path', async () => {
    const signed = await call('POST', '/api/uploads/signed-url', customer, { fileName: 'receipt.pdf', path: 'receipts/2026' });
    expect(signed.statusCode, signed.body).toBe(200);
    const link = signed.json().data;
    expect(link).toMatchObject({ path: 'receipts/2026', fileUrl: link.url });
    expect(link.url).toMatch(/^\/api\/uploads\/signed\/[A-Za-z0-9_-]{71}\?fileName=receipt.pdf&path=receipts%2F2026$/);
    // The folder is part of the grant: the same token for another folder is not valid.
    const moved = link.url.replace('receipts%2F2026', 'elsewhere');
    expect((await t.app.inject({ method: 'PUT', url: moved, payload: PDF, headers: { 'content-type': 'application/pdf' } })).statusCode).toBe(400);
    const put = await t.app.inject({ method: 'PUT', url: link.url, payload: PDF, headers: { 'content-type': 'application/pdf' } });
    expect(put.statusCode, put.body).toBe(201);
    expect(put.json().data.path).toMatch(/^uploads\/receipts\/2026\//);

    const badPath = await call('POST', '/api/uploads/signed-url', customer, { fileName: 'a.pdf', path: '../etc' });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().details[0].field).toBe('path');
  });

  it('catalogue: POST /uploads (createUploadDto) registers a file already stored by fileUrl', async () => {
    const link = (await call('POST', '/api/uploads/signed-url', customer, { fileName: 'photo.png', path: 'avatars', shouldMakePublic: true })).json().data;
    // Not uploaded yet: nothing to register.
    const early = await call('POST', '/api/uploads', customer, { fileName: 'photo.png', fileUrl: link.fileUrl, path: 'avatars' });
    expect(early.statusCode).toBe(404);
    expect(early.json().details).toEqual([{ field: 'fileUrl', message: 'Nothing has been uploaded with this link yet' }]);

    const put = await t.app.inject({ method: 'PUT', url: link.url, payload: PNG, headers: { 'content-type': 'image/png' } });
    expect(put.statusCode).toBe(201);
    const registered = await call('POST', '/api/uploads', customer, { fileName: 'photo.png', fileUrl: link.fileUrl, path: 'avatars', shouldMakePublic: true });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data).toMatchObject({
      id: link.uploadId,
      fileName: 'photo.png',
      shouldMakePublic: true,
      path: expect.stringMatching(/^uploads\/avatars\//),
    });

    // An upload's own fileUrl names it again; someone else's, another folder or an outside address is refused.
    const again = await call('POST', '/api/uploads', customer, { fileName: 'photo.png', fileUrl: registered.json().data.fileUrl });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(link.uploadId);
    const other = await createCustomer(t);
    const theirs = await call('POST', '/api/uploads', other, { fileName: 'photo.png', fileUrl: link.fileUrl });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().details).toEqual([{ field: 'fileUrl', message: 'This upload link is not valid' }]);
    const wrongFolder = await call('POST', '/api/uploads', customer, { fileName: 'photo.png', fileUrl: link.fileUrl, path: 'elsewhere' });
    expect(wrongFolder.json().details).toEqual([{ field: 'path', message: 'This upload link was issued for another path' }]);
    const outside = await call('POST', '/api/uploads', customer, { fileName: 'photo.png', fileUrl: 'https://example.com/photo.png' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().details).toEqual([
      { field: 'fileUrl', message: 'Give the fileUrl of a signed upload (POST /uploads/signed-url) or of one of your uploads' },
    ]);
    expect((await call('POST', '/api/uploads', other, { fileName: 'photo.png', fileUrl: registered.json().data.fileUrl })).statusCode).toBe(404);
  });
});

describe('catalogue: dates given as date objects are sent as ISO strings (item 4)', () => {
  const today = manilaToday();
  // A client's date objects for "today" in Manila, as JSON sends them: midnight and the day's last millisecond.
  const startIso = new Date(`${today}T00:00:00+08:00`).toISOString();
  const endIso = new Date(new Date(`${today}T00:00:00+08:00`).getTime() + 86_400_000 - 1).toISOString();

  it('catalogue: GET /collections takes startDate and endDate as ISO strings', async () => {
    const owner = await createCustomer(t);
    const s = await insertShipment(t.database.db, {
      ownerId: owner.userId,
      status: 'OnGoing',
      deliveryStatus: 'Picked up',
      paidBy: 'sender',
      pickupRiderId: rider.userId,
      totalInCents: 50000,
    });
    expect(
      (await call('POST', '/api/transaction/add-payment', rider, { trackingNumber: s.trackingNumber, method: 'cash', amountInCents: 50000 })).statusCode,
    ).toBe(201);
    const made = await call('POST', '/api/collections', staff, { collectedFromId: rider.userId, source: 'pickup' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    const ids = async (query: string) => {
      const res = await call('GET', `/api/collections?partner=${rider.userId}&${query}`, staff);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((c: { id: string }) => c.id);
    };
    expect(await ids(`startDate=${startIso}&endDate=${endIso}`)).toContain(id);
    // Instants are exact: a window that closed a minute before the hand-over leaves it out.
    const [row] = await t.database.db.select({ at: collections.createdAt }).from(collections).where(eq(collections.id, id));
    expect(await ids(`startDate=${startIso}&endDate=${new Date(row!.at.getTime() - 60_000).toISOString()}`)).not.toContain(id);
    expect(await ids(`startDate=${encodeURIComponent(`${today}T00:00:00+08:00`)}`)).toContain(id);
    const bad = await call('GET', '/api/collections?startDate=yesterday', staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'startDate', message: 'Use a yyyy-MM-dd date or an ISO date-time (2026-03-01T16:00:00.000Z)' }]);
    const backwards = await call('GET', `/api/collections?startDate=${endIso}&endDate=${startIso}`, staff);
    expect(backwards.json().details).toEqual([{ field: 'endDate', message: 'The end date must not be before the start date' }]);
  });

  it('catalogue: GET /transaction takes startDate and endDate as ISO strings', async () => {
    const owner = await createCustomer(t);
    const s = await insertShipment(t.database.db, { ownerId: owner.userId, status: 'OnGoing', deliveryStatus: 'Dest. hub', totalInCents: 30000 });
    const receivedAt = `${addDays(today, -1)}T09:00:00+08:00`;
    const paid = await call('POST', '/api/transaction/add-payment', staff, {
      trackingNumber: s.trackingNumber,
      method: 'gcash',
      amountInCents: 30000,
      receivedAt,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const found = async (start: string, end: string) => {
      const res = await call('GET', `/api/transaction?search=${s.trackingNumber}&startDate=${start}&endDate=${end}`, staff);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total as number;
    };
    const at = Date.parse(receivedAt);
    expect(await found(new Date(at - 60_000).toISOString(), new Date(at + 60_000).toISOString())).toBe(1);
    expect(await found(new Date(at + 1).toISOString(), endIso)).toBe(0);
    expect(await found(addDays(today, -1), addDays(today, -1))).toBe(1);
  });

  it('catalogue: GET /shipments/sales-stats and /shipments/commission-stats take startDate and endDate as ISO strings', async () => {
    const sales = await call('GET', `/api/shipments/sales-stats?startDate=${startIso}&endDate=${endIso}`, admin);
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json().data).toMatchObject({ startDate: today, endDate: today, days: [expect.objectContaining({ date: today })] });

    const agent = await createCustomer(t);
    await t.database.db.update(users).set({ agentCode: 'CAT33' }).where(eq(users.id, agent.userId));
    const commission = await call('GET', `/api/shipments/commission-stats?agentCode=CAT33&startDate=${startIso}&endDate=${endIso}`, admin);
    expect(commission.statusCode, commission.body).toBe(200);
    expect(commission.json().data).toMatchObject({ agentCode: 'CAT33', startDate: today, endDate: today });
    expect((await call('GET', '/api/shipments/sales-stats?startDate=2026-13-01', admin)).statusCode).toBe(400);
  });
});

describe('catalogue: user filters search, email, roleIds, agentCode, usedAgentCode, clientType (item 5)', () => {
  const ids = (res: { json: () => { data: { id: string }[] } }) => res.json().data.map((u) => u.id);

  it('catalogue: GET /users/customers honours roleIds and usedAgentCode and refuses unknown query parameters', async () => {
    const referred = await createCustomer(t, 'Referred');
    const plain = await createCustomer(t, 'Plain');
    await t.database.db.update(users).set({ usedAgentCode: 'REF33' }).where(eq(users.id, referred.userId));
    const roles = (await call('GET', '/api/users/roles', admin)).json().data as { id: number; name: string }[];
    const customerRole = roles.find((r) => r.name === 'customer')!.id;
    const adminRole = roles.find((r) => r.name === 'admin')!.id;

    const byCode = await call('GET', '/api/users/customers?usedAgentCode=ref33&limit=100', admin);
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(ids(byCode)).toEqual([referred.userId]);
    const byRole = await call('GET', `/api/users/customers?roleIds=${customerRole}&limit=100&search=Plain`, admin);
    expect(ids(byRole)).toContain(plain.userId);
    expect(ids(await call('GET', `/api/users/customers?roleIds=${adminRole}&limit=100`, admin))).toEqual([]);

    const unknown = await call('GET', '/api/users/customers?usedAgentCod=REF33', admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'querystring', message: 'This field is not accepted: usedAgentCod' }]);
  });

  it('catalogue: GET /users/account-managers and /users/assignable-to-tickets honour the user filters', async () => {
    const staffEmail = (await call('GET', '/api/users/me', staff)).json().data.email as string;
    for (const url of ['/api/users/account-managers', '/api/users/assignable-to-tickets']) {
      const all = await call('GET', `${url}?limit=100`, admin);
      expect(all.statusCode, all.body).toBe(200);
      expect(ids(all)).toContain(staff.userId);
      expect(ids(all).length).toBeGreaterThan(1);
      expect(ids(await call('GET', `${url}?email=${encodeURIComponent(staffEmail)}`, admin))).toEqual([staff.userId]);
      const roles = (await call('GET', '/api/users/roles', admin)).json().data as { id: number; name: string }[];
      const staffRole = roles.find((r) => r.name === 'staff')!.id;
      expect(ids(await call('GET', `${url}?roleIds=${staffRole}&limit=100`, admin))).toContain(staff.userId);
      expect(ids(await call('GET', `${url}?roleIds=${staffRole}&limit=100`, admin))).not.toContain(admin.userId);
      const unknown = await call('GET', `${url}?role=staff`, admin);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().details).toEqual([{ field: 'querystring', message: 'This field is not accepted: role' }]);
    }
  });

  it('catalogue: GET /shipments/me/rider/courier honours the shipment filters and refuses unknown query parameters', async () => {
    const owner = await createCustomer(t);
    const pickedUp = await insertShipment(t.database.db, {
      ownerId: owner.userId,
      status: 'OnGoing',
      deliveryStatus: 'Picked up',
      pickupRiderId: rider.userId,
    });
    const waiting = await insertShipment(t.database.db, {
      ownerId: owner.userId,
      status: 'OnGoing',
      deliveryStatus: 'Order placed',
      pickupRiderId: rider.userId,
    });
    const list = async (query: string) => {
      const res = await call('GET', `/api/shipments/me/rider/courier?limit=100&${query}`, rider);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((s: { id: string }) => s.id);
    };
    expect(await list(`userId=${owner.userId}`)).toEqual(expect.arrayContaining([pickedUp.id, waiting.id]));
    expect(await list(`userId=${owner.userId}&deliveryStatus=${encodeURIComponent('Picked up')}`)).toEqual([pickedUp.id]);
    expect(await list(`search=${waiting.trackingNumber}`)).toEqual([waiting.id]);
    const unknown = await call('GET', '/api/shipments/me/rider/courier?status=Picked%20up', rider);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'querystring', message: 'This field is not accepted: status' }]);
  });
});

describe('catalogue: PUT /shipments/{id}/cancel (cancel payload; reasonForCancellation) (item 6)', () => {
  it('catalogue: PUT /shipments/{id}/cancel takes the free text of "Other (please specify)" in reasonForCancellation', async () => {
    const own = await book(t, customer);
    const res = await call('PUT', `/api/shipments/${own.id}/cancel`, customer, { reasonForCancellation: 'The recipient moved away' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'Cancelled',
      reasonForCancellation: 'Other (please specify)',
      cancellationNote: 'The recipient moved away',
    });

    const spelled = await book(t, customer);
    const withPrefix = await call('PUT', `/api/shipments/${spelled.id}/cancel`, customer, { reasonForCancellation: 'Other (please specify): Ordered twice' });
    expect(withPrefix.json().data).toMatchObject({ reasonForCancellation: 'Other (please specify)', cancellationNote: 'Ordered twice' });

    const listed = await book(t, customer);
    expect((await call('PUT', `/api/shipments/${listed.id}/cancel`, customer, { reasonForCancellation: 'Changed my mind' })).json().data).toMatchObject({
      reasonForCancellation: 'Changed my mind',
      cancellationNote: null,
    });

    // "Other (please specify)" alone still needs the words; nothing is cancelled.
    const bare = await book(t, customer);
    const refused = await call('PUT', `/api/shipments/${bare.id}/cancel`, customer, { reasonForCancellation: 'Other (please specify)' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'note', message: 'Please tell us why you are cancelling' }]);
    expect((await call('GET', `/api/shipments/${bare.id}`, customer)).json().data.status).not.toBe('Cancelled');
  });
});

describe('catalogue: POST /shipments/air-waybill/download, format (pdf or image) and trackingNumbers (item 7)', () => {
  it('catalogue: POST /shipments/air-waybill/download with format image answers several tracking numbers as a ZIP of images', async () => {
    const owner = await createCustomer(t);
    const [a, b] = [await insertShipment(t.database.db, { ownerId: owner.userId }), await insertShipment(t.database.db, { ownerId: owner.userId })];
    const res = await call('POST', '/api/shipments/air-waybill/download', staff, { format: 'image', trackingNumbers: [a.trackingNumber, b.trackingNumber] });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ contentType: 'application/zip', filename: 'waybills-2-items.zip', imageBase64: expect.any(String) });
    const files = unzipSync(Buffer.from(body.imageBase64, 'base64'));
    expect(Object.keys(files)).toEqual([`waybill-${a.trackingNumber}.png`, `waybill-${b.trackingNumber}.png`]);
    for (const png of Object.values(files)) expect(Buffer.from(png.subarray(0, 8))).toEqual(PNG_SIGNATURE);

    // One tracking number is still one image.
    const one = (await call('POST', '/api/shipments/air-waybill/download', staff, { format: 'image', trackingNumbers: [a.trackingNumber] })).json();
    expect(one).toMatchObject({ contentType: 'image/png', filename: `waybill-${a.trackingNumber}.png` });
    expect(Buffer.from(one.imageBase64, 'base64').subarray(0, 8)).toEqual(PNG_SIGNATURE);

    const tooMany = await call('POST', '/api/shipments/air-waybill/download', staff, {
      format: 'image',
      trackingNumbers: Array.from({ length: 51 }, () => a.trackingNumber),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([{ field: 'trackingNumbers', message: 'At most 50 labels as images at once: download a PDF for more' }]);
  });
});

describe('catalogue: POST /shipments/calculations result fields (item 8)', () => {
  it('catalogue: the calculation result names insurance `insurance`, in cents and in pesos', async () => {
    const body = { deliveryType: 'next_day', packages: [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1000 }], declaredInsuranceValue: 1200 };
    for (const url of ['/api/shipments/calculations', '/api/shipments/pricing-details']) {
      const res = await call('POST', url, null, body);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ insuranceInCents: 2000, insurance: 20, insuranceValueInCents: 2000, insuranceValue: 20 });
      expect(data.totalInCents).toBe(data.subtotalInCents + data.insuranceInCents + data.feesInCents + data.retrievalFeeInCents - data.discountAmountInCents);
    }
    const docs = (await call('GET', '/api/docs/json', null)).json();
    const text = JSON.stringify(docs.paths['/api/shipments/calculations']);
    expect(text).toContain('"insuranceInCents"');
    expect(text).toContain('"insurance"');
  });
});
