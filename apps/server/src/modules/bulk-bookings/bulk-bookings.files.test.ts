import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { matchBarangay, matchCity, matchProvince } from './places.js';
import { csvOf, rowWith, upload, waitFor } from './bulk-bookings.fixtures.js';
import { COLUMNS } from './spreadsheet.js';

let t: TestApp;
let maria: Session;
beforeAll(async () => {
  t = await buildTestApp();
  maria = await signInAs(t, 'business_admin');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, session: Session) => t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });

describe('places matched forgivingly', () => {
  it('finds Makati however it is written, and by its code', () => {
    const metro = matchProvince('metro manila');
    expect(metro).toEqual({ ok: true, place: { code: '1300000000', name: 'Metro Manila' } });
    for (const typed of ['Makati', 'City of Makati', 'makati city', 'MAKATI CITY', ' Makati  City ', '1380300000']) {
      expect(matchCity('1300000000', 'Metro Manila', typed)).toEqual({ ok: true, place: { code: '1380300000', name: 'Makati City' } });
    }
    expect(matchCity('1300000000', 'Metro Manila', 'Las Pinas')).toMatchObject({ ok: true, place: { name: 'Las Piñas City' } });
    expect(matchBarangay('1380300000', 'Makati City', 'brgy. bel air')).toMatchObject({ ok: true, place: { name: 'Bel-Air' } });
  });

  it('says in plain words what it could not find, and where it looked', () => {
    expect(matchCity('0702200000', 'Cebu', 'Makati')).toEqual({ ok: false, reason: 'No city or municipality called "Makati" in Cebu' });
    expect(matchProvince('')).toEqual({ ok: false, reason: 'Province is empty' });
  });
});

describe('the template and the files', () => {
  it('the CSV template, downloaded and uploaded as it is, is one good booking', async () => {
    const template = await get('/api/bulk-bookings/template.csv', maria);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toContain('hatid-bulk-booking-template.csv');
    const res = await upload(t, maria, { name: 'template.csv', bytes: template.rawPayload });
    expect(res.statusCode).toBe(202);
    const { batch } = await waitFor(t, maria, res.json().data.id, 'checked');
    expect(batch).toMatchObject({ totalRows: 1, validRows: 1, wrongRows: [], totalInCents: 23000 });
  });

  it('the XLSX template filled in (own box by its dimensions, places as people write them) is accepted, wrong rows named', async () => {
    const template = await get('/api/bulk-bookings/template.xlsx', maria);
    expect(template.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Bookings')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...COLUMNS.map((c) => c.label)]);
    const column = (label: string) => COLUMNS.findIndex((c) => c.label === label) + 1;
    const own = sheet.getRow(3);
    sheet.getRow(2).eachCell((cell, n) => {
      own.getCell(n).value = cell.value;
    });
    own.getCell(column('Box')).value = '';
    own.getCell(column('Length (cm)')).value = 30;
    own.getCell(column('Width (cm)')).value = 20;
    own.getCell(column('Height (cm)')).value = 10;
    own.getCell(column('Sender city or municipality')).value = 'City of Makati';
    own.getCell(column('Receiver province')).value = 'cebu';
    own.getCell(column('Payer')).value = 'Cash upon pick up';
    const wrong = sheet.getRow(4);
    sheet.getRow(2).eachCell((cell, n) => {
      wrong.getCell(n).value = cell.value;
    });
    wrong.getCell(column('Receiver barangay')).value = 'Nowhere';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const res = await upload(t, maria, { name: 'orders.xlsx', bytes, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(res.statusCode).toBe(202);
    const { batch } = await waitFor(t, maria, res.json().data.id, 'checked');
    expect(batch.validRows).toBe(2);
    expect(batch.wrongRows).toEqual([{ row: 4, reasons: ['Receiver barangay: No barangay called "Nowhere" in Cebu City'] }]);
  });

  it('a booked batch offers all its waybills in one PDF and its tracking numbers as CSV', async () => {
    const res = await upload(t, maria, { name: 'two.csv', bytes: csvOf([rowWith({}), rowWith({ 'Receiver name': 'Carla Santos' })]) });
    const id = res.json().data.id;
    await waitFor(t, maria, id, 'checked');
    expect((await get(`/api/bulk-bookings/${id}/waybills.pdf`, maria)).statusCode).toBe(409);
    await t.app.inject({ method: 'POST', url: `/api/bulk-bookings/${id}/confirm`, headers: { cookie: maria.cookie } });
    await waitFor(t, maria, id, 'booked');
    const pdf = await get(`/api/bulk-bookings/${id}/waybills.pdf`, maria);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(2);
    const csv = (await get(`/api/bulk-bookings/${id}/tracking-numbers.csv`, maria)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(csv).toHaveLength(3);
    expect(csv[2]).toMatch(/^3,ND\d{9}PH,Carla Santos$/);
  });

  it('refuses a file it cannot read, naming the file and the reason, and makes no batch', async () => {
    const noHeader = await upload(t, maria, { name: 'x.csv', bytes: 'a,b\n1,2\n' });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().details[0]).toMatchObject({ field: 'file', message: expect.stringMatching(/^Columns missing: Delivery type, Sender name/) });
    const tooMany = await upload(t, maria, { name: 'big.csv', bytes: csvOf(Array.from({ length: 5001 }, () => rowWith({}))) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0]).toEqual({ field: 'file', message: 'The file has 5,001 rows; at most 5,000 at once. Split it in two.' });
  });

  it('refuses to book a file whose every row is wrong, and the batch stays checked to be fixed', async () => {
    const res = await upload(t, maria, { name: 'all-wrong.csv', bytes: csvOf([rowWith({ Payer: 'Bitcoin' }), rowWith({ 'Sender province': 'Narnia' })]) });
    const { batch } = await waitFor(t, maria, res.json().data.id, 'checked');
    expect(batch).toMatchObject({ totalRows: 2, validRows: 0 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const confirm = await t.app.inject({ method: 'POST', url: `/api/bulk-bookings/${batch.id}/confirm`, headers: { cookie: maria.cookie } });
      expect(confirm.statusCode).toBe(422);
      expect(confirm.json().message).toBe('No row of this file can be booked: fix the rows and upload it again');
    }
    expect((await get(`/api/bulk-bookings/${batch.id}`, maria)).json().data).toMatchObject({ state: 'checked', bookedRows: 0 });
  });

  it('is for business accounts and staff booking for a customer; a batch is seen only by who uploaded it', async () => {
    const individual = await signUpCustomer(t);
    const refused = await upload(t, individual, { name: 'a.csv', bytes: csvOf([rowWith({})]) });
    expect(refused.statusCode).toBe(403);
    const staff = await signInAs(t, 'staff');
    const noCustomer = await upload(t, staff, { name: 'a.csv', bytes: csvOf([rowWith({})]) });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().details[0]).toEqual({ field: 'ownerId', message: 'Choose the customer you book for' });
    const forMaria = await upload(t, staff, { name: 'a.csv', bytes: csvOf([rowWith({})]) }, { ownerId: maria.userId });
    expect(forMaria.statusCode).toBe(202);
    expect(forMaria.json().data.ownerId).toBe(maria.userId);
    expect((await get(`/api/bulk-bookings/${forMaria.json().data.id}`, maria)).statusCode).toBe(404);
  });
});
