import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signUpCustomer, type Session } from '../../testing/auth.js';
import { book } from '../../testing/shipments.js';
import { decodeBarcodes, rasterizePdf, requirePdfTools } from '../../testing/pdf-tools.js';

let t: TestApp;
let ana: Session;
let ben: Session;
beforeAll(async () => {
  await requirePdfTools();
  t = await buildTestApp();
  ana = await signUpCustomer(t);
  ben = await signUpCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

describe('air waybills through the API', () => {
  it('a PDF for 3 shipments has 3 pages whose barcodes read back as their tracking numbers', async () => {
    const numbers = [(await book(t, ana)).trackingNumber, (await book(t, ana)).trackingNumber, (await book(t, ana)).trackingNumber];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/air-waybill/download',
      headers: { cookie: ana.cookie },
      payload: { format: 'pdf', trackingNumbers: numbers },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="waybills-3-items.pdf"');
    const pages = await rasterizePdf(res.rawPayload, 'three');
    expect(pages).toHaveLength(3);
    for (const [i, page] of pages.entries()) {
      expect(await decodeBarcodes(page)).toEqual(expect.arrayContaining([`CODE-128:${numbers[i]}`, `QR-Code:${numbers[i]}`]));
    }
  });

  it('gives one label as a PNG image in JSON, the same number twice included', async () => {
    const { trackingNumber } = await book(t, ana);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/air-waybill/download',
      headers: { cookie: ana.cookie },
      payload: { format: 'image', trackingNumbers: [trackingNumber] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ contentType: 'image/png', filename: `waybill-${trackingNumber}.png` });
    expect(Buffer.from(body.imageBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const several = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/air-waybill/download',
      headers: { cookie: ana.cookie },
      payload: { format: 'image', trackingNumbers: [trackingNumber, trackingNumber] },
    });
    // The same number twice is one label, so one image; several labels are a ZIP of images (catalogue-letter.test.ts).
    expect(several.statusCode).toBe(200);
    expect(several.json()).toMatchObject({ contentType: 'image/png', filename: `waybill-${trackingNumber}.png` });
  });

  it('names the default file after the one shipment, and serves a printable HTML page', async () => {
    const { trackingNumber } = await book(t, ana);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/shipments/air-waybill/${trackingNumber}`, headers: { cookie: ana.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="waybill-${trackingNumber}.pdf"`);
    const html = await t.app.inject({ method: 'GET', url: `/api/shipments/air-waybill/${trackingNumber}/html`, headers: { cookie: ana.cookie } });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(trackingNumber);
    expect(html.body).toContain('<svg');
    // The numbers as every screen shows them (issue 29, item 18), not as stored (+639181234567).
    expect(html.body).toContain('+63 918 123 4567');
    expect(html.body).toContain('+63 917 123 4567');
    expect(html.body).not.toContain('+639181234567');
  });

  it('never prints another customer’s shipment: 404 naming the number', async () => {
    const { trackingNumber } = await book(t, ana);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/air-waybill/download',
      headers: { cookie: ben.cookie },
      payload: { format: 'pdf', trackingNumbers: [trackingNumber] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Shipment not found: ${trackingNumber}`);
  });

  /** Two of Ana's bookings, the second cancelled: a batch with a shipment that has no waybill. */
  async function oneLiveOneCancelled() {
    const live = await book(t, ana);
    const gone = await book(t, ana);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/shipments/${gone.id}/cancel`,
      headers: { cookie: ana.cookie },
      payload: { reasonForCancellation: 'Changed my mind' },
    });
    expect(cancel.statusCode).toBe(200);
    return { live, gone };
  }

  it('gives no waybill for a cancelled shipment, naming the number on its place in the list', async () => {
    const { live, gone } = await oneLiveOneCancelled();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/air-waybill/download',
      headers: { cookie: ana.cookie },
      payload: { format: 'pdf', trackingNumbers: [live.trackingNumber, gone.trackingNumber] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'trackingNumbers.1', message: 'This shipment is cancelled: it has no waybill' }]);
  });

  it('a batch asked with skipCancelled prints the others and names the cancelled one in a header; all cancelled is still refused', async () => {
    const { live, gone } = await oneLiveOneCancelled();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/air-waybill/download',
      headers: { cookie: ana.cookie },
      payload: { format: 'pdf', trackingNumbers: [gone.trackingNumber, live.trackingNumber], skipCancelled: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-skipped-cancelled']).toBe(gone.trackingNumber);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="waybill-${live.trackingNumber}.pdf"`);
    const pages = await rasterizePdf(res.rawPayload, 'skipped');
    expect(pages).toHaveLength(1);
    expect(await decodeBarcodes(pages[0]!)).toEqual(expect.arrayContaining([`CODE-128:${live.trackingNumber}`]));

    const onlyGone = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/air-waybill/download',
      headers: { cookie: ana.cookie },
      payload: { format: 'pdf', trackingNumbers: [gone.trackingNumber], skipCancelled: true },
    });
    expect(onlyGone.statusCode).toBe(422);
    expect(onlyGone.json().details).toEqual([{ field: 'trackingNumbers.0', message: 'This shipment is cancelled: it has no waybill' }]);
  });
});
