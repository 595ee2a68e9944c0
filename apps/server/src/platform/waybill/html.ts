import { formatMoney } from '@hatid/domain';
import { code128Svg, qrSvg } from './barcodes.js';
import {
  BRAND,
  DOCUMENT_NAME,
  languageOf,
  word,
  bookedLabel,
  contentsLabel,
  localityLine,
  packageLine,
  packagesHeadline,
  paymentMethodLabel,
  paymentSummary,
  dropOffLine,
  pickupCaption,
  pickupLabel,
  serviceLabel,
} from './label.js';
import type { WaybillData, WaybillParty } from './types.js';

/**
 * The label as a print-ready HTML page: one 4x6 in page (`@page`), barcodes as inline SVG from bwip-js,
 * the same content as the PDF. Every piece of text is escaped: names, addresses and notes are user input.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** bwip-js SVG made to fill its box, labelled for screen readers. */
function svg(markup: string, label: string, stretch: boolean): string {
  const attributes = `role="img" aria-label="${escapeHtml(label)}"${stretch ? ' preserveAspectRatio="none"' : ''}`;
  return markup.replace(/^<svg\b/, `<svg ${attributes}`);
}

const STYLE = `
@page { size: 4in 6in; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; }
body { font-family: "Noto Sans", "DejaVu Sans", Arial, Helvetica, sans-serif; color: #000;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.label { width: 4in; height: 6in; padding: 8pt; display: flex; flex-direction: column; overflow: hidden;
  page-break-after: always; break-after: page; }
.row { display: flex; justify-content: space-between; align-items: center; gap: 6pt; }
.rule { border-bottom: 1pt solid #000; }
.ellipsis { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
header { padding-bottom: 3pt; }
.brand { font-size: 24pt; font-weight: 700; line-height: 1; }
.kind { font-size: 7pt; margin-top: 2pt; }
.service { background: #000; color: #fff; font-weight: 700; font-size: 21pt; width: 140pt; height: 38pt;
  display: flex; align-items: center; justify-content: center; text-transform: uppercase; white-space: nowrap; }
.barcode { height: 56pt; margin-top: 4pt; }
.barcode svg { width: 100%; height: 100%; display: block; }
.tracking { text-align: center; font-weight: 700; font-size: 16pt; letter-spacing: 0.5pt; padding-bottom: 3pt; }
.tag { display: inline-block; background: #000; color: #fff; font-weight: 700; font-size: 7.5pt; padding: 1pt 4pt; }
.to { display: flex; gap: 4pt; padding: 4pt 0; min-height: 110pt; }
.to .who { flex: 1; min-width: 0; }
.to .name { font-size: 15pt; font-weight: 700; margin-top: 4pt; }
.to .mobile { font-size: 11pt; font-weight: 700; }
.to .street, .to .barangay, .to .province { font-size: 9.5pt; }
.to .street { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.to .city { font-size: 12pt; font-weight: 700; }
.qr { width: 80pt; flex: none; text-align: center; font-size: 6pt; }
.qr svg { width: 80pt; height: 80pt; display: block; }
.from { padding: 4pt 0; font-size: 8.5pt; }
.from .name { font-weight: 700; font-size: 9.5pt; flex: 1; min-width: 0; }
.from .mobile { font-size: 9pt; flex: none; }
.details { display: flex; padding: 4pt 0; font-size: 7.5pt; flex: 1; min-height: 0; }
.details .packages { width: 140pt; padding-right: 4pt; border-right: 0.75pt solid #000; }
.details .facts { flex: 1; padding-left: 4pt; }
.caption { font-size: 6.5pt; }
.headline { font-size: 12pt; font-weight: 700; }
.facts .row { font-size: 7pt; line-height: 13pt; }
.facts b { font-size: 8pt; }
.note { font-size: 7pt; }
.payment { height: 40pt; flex: none; display: flex; align-items: center; margin-top: 4pt; }
.payment.cod { background: #000; color: #fff; flex-direction: column; justify-content: center; }
.payment.cod .amount { font-weight: 700; white-space: nowrap; max-width: 100%; overflow: hidden; }
.payment.cod .detail { font-size: 7pt; }
.payment.paid { border: 1.5pt solid #000; justify-content: space-between; padding: 0 10pt; }
.payment.paid .amount { font-weight: 700; }
.payment.paid .detail { font-size: 9pt; }
@media screen { body { background: #ddd; } .label { background: #fff; margin: 16px auto; box-shadow: 0 1px 4px #0004; } }
`;

function party(p: WaybillParty): { name: string; mobile: string; street: string; barangay: string; city: string; province: string } {
  return {
    name: escapeHtml(p.name),
    mobile: escapeHtml(p.mobileNumber),
    street: escapeHtml(p.streetName),
    barangay: escapeHtml(p.barangayName),
    city: escapeHtml(p.cityLabel),
    province: escapeHtml(p.provinceName),
  };
}

/** The band's headline on one line in 260 pt, sized from its length (a bold sans averages ~0.68 em a character). */
function headlineSize(text: string, cashOnDelivery: boolean): number {
  const max = cashOnDelivery ? 17 : 20;
  return Math.max(9, Math.min(max, Math.floor(260 / (text.length * 0.68))));
}

export function renderWaybillHtml(item: WaybillData): string {
  const tracking = escapeHtml(item.trackingNumber);
  const to = party(item.receiver);
  const from = party(item.sender);
  const pay = paymentSummary(item);
  const contents = contentsLabel(item);
  const notes = item.notes?.trim();
  const dropOff = dropOffLine(item);
  const language = languageOf(item);
  const fact = (label: string, value: string) => `<div class="row"><span>${label}</span><b class="ellipsis">${escapeHtml(value)}</b></div>`;

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Air waybill ${tracking}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="label">
  <header class="row rule">
    <div>
      <div class="brand">${BRAND}</div>
      <div class="kind">${DOCUMENT_NAME} · ${escapeHtml(item.serviceType.toUpperCase())}</div>
    </div>
    <div class="service">${escapeHtml(serviceLabel(item))}</div>
  </header>
  <div class="barcode">${svg(code128Svg(item.trackingNumber), `Code 128 barcode ${item.trackingNumber}`, true)}</div>
  <div class="tracking rule">${tracking}</div>
  <section class="to rule" aria-label="${word(language, 'waybill.receiver')}">
    <div class="who">
      <span class="tag">${word(language, 'waybill.to')}</span>
      <div class="name ellipsis">${to.name}</div>
      <div class="mobile ellipsis">${to.mobile}</div>
      <div class="street">${to.street}</div>
      <div class="barangay ellipsis">${to.barangay}</div>
      <div class="city ellipsis">${to.city}</div>
      <div class="province ellipsis">${to.province}</div>
    </div>
    <div class="qr">${svg(qrSvg(item.trackingNumber), `QR code ${item.trackingNumber}`, false)}${word(language, 'waybill.scan_to_track')}</div>
  </section>
  <section class="from rule" aria-label="${word(language, 'waybill.sender')}">
    <div class="row"><span class="tag">${word(language, 'waybill.from')}</span><span class="name ellipsis">${from.name}</span><span class="mobile">${from.mobile}</span></div>
    <div class="ellipsis">${from.street}</div>
    <div>${escapeHtml(localityLine(item.sender))}</div>
  </section>
  <section class="details" aria-label="${word(language, 'waybill.shipment')}">
    <div class="packages">
      <div class="caption">${word(language, 'waybill.packages')}</div>
      <div class="headline">${escapeHtml(packagesHeadline(item))}</div>
      ${item.packages.map((p) => `<div class="ellipsis">${escapeHtml(packageLine(p))}</div>`).join('\n      ')}
      ${contents ? `<div class="ellipsis">${escapeHtml(word(language, 'waybill.contents', { contents }))}</div>` : ''}
    </div>
    <div class="facts">
      ${fact(word(language, 'waybill.declared_value'), formatMoney(item.declaredValueInCents, language))}
      ${fact(word(language, 'waybill.shipping_fee'), formatMoney(item.totalInCents, language))}
      ${fact(word(language, 'waybill.payment'), paymentMethodLabel(item))}
      ${fact(word(language, 'waybill.booked'), bookedLabel(item))}
      ${fact(pickupCaption(item), pickupLabel(item))}
    </div>
  </section>
  ${dropOff ? `<div class="note">${escapeHtml(dropOff)}</div>` : ''}
  ${notes ? `<div class="note ellipsis">${escapeHtml(word(language, 'waybill.note', { note: notes }))}</div>` : ''}
  <section class="payment ${pay.cashOnDelivery ? 'cod' : 'paid'}" aria-label="${word(language, 'waybill.payment')}">
    <div class="amount" style="font-size: ${headlineSize(pay.headline, pay.cashOnDelivery)}pt">${escapeHtml(pay.headline)}</div>
    <div class="detail">${escapeHtml(pay.detail)}</div>
  </section>
</main>
</body>
</html>
`;
}
