import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { multipartBody, PDF, PNG, PNG_BASE64, storedFileCount, TEXT_BASE64, uploadCount } from '../../testing/files.js';
import { book } from '../../testing/shipments.js';

let t: TestApp;
let owner: Session;
let stranger: Session;
let staff: Session;
let agent: Session;
let shipment: { id: string; trackingNumber: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpCustomer(t);
  stranger = await signUpCustomer(t);
  staff = await signInAs(t, 'staff');
  agent = await signInAs(t, 'ssp');
  shipment = await book(t, owner);
});
afterAll(() => t.close());

const url = () => `/api/shipments/${shipment.trackingNumber}/documents`;
const add = (session: Session, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: url(), headers: { cookie: session.cookie }, payload });
const list = (session: Session) => t.app.inject({ method: 'GET', url: url(), headers: { cookie: session.cookie } });

describe('shipment documents', () => {
  it('lets staff attach a PDF as base64; the owner lists and opens it, a stranger gets 404', async () => {
    const res = await add(staff, { name: 'Commercial invoice', documentType: 'pdf', content: PDF.toString('base64') });
    expect(res.statusCode).toBe(201);
    const doc = res.json().data;
    expect(doc).toMatchObject({ name: 'Commercial invoice', documentType: 'pdf', contentType: 'application/pdf', fileName: 'Commercial invoice.pdf' });

    expect((await list(owner)).json().data).toEqual([doc]);
    const file = await t.app.inject({ method: 'GET', url: doc.url, headers: { cookie: owner.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('Commercial invoice.pdf');

    expect((await list(stranger)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: doc.url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('attaches an existing upload by id, checking that its bytes match the document type', async () => {
    const body = multipartBody('file', 'photo.png', PNG);
    const uploaded = (
      await t.app.inject({ method: 'POST', url: '/api/uploads/upload-api', headers: { ...body.headers, cookie: staff.cookie }, payload: body.payload })
    ).json().data;
    const wrongType = await add(staff, { name: 'Photo', documentType: 'pdf', uploadId: uploaded.id });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details[0]).toEqual({ field: 'documentType', message: 'This file is an image, not a PDF' });
    const ok = await add(staff, { name: 'Photo', documentType: 'image', uploadId: uploaded.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.uploadId).toBe(uploaded.id);
    // Someone else's upload cannot be attached by a non-staff operator.
    const theirs = (
      await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: owner.cookie }, payload: { fileName: 'x.png', content: PNG_BASE64 } })
    ).json().data;
    expect((await add(agent, { name: 'X', documentType: 'image', uploadId: theirs.id })).statusCode).toBe(404);
  });

  it('refuses anything but PDF or images, storing nothing', async () => {
    const before = [await uploadCount(t), storedFileCount(t)];
    const text = await add(staff, { name: 'Notes', documentType: 'pdf', content: TEXT_BASE64 });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Only images (JPEG, PNG, WebP, HEIC) and PDF files are accepted');
    const garbage = await add(staff, { name: 'Notes', documentType: 'pdf', content: '***' });
    expect(garbage.json().message).toBe('Invalid base64 data');
    expect([await uploadCount(t), storedFileCount(t)]).toEqual(before);
  });

  it('lets only operations add or delete; the owner may read but not change', async () => {
    expect((await add(owner, { name: 'Mine', documentType: 'image', content: PNG_BASE64 })).statusCode).toBe(403);
    const doc = (await add(agent, { name: 'Waybill scan', documentType: 'image', content: PNG_BASE64 })).json().data;
    const files = storedFileCount(t);
    const del = (session: Session, id = doc.id) => t.app.inject({ method: 'DELETE', url: `${url()}/${id}`, headers: { cookie: session.cookie } });
    expect((await del(owner)).statusCode).toBe(403);
    expect((await del(stranger)).statusCode).toBe(404);
    expect((await del(staff)).statusCode).toBe(200);
    expect((await del(staff)).statusCode).toBe(404);
    expect(storedFileCount(t)).toBe(files - 1);
    expect((await list(owner)).json().data.map((d: { name: string }) => d.name)).not.toContain('Waybill scan');
    expect((await t.app.inject({ method: 'GET', url: doc.url, headers: { cookie: staff.cookie } })).statusCode).toBe(404);
  });
});
