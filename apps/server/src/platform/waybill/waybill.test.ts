import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidTrackingNumber } from '@hatid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBarcodes, pdfText, rasterizePdf } from '../../testing/pdf-tools.js';
import { sampleWaybill } from './fixtures.js';
import { packagesHeadline, paymentSummary, pickupLabel } from './label.js';
import { LABEL_HEIGHT_PX, LABEL_WIDTH_PX, renderWaybillHtml, renderWaybillPng, renderWaybillsPdf, type WaybillData } from './index.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hatid-waybill-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Width, height and pixels per metre (pHYs) of a PNG. */
function pngInfo(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const phys = png.indexOf('pHYs', 0, 'latin1');
  return {
    width: png.readUInt32BE(16),
    height: png.readUInt32BE(20),
    pixelsPerMetre: phys > 0 ? png.readUInt32BE(phys + 4) : null,
  };
}

const expected = (trackingNumber: string) => [`CODE-128:${trackingNumber}`, `QR-Code:${trackingNumber}`];

describe('PDF air waybills', () => {
  it('prints one 4x6 in page per shipment whose Code 128 and QR decode to that page’s tracking number', async () => {
    const items = [sampleWaybill(1), sampleWaybill(2), sampleWaybill(3)];
    for (const item of items) expect(isValidTrackingNumber(item.trackingNumber)).toBe(true);
    expect(new Set(items.map((i) => i.trackingNumber)).size).toBe(3);

    const pdf = await renderWaybillsPdf(items);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await rasterizePdf(pdf, 'bulk');
    expect(pages).toHaveLength(3);

    for (const [i, page] of pages.entries()) {
      const { width, height } = pngInfo(await readFile(page));
      expect([width, height]).toEqual([800, 1200]); // 4 x 6 in at 200 dpi
      expect(await decodeBarcodes(page)).toEqual(expected(items[i]!.trackingNumber));
    }
  });

  it('shows "Cash upon delivery" and the peso amount on a COD label, and not on a prepaid one', async () => {
    const cod = sampleWaybill(3, { codAmountInCents: 123_450, paidBy: 'recipient', paymentMethod: 'cash' });
    const prepaid = sampleWaybill(4, { codAmountInCents: null, paidBy: 'sender', paymentMethod: 'gcash' });

    const codText = await pdfText(await renderWaybillsPdf([cod]), 'cod');
    expect(codText).toContain('Cash upon delivery');
    expect(codText).toContain('₱1,234.50');
    expect(codText).toContain(cod.trackingNumber);
    expect(codText).toContain(cod.receiver.name);
    expect(codText).toContain('Next Day'.toUpperCase());

    const prepaidText = await pdfText(await renderWaybillsPdf([prepaid]), 'prepaid');
    expect(prepaidText).not.toContain('Cash upon delivery');
    expect(prepaidText).not.toContain('₱1,234.50');
    expect(prepaidText).toContain('PAID');
    expect(prepaidText).toContain('Shipping fee: Cash upon pick up');
  });

  it('keeps overlong and odd user input on the label without breaking the barcodes', async () => {
    const item = sampleWaybill(5, {
      receiver: {
        name: 'Ma. Concepción Ñiguez-Villanueva y Fernández de los Santos Trading and General Merchandise',
        mobileNumber: '+63 917 000 0000',
        streetName: `${'Very long street name '.repeat(20)}\nwith a newline\tand a tab`,
        barangayName: 'Poblacion',
        cityLabel: 'Municipality of San Juan de los Caballeros del Norte and Surrounding Areas',
        provinceName: 'Davao de Oro',
      },
      packages: Array.from({ length: 6 }, (_, i) => ({
        boxName: 'Your Box',
        quantity: i + 1,
        weightInGrams: i % 2 ? null : 5_500,
        lengthInCm: 60,
        widthInCm: 40,
        heightInCm: 40,
        itemCategory: 'Home & Kitchen',
      })),
      notes: '<b>Leave at the guard house</b> 🙏',
    });
    const pdf = await renderWaybillsPdf([item]);
    const [page] = await rasterizePdf(pdf, 'long');
    expect(await decodeBarcodes(page!)).toEqual(expected(item.trackingNumber));
    const text = await pdfText(pdf, 'long');
    expect(text).toContain('21 pcs');
    expect(text).toContain('more lines');
    expect(text).toContain('Note: <b>Leave at the guard house</b>'); // the emoji, which has no glyph, is dropped
    expect(text).not.toContain('🙏');
  });

  it('refuses an empty list', async () => {
    await expect(renderWaybillsPdf([])).rejects.toThrow(/at least one/);
  });
});

describe('PNG air waybill', () => {
  it('is 812 x 1218 px at 203 dpi and its barcodes decode to the tracking number', async () => {
    for (const item of [sampleWaybill(6), sampleWaybill(7)]) {
      const png = await renderWaybillPng(item);
      const info = pngInfo(png);
      expect([info.width, info.height]).toEqual([LABEL_WIDTH_PX, LABEL_HEIGHT_PX]);
      expect([info.width, info.height]).toEqual([812, 1218]);
      expect(info.pixelsPerMetre).toBe(Math.round(203 * 39.3701));
      const file = join(dir, `${item.trackingNumber}.png`);
      await writeFile(file, png);
      expect(await decodeBarcodes(file)).toEqual(expected(item.trackingNumber));
    }
  });
});

describe('HTML air waybill', () => {
  const hostile: WaybillData = sampleWaybill(8, {
    receiver: {
      name: '<script>alert("owned")</script> Ana',
      mobileNumber: '+63 917 111 2222',
      streetName: '12 "Quoted" St. & <img src=x onerror=alert(1)>',
      barangayName: "Brgy. O'Brien",
      cityLabel: 'Quezon City',
      provinceName: 'Metro Manila',
    },
    notes: '</style><script>steal()</script>',
  });
  const html = renderWaybillHtml(hostile);

  it('escapes every piece of user text', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('</style><');
    expect(html).toContain('&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt; Ana');
    expect(html).toContain('12 &quot;Quoted&quot; St. &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Brgy. O&#39;Brien');
  });

  it('is a 4x6 in print page with inline SVG Code 128 and QR of the tracking number', () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('@page { size: 4in 6in');
    expect(html.match(/<svg\b/g)).toHaveLength(2);
    expect(html).toContain(`aria-label="Code 128 barcode ${hostile.trackingNumber}"`);
    expect(html).toContain(`aria-label="QR code ${hostile.trackingNumber}"`);
    expect(html).toContain(`<title>Air waybill ${hostile.trackingNumber}</title>`);
  });

  it('shows the cash to collect only on a COD label', () => {
    expect(renderWaybillHtml(sampleWaybill(9, { codAmountInCents: 50_000 }))).toContain('Cash upon delivery: ₱500.00');
    const prepaid = renderWaybillHtml(sampleWaybill(10, { codAmountInCents: null, paidBy: 'wallet' }));
    expect(prepaid).not.toContain('Cash upon delivery');
    expect(prepaid).toContain('Shipping fee: Wallet');
  });
});

describe('label content', () => {
  it('sums pieces and weights', () => {
    expect(packagesHeadline(sampleWaybill(0))).toBe('3 pcs · 2.85 kg');
    const noWeight = sampleWaybill(0, {
      packages: [{ boxName: 'Passport', quantity: 1, weightInGrams: null, lengthInCm: null, widthInCm: null, heightInCm: null, itemCategory: 'Passport' }],
    });
    expect(packagesHeadline(noWeight)).toBe('1 pc');
  });

  it('reads the pickup date as a Manila calendar day', () => {
    expect(pickupLabel(sampleWaybill(0, { pickupDate: '2026-11-06' }))).toBe('November 06, 2026');
    expect(pickupLabel(sampleWaybill(0, { pickupDate: null, serviceType: 'Drop Off' }))).toBe('Drop off at hub');
  });

  it('treats a zero COD amount as nothing to collect', () => {
    expect(paymentSummary(sampleWaybill(0, { codAmountInCents: 0, paidBy: 'sender' })).cashOnDelivery).toBe(false);
    expect(paymentSummary(sampleWaybill(0, { codAmountInCents: 1 })).headline).toBe('Cash upon delivery: ₱0.01');
  });
});

describe('a label in its shipper’s language', () => {
  it('prints every fixed word in Filipino, whole, with Filipino dates and pesos as ₱1,234.50, and barcodes that still scan', async () => {
    const cod = sampleWaybill(6, { language: 'fil', codAmountInCents: 123_450, paidBy: 'recipient', paymentMethod: 'cash', notes: 'Marupok' });
    const prepaid = sampleWaybill(7, { language: 'fil', codAmountInCents: null, paidBy: 'sender', paymentMethod: 'payment_link' });
    const pdf = await renderWaybillsPdf([cod, prepaid]);
    const pages = await rasterizePdf(pdf, 'fil');
    for (const [i, page] of pages.entries()) expect(await decodeBarcodes(page)).toEqual(expected([cod, prepaid][i]!.trackingNumber));

    const text = await pdfText(pdf, 'fil');
    for (const words of [
      'PARA KAY',
      'MULA KAY',
      'I-scan para i-track',
      'MGA PACKAGE',
      '3 piraso',
      'Laman:',
      'Halaga ng laman',
      'Singil sa padala',
      'Bayad',
      'Na-book',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain('Kukunin'); // the pick-up row of the first label
    expect(text).toContain('Dalhin sa'); // the drop-off row of the second
    expect(text).toContain('Nobyembre 05, 2026');
    expect(text).toContain('Nobyembre 06, 2026');
    expect(text).toContain('₱2,500.00');
    expect(text).toContain('COD: ₱1,234.50');
    expect(text).toContain('SINGILIN SA TATANGGAP');
    expect(text).toContain('Paalala: Marupok');
    expect(text).toContain('BAYAD NA');
    expect(text).toContain('Singil sa padala: Cash sa pag-pick up');
    expect(text).toContain('Link ng bayad');
    // Nothing of the fixed words was cut to fit: the only ellipses are the overlong user input of the sample.
    expect(text).not.toMatch(/(Kukunin|Nobyembre 0\d, 2026|Halaga ng laman|Singil sa padala|₱[\d,.]+)…/);
    for (const english of ['TO', 'FROM', 'PACKAGES', 'Declared value', 'Shipping fee', 'Booked', 'Scan to track', 'PAID', 'COLLECT FROM RECIPIENT']) {
      expect(text).not.toMatch(new RegExp(`\\b${english}\\b`));
    }
  });

  it('draws the PNG in Filipino with barcodes that scan, and the HTML page says lang="fil"', async () => {
    const item = sampleWaybill(9, { language: 'fil' });
    const file = join(dir, `fil-${item.trackingNumber}.png`);
    await writeFile(file, await renderWaybillPng(item));
    expect(await decodeBarcodes(file)).toEqual(expected(item.trackingNumber));
    const html = renderWaybillHtml(sampleWaybill(9, { language: 'fil', codAmountInCents: 50_000 }));
    expect(html).toContain('<html lang="fil">');
    expect(html).toContain('<span class="tag">PARA KAY</span>');
    expect(html).toContain('COD: ₱500.00');
    expect(renderWaybillHtml(sampleWaybill(9))).toContain('<html lang="en">');
  });

  it('reads the pickup day in the label’s language', () => {
    expect(pickupLabel(sampleWaybill(0, { pickupDate: '2026-11-06', language: 'fil' }))).toBe('Nobyembre 06, 2026');
    expect(pickupLabel(sampleWaybill(0, { pickupDate: null, serviceType: 'Drop Off', language: 'fil' }))).toBe('Dalhin sa hub');
    expect(packagesHeadline(sampleWaybill(0, { language: 'fil' }))).toBe('3 piraso · 2.85 kg');
  });
});
