import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { parseTrackingNumbers, problemsFromError, typosIn } from '../lib/waybill-numbers';
import { downloadAirWaybills } from './download-air-waybills';

afterEach(() => vi.restoreAllMocks());

const pdf = (headers: Record<string, string> = {}) =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers: { 'content-type': 'application/pdf', ...headers } });

describe('downloadAirWaybills', () => {
  it('keeps the server file name of a PDF', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(pdf({ 'content-disposition': 'attachment; filename="waybills-2-items.pdf"' }));
    const file = await downloadAirWaybills(['ND123456785PH', 'SD000000014PH'], 'pdf');
    expect(file.fileName).toBe('waybills-2-items.pdf');
    expect(file.blob.size).toBe(4);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/shipments/air-waybill/download');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ format: 'pdf', trackingNumbers: ['ND123456785PH', 'SD000000014PH'] });
  });

  it("uses the spec's default names when the server gives none", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => pdf());
    expect((await downloadAirWaybills(['ND123456785PH'])).fileName).toBe('waybill-ND123456785PH.pdf');
    expect((await downloadAirWaybills(['ND123456785PH', 'SD000000014PH', 'IC000000028PH'])).fileName).toBe('waybills-3-items.pdf');
  });

  it('turns an image answer into a PNG file', async () => {
    const body = { data: { contentType: 'image/png', filename: 'waybill-ND123456785PH.png', imageBase64: btoa('PNGDATA') } };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
    const file = await downloadAirWaybills(['ND123456785PH'], 'image');
    expect(file).toMatchObject({ fileName: 'waybill-ND123456785PH.png', contentType: 'image/png' });
    expect(await file.blob.text()).toBe('PNGDATA');
  });

  it('refuses binary data where JSON was expected', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(pdf());
    await expect(downloadAirWaybills(['ND123456785PH'], 'image')).rejects.toThrow('Expected JSON response but received binary data');
  });

  it('names the missing parameter before calling', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await expect(downloadAirWaybills(undefined)).rejects.toThrow('Required parameter trackingNumbers was null or undefined when calling downloadAirWaybills.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('waybill numbers', () => {
  it('reads pasted numbers in any separator, without repeats, and names the typos', () => {
    const numbers = parseTrackingNumbers('nd123456785ph, ND123456784PH\nND123456785PH;  SD000000014PH');
    expect(numbers).toEqual(['ND123456785PH', 'ND123456784PH', 'SD000000014PH']);
    expect(typosIn(numbers).map((p) => p.trackingNumber)).toEqual(['ND123456784PH']);
  });

  it("maps the server's answers to the numbers they are about", () => {
    const notFound = new ApiError({ statusCode: 404, code: 'NOT_FOUND', message: 'Shipment not found: ND123456785PH, SD000000014PH' });
    expect(problemsFromError(notFound, ['ND123456785PH', 'SD000000014PH'])).toEqual([
      { trackingNumber: 'ND123456785PH', message: 'Not found among your shipments' },
      { trackingNumber: 'SD000000014PH', message: 'Not found among your shipments' },
    ]);
    const invalid = new ApiError({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      details: [{ field: 'body.trackingNumbers.1', message: 'Check the tracking number: it has a typo' }],
    });
    expect(problemsFromError(invalid, ['ND123456785PH', 'ND123456784PH'])).toEqual([
      { trackingNumber: 'ND123456784PH', message: 'Check the tracking number: it has a typo' },
    ]);
  });
});
