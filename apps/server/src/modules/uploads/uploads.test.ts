import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { multipartBody, PDF, PNG, PNG_BASE64, storedFileCount, TEXT_BASE64, uploadCount } from '../../testing/files.js';

let t: TestApp;
let customer: Session;
let other: Session;
let staff: Session;

beforeAll(async () => {
  t = await buildTestApp();
  customer = await signUpCustomer(t);
  other = await signUpCustomer(t);
  staff = await signInAs(t, 'staff');
});
afterAll(() => t.close());

const upload = (session: Session | null, fileName: string, bytes: Buffer, query = '') => {
  const body = multipartBody('file', fileName, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads/upload-api${query}`,
    headers: { ...body.headers, ...(session ? { cookie: session.cookie } : {}) },
    payload: body.payload,
  });
};
const get = (url: string, session?: Session | null) => t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });

describe('POST /api/uploads/upload-api', () => {
  it('stores an image by its bytes and answers the spec Upload fields', async () => {
    const res = await upload(customer, 'receipt.bin', PNG, '?path=receipts&shouldMakePublic=false');
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      fileName: 'receipt.bin',
      contentType: 'image/png',
      sizeInBytes: PNG.length,
      shouldMakePublic: false,
      uploadedById: customer.userId,
    });
    expect(data.path).toMatch(/^uploads\/receipts\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(data.fileUrl).toMatch(/^\/api\/uploads\/download\/file\?/);
    const file = await get(data.fileUrl, customer);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload).toEqual(PNG);
  });

  it('refuses a file of 10 MB + 1 byte with 413 and a clear message, storing nothing', async () => {
    const before = [await uploadCount(t), storedFileCount(t)];
    const res = await upload(customer, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10_485_761 - PDF.length)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 10 MB (10485760 bytes)');
    expect([await uploadCount(t), storedFileCount(t)]).toEqual(before);
  });

  it('accepts exactly 10 MB', async () => {
    const res = await upload(customer, 'max.pdf', Buffer.concat([PDF, Buffer.alloc(10_485_760 - PDF.length)]));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.sizeInBytes).toBe(10_485_760);
  });

  it('refuses text, HTML and files whose name is a path', async () => {
    expect((await upload(customer, 'a.png', Buffer.from('<html>hi</html>'))).json().message).toBe(
      'Only images (JPEG, PNG, WebP, HEIC) and PDF files are accepted',
    );
    // The multipart parser keeps only the last segment of a part's file name; a bare ".." is refused.
    const traversal = await upload(customer, '../../etc/passwd', PNG);
    expect(traversal.json().data.fileName).toBe('passwd');
    const dots = await upload(customer, '..', PNG);
    expect(dots.statusCode).toBe(400);
    expect(dots.json().details[0].field).toBe('file');
    const folder = await upload(customer, 'a.png', PNG, '?path=../../etc');
    expect(folder.statusCode).toBe(400);
  });

  it('needs a session and a part named file', async () => {
    expect((await upload(null, 'a.png', PNG)).statusCode).toBe(401);
    const wrong = multipartBody('picture', 'a.png', PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/upload-api',
      headers: { ...wrong.headers, cookie: customer.cookie },
      payload: wrong.payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers a broken multipart body with 400 on the file, not 500 (found by the API fuzzer)', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=xyz']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/upload-api',
        headers: { 'content-type': contentType, cookie: customer.cookie },
        payload: '["not", "multipart"]',
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'file' }] });
    }
  });
});

describe('POST /api/uploads (base64)', () => {
  it('stores base64 or a data URL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: customer.cookie },
      payload: { fileName: 'id.png', content: `data:image/png;base64,${PNG_BASE64}` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.contentType).toBe('image/png');
  });

  it('answers "Invalid base64 data" for garbage and refuses a text file, storing nothing', async () => {
    const before = [await uploadCount(t), storedFileCount(t)];
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: customer.cookie },
      payload: { fileName: 'x.png', content: '%%% not base64 %%%' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe('Invalid base64 data');
    const textFile = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: customer.cookie },
      payload: { fileName: 'x.txt', content: TEXT_BASE64 },
    });
    expect(textFile.statusCode).toBe(400);
    expect([await uploadCount(t), storedFileCount(t)]).toEqual(before);
  });

  it('refuses a file name with a path in it', async () => {
    for (const fileName of ['../../../etc/passwd', '..', 'a\\b.png', 'dir/x.png']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: customer.cookie }, payload: { fileName, content: PNG_BASE64 } });
      expect([fileName, res.statusCode]).toEqual([fileName, 400]);
    }
  });
});

describe('who may see an upload', () => {
  let mine: { id: string; fileUrl: string; path: string };
  beforeAll(async () => {
    mine = (await upload(customer, 'mine.png', PNG)).json().data;
  });

  it('gives metadata to the uploader and staff, 404 to anyone else', async () => {
    expect((await get(`/api/uploads/${mine.id}`, customer)).statusCode).toBe(200);
    expect((await get(`/api/uploads/${mine.id}`, staff)).statusCode).toBe(200);
    expect((await get(`/api/uploads/${mine.id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/uploads/${mine.id}`, null)).statusCode).toBe(401);
  });

  it('downloads by fileUrl, path, id or own file name; others get 404', async () => {
    expect((await get(mine.fileUrl, other)).statusCode).toBe(404);
    expect((await get(mine.fileUrl, null)).statusCode).toBe(401);
    for (const ref of [`fileUrl=${encodeURIComponent(mine.path)}`, `fileUrl=${mine.id}`, `fileUrl=${encodeURIComponent(mine.fileUrl)}`, 'fileName=mine.png']) {
      const res = await get(`/api/uploads/download/file?${ref}`, customer);
      expect([ref, res.statusCode]).toEqual([ref, 200]);
    }
    expect((await get('/api/uploads/download/file?fileName=mine.png', other)).statusCode).toBe(404);
  });

  it('refuses path traversal in fileName and fileUrl', async () => {
    const name = await get(`/api/uploads/download/file?fileUrl=${mine.id}&fileName=${encodeURIComponent('../../etc/passwd')}`, customer);
    expect(name.statusCode).toBe(400);
    const url = await get(`/api/uploads/download/file?fileUrl=${encodeURIComponent('../../../etc/passwd')}`, customer);
    expect(url.statusCode).toBe(400);
    expect(url.json().message).toBe('Invalid file path');
  });

  it('serves public files to anyone', async () => {
    const pub = (await upload(staff, 'banner.png', PNG, '?shouldMakePublic=true')).json().data;
    expect(pub.shouldMakePublic).toBe(true);
    const res = await get(pub.fileUrl, null);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
  });
});

describe('signed URLs (local storage)', () => {
  const sign = (fileName = 'direct.pdf', session = customer) =>
    t.app.inject({ method: 'POST', url: '/api/uploads/signed-url', headers: { cookie: session.cookie }, payload: { fileName } });

  it('issues a short-lived URL to our own PUT, which stores and registers the file', async () => {
    const signed = (await sign()).json().data;
    expect(signed.url).toMatch(/^\/api\/uploads\/signed\/[A-Za-z0-9_-]{71}\?fileName=direct.pdf$/);
    expect(new Date(signed.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    const put = await t.app.inject({ method: 'PUT', url: signed.url, headers: { 'content-type': 'application/pdf' }, payload: PDF });
    expect(put.statusCode).toBe(201);
    expect(put.json().data).toMatchObject({ id: signed.uploadId, contentType: 'application/pdf', uploadedById: customer.userId });
    // Registering afterwards (what an S3 client does) answers the same upload.
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: customer.cookie },
      payload: { fileName: 'direct.pdf', uploadToken: signed.uploadToken },
    });
    expect(registered.statusCode).toBe(200);
    expect(registered.json().data.id).toBe(signed.uploadId);
    expect((await t.app.inject({ method: 'PUT', url: signed.url, payload: PDF, headers: { 'content-type': 'application/pdf' } })).statusCode).toBe(409);
  });

  it('refuses a tampered token or file name, someone else registering, and more than 10 MB', async () => {
    const signed = (await sign('a.png')).json().data;
    const token = signed.uploadToken as string;
    const forged = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/uploads/signed/${forged}?fileName=a.png`, payload: PNG, headers: { 'content-type': 'image/png' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/uploads/signed/${token}?fileName=b.png`, payload: PNG, headers: { 'content-type': 'image/png' } }))
        .statusCode,
    ).toBe(400);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: other.cookie },
      payload: { fileName: 'a.png', uploadToken: token },
    });
    expect(theirs.statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'PUT',
      url: signed.url,
      payload: Buffer.concat([PNG, Buffer.alloc(10_485_761 - PNG.length)]),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(big.statusCode).toBe(413);
    const text = await t.app.inject({ method: 'PUT', url: signed.url, payload: Buffer.from('just text'), headers: { 'content-type': 'image/png' } });
    expect(text.statusCode).toBe(400);
    // Nothing was stored, so the link is still good for a real image.
    expect((await t.app.inject({ method: 'PUT', url: signed.url, payload: PNG, headers: { 'content-type': 'image/png' } })).statusCode).toBe(201);
  });
});
