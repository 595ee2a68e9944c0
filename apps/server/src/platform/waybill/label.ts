import { DELIVERY_TYPE_LABELS, DOCUMENT_TEXTS, PAYER_LABELS, formatDate, formatMoney, PAYMENT_METHOD_LABELS, type Language } from '@hatid/domain';
import { code128Pattern, qrMatrix, type BarPattern, type QrMatrix } from './barcodes.js';
import type { FontFace } from './fonts.js';
import { LABEL_WIDTH_PT, type WaybillData, type WaybillPackage, type WaybillParty } from './types.js';

/**
 * The label's content and its 4x6 in layout, written once and drawn by a painter: pdfkit for the PDF,
 * @napi-rs/canvas for the PNG. Coordinates are PDF points (1/72 in) from the top-left corner; text
 * positions are baselines. The HTML form reuses the content helpers with its own CSS layout.
 */

export type Ink = 'black' | 'white';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelPainter {
  /** Advance width of the text in points. */
  measure(text: string, face: FontFace, size: number): number;
  text(text: string, x: number, baseline: number, face: FontFace, size: number, ink: Ink): void;
  fillRect(box: Box, ink: Ink): void;
  strokeRect(box: Box, lineWidth: number): void;
  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number): void;
  /** The symbol centred in the box with its 10-module quiet zones inside the box's width. */
  code128(pattern: BarPattern, box: Box): void;
  /** The symbol centred in the square box with its 4-module quiet zone inside it. */
  qr(matrix: QrMatrix, box: Box): void;
}

// ---------------------------------------------------------------------------------------------------
// Content, shared with the HTML form

export const BRAND = 'HATID';
/** The document's name in the trade, printed as it is in both languages (like the service names). */
export const DOCUMENT_NAME = 'AIR WAYBILL';

type DocumentKey = keyof (typeof DOCUMENT_TEXTS.messages)['en'];
const hasKey = (key: string): key is DocumentKey => Object.hasOwn(DOCUMENT_TEXTS.messages.en, key);

/** The label's language: its shipper's, English when not known. */
export const languageOf = (item: WaybillData): Language => item.language ?? 'en';

/** A fixed word of the label in its language. */
export const word: (typeof DOCUMENT_TEXTS)['t'] = (language, key, ...params) => DOCUMENT_TEXTS.t(language, key, ...params);

export function serviceLabel(item: WaybillData): string {
  return DELIVERY_TYPE_LABELS[item.deliveryType];
}

/** GCash, QR, Cash and Wallet are names (docs/glossary-fil.json); the other methods are words and are translated. */
export function paymentMethodLabel(item: WaybillData): string {
  const key = `method.${item.paymentMethod}`;
  return hasKey(key) ? DOCUMENT_TEXTS.messages[languageOf(item)][key] : PAYMENT_METHOD_LABELS[item.paymentMethod];
}

/** Who pays, as payerLabel (domain) says it, in the label's language. */
function payerLabel(item: WaybillData): string {
  const key = item.paymentMethod === 'invoice' ? 'payer.invoice' : `payer.${item.paidBy}`;
  return hasKey(key) ? DOCUMENT_TEXTS.messages[languageOf(item)][key] : PAYER_LABELS[item.paidBy];
}

export function packageCount(item: WaybillData): number {
  return item.packages.reduce((sum, p) => sum + p.quantity, 0);
}

const kg = (grams: number) => `${(grams / 1000).toFixed(2)} kg`;
const cm = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** "3.50 kg", "≥ 1.20 kg" when some lines have no weight, or null when none has. */
export function totalWeightLabel(item: WaybillData): string | null {
  let grams = 0;
  let known = 0;
  for (const p of item.packages) {
    if (p.weightInGrams === null) continue;
    grams += p.weightInGrams * p.quantity;
    known++;
  }
  if (known === 0) return null;
  return known === item.packages.length ? kg(grams) : `≥ ${kg(grams)}`;
}

/** "1 pc" / "3 pcs · 3.50 kg" ("3 piraso · 3.50 kg"). */
export function packagesHeadline(item: WaybillData): string {
  const count = packageCount(item);
  const weight = totalWeightLabel(item);
  const pieces = word(languageOf(item), count === 1 ? 'waybill.pieces_one' : 'waybill.pieces_other', { count });
  return `${pieces}${weight ? ` · ${weight}` : ''}`;
}

/** "2 × Small Box · 30.5×25.4×12.7 cm · 1.20 kg" (dimensions and weight per piece, when known). */
export function packageLine(p: WaybillPackage): string {
  const parts = [`${p.quantity} × ${p.boxName}`];
  if (p.lengthInCm !== null && p.widthInCm !== null && p.heightInCm !== null) {
    parts.push(`${cm(p.lengthInCm)}×${cm(p.widthInCm)}×${cm(p.heightInCm)} cm`);
  }
  if (p.weightInGrams !== null) parts.push(kg(p.weightInGrams));
  return parts.join(' · ');
}

export function contentsLabel(item: WaybillData): string | null {
  const categories = [...new Set(item.packages.map((p) => p.itemCategory).filter((c): c is string => !!c))];
  return categories.length ? categories.join(', ') : null;
}

export function bookedLabel(item: WaybillData): string {
  return formatDate(item.bookedAt, languageOf(item));
}

/** The pickup day as printed, read as a Manila calendar day whatever the server's clock zone. */
export function pickupLabel(item: WaybillData): string {
  const language = languageOf(item);
  if (item.pickupDate) return formatDate(`${item.pickupDate}T12:00:00+08:00`, language);
  if (item.serviceType === 'Drop Off') return item.dropOffHub?.name ?? word(language, 'waybill.drop_off_at_hub');
  return word(language, 'waybill.to_be_scheduled');
}

/** "Pickup", or "Drop off" for a parcel the sender brings to a hub. */
export const pickupCaption = (item: WaybillData) => word(languageOf(item), item.serviceType === 'Drop Off' ? 'waybill.drop_off' : 'waybill.pickup');

/** Where to bring a Drop Off parcel: "Drop off at Hatid Makati Hub, 123 … (Mon–Sat, …)"; null for a pickup. */
export function dropOffLine(item: WaybillData): string | null {
  const hub = item.dropOffHub;
  return item.serviceType === 'Drop Off' && hub
    ? word(languageOf(item), 'waybill.drop_off_line', { hub: hub.name, address: hub.address, hours: hub.openingHours })
    : null;
}

export interface PaymentSummary {
  /** Cash to collect from the recipient; the label's prominent band turns black. */
  cashOnDelivery: boolean;
  headline: string;
  detail: string;
}

export function paymentSummary(item: WaybillData): PaymentSummary {
  const language = languageOf(item);
  const cod = item.codAmountInCents ?? 0;
  if (cod > 0) {
    return {
      cashOnDelivery: true,
      headline: word(language, 'waybill.cod_headline', { amount: formatMoney(cod, language) }),
      detail: word(language, 'waybill.collect_from_recipient'),
    };
  }
  return {
    cashOnDelivery: false,
    headline: word(language, 'waybill.paid'),
    // A booking on account reads "Shipping fee: Billed to account".
    detail:
      item.paidBy === 'recipient' ? word(language, 'waybill.fee_settled_by_recipient') : word(language, 'waybill.fee_paid_by', { payer: payerLabel(item) }),
  };
}

/** Barangay, city and province on one line, empty parts left out. */
export function localityLine(party: WaybillParty): string {
  return [party.barangayName, party.cityLabel, party.provinceName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------------
// Text fitting

const ELLIPSIS = '…';
/**
 * Control characters (including newlines) would break a line and emoji have no glyph in the label font
 * (a thermal label is black and white anyway): control characters become spaces, emoji are dropped.
 */
const clean = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this replaces
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    // biome-ignore lint/suspicious/noMisleadingCharacterClass: the joiner and variation selectors are dropped one by one, on purpose
    .replace(/[\p{Emoji_Presentation}\u{1F3FB}-\u{1F3FF}\u200d\ufe0e\ufe0f]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

function ellipsize(p: LabelPainter, text: string, face: FontFace, size: number, maxWidth: number): string {
  if (p.measure(text, face, size) <= maxWidth) return text;
  // Binary search on the longest prefix that fits with the ellipsis.
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (p.measure(text.slice(0, mid).trimEnd() + ELLIPSIS, face, size) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo).trimEnd() + ELLIPSIS;
}

/** Largest size from max down to min that fits the width; below min the text is cut with an ellipsis. */
function fit(p: LabelPainter, raw: string, face: FontFace, max: number, min: number, maxWidth: number) {
  const text = clean(raw);
  const width = p.measure(text, face, max);
  if (width <= maxWidth) return { text, size: max, width };
  const size = Math.max(min, Math.floor(((max * maxWidth) / width) * 4) / 4);
  const fitted = ellipsize(p, text, face, size, maxWidth);
  return { text: fitted, size, width: p.measure(fitted, face, size) };
}

/** Greedy word wrap into at most maxLines lines; the last one carries an ellipsis when text remains. */
function wrap(p: LabelPainter, raw: string, face: FontFace, size: number, maxWidth: number, maxLines: number): string[] {
  const words = clean(raw).split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  let i = 0;
  while (i < words.length && lines.length < maxLines) {
    const word = words[i] as string;
    const candidate = current ? `${current} ${word}` : word;
    if (p.measure(candidate, face, size) <= maxWidth) {
      current = candidate;
      i++;
    } else if (current) {
      lines.push(current);
      current = '';
    } else {
      // One word wider than the line: it goes alone, cut.
      lines.push(ellipsize(p, word, face, size, maxWidth));
      i++;
    }
  }
  if (current && lines.length < maxLines) lines.push(current);
  if (i < words.length && lines.length > 0) {
    const last = lines.length - 1;
    lines[last] = ellipsize(p, `${lines[last]} ${words.slice(i).join(' ')}`, face, size, maxWidth);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// Layout

const M = 8;
const RIGHT = LABEL_WIDTH_PT - M;
const INNER = RIGHT - M;
/** Cap height of Noto Sans as a share of the font size: centres text vertically in a box. */
const CAP = 0.714;

function centred(p: LabelPainter, raw: string, face: FontFace, max: number, min: number, box: Box, baseline: number, ink: Ink) {
  const t = fit(p, raw, face, max, min, box.width);
  p.text(t.text, box.x + (box.width - t.width) / 2, baseline, face, t.size, ink);
}

function tag(p: LabelPainter, label: string, x: number, y: number): number {
  const size = 7.5;
  const width = p.measure(label, 'bold', size) + 8;
  p.fillRect({ x, y, width, height: 11 }, 'black');
  p.text(label, x + 4, y + 8.2, 'bold', size, 'white');
  return x + width;
}

function row(p: LabelPainter, label: string, value: string, x: number, width: number, baseline: number) {
  p.text(label, x, baseline, 'regular', 7, 'black');
  const labelWidth = p.measure(label, 'regular', 7);
  const v = fit(p, value, 'bold', 8, 6, width - labelWidth - 4);
  p.text(v.text, x + width - v.width, baseline, 'bold', v.size, 'black');
}

/** Draws one label; its barcodes are computed here from the tracking number. */
export function drawLabel(p: LabelPainter, item: WaybillData): void {
  const trackingNumber = clean(item.trackingNumber);
  const language = languageOf(item);

  // Header: brand and service type on the left, the delivery type large in a black box on the right.
  p.text(BRAND, M, 31, 'bold', 24, 'black');
  p.text(`${DOCUMENT_NAME} · ${item.serviceType.toUpperCase()}`, M, 42, 'regular', 7, 'black');
  const serviceBox = { x: 140, y: M, width: RIGHT - 140, height: 38 };
  p.fillRect(serviceBox, 'black');
  const service = fit(p, serviceLabel(item).toUpperCase(), 'bold', 22, 12, serviceBox.width - 12);
  p.text(
    service.text,
    serviceBox.x + (serviceBox.width - service.width) / 2,
    serviceBox.y + serviceBox.height / 2 + (CAP * service.size) / 2,
    'bold',
    service.size,
    'white',
  );
  p.line(M, 50, RIGHT, 50, 1);

  // Code 128 of the tracking number, the number in print under it.
  p.code128(code128Pattern(trackingNumber), { x: M, y: 55, width: INNER, height: 56 });
  centred(p, trackingNumber, 'bold', 16, 10, { x: M, y: 112, width: INNER, height: 18 }, 127, 'black');
  p.line(M, 134, RIGHT, 134, 1);

  // TO: the receiver, large, with the QR code beside it.
  tag(p, word(language, 'waybill.to'), M, 138);
  const qrBox = { x: RIGHT - 80, y: 138, width: 80, height: 80 };
  p.qr(qrMatrix(trackingNumber), qrBox);
  centred(p, word(language, 'waybill.scan_to_track'), 'regular', 6, 5, { ...qrBox, y: 218, height: 8 }, 224, 'black');
  const toWidth = qrBox.x - 4 - M;
  const r = item.receiver;
  const name = fit(p, r.name, 'bold', 15, 10, toWidth);
  p.text(name.text, M, 166, 'bold', name.size, 'black');
  const mobile = fit(p, r.mobileNumber, 'bold', 11, 8, toWidth);
  p.text(mobile.text, M, 180, 'bold', mobile.size, 'black');
  let y = 193;
  for (const line of wrap(p, r.streetName, 'regular', 9.5, toWidth, 2)) {
    p.text(line, M, y, 'regular', 9.5, 'black');
    y += 11.5;
  }
  const barangay = fit(p, r.barangayName, 'regular', 9.5, 7, toWidth);
  p.text(barangay.text, M, y, 'regular', barangay.size, 'black');
  y = Math.max(y + 14, 230);
  // Beside the QR code's caption, so no wider than the column above.
  const city = fit(p, r.cityLabel, 'bold', 12, 8, toWidth);
  p.text(city.text, M, y, 'bold', city.size, 'black');
  const province = fit(p, r.provinceName, 'regular', 9.5, 7, INNER);
  p.text(province.text, M, y + 12, 'regular', province.size, 'black');
  p.line(M, 248, RIGHT, 248, 1);

  // FROM: the sender, small.
  const s = item.sender;
  const afterTag = tag(p, word(language, 'waybill.from'), M, 252) + 5;
  const senderMobile = fit(p, s.mobileNumber, 'regular', 9, 7, 90);
  p.text(senderMobile.text, RIGHT - senderMobile.width, 261, 'regular', senderMobile.size, 'black');
  const senderName = fit(p, s.name, 'bold', 9.5, 7.5, RIGHT - senderMobile.width - 6 - afterTag);
  p.text(senderName.text, afterTag, 261, 'bold', senderName.size, 'black');
  const senderStreet = fit(p, s.streetName, 'regular', 8.5, 7, INNER);
  p.text(senderStreet.text, M, 274, 'regular', senderStreet.size, 'black');
  y = 285;
  for (const line of wrap(p, localityLine(s), 'regular', 8.5, INNER, 2)) {
    p.text(line, M, y, 'regular', 8.5, 'black');
    y += 10.5;
  }
  p.line(M, 302, RIGHT, 302, 1);

  // Details: packages on the left, value, fee and dates on the right.
  const leftWidth = 140;
  p.text(word(language, 'waybill.packages'), M, 312, 'regular', 6.5, 'black');
  const headline = fit(p, packagesHeadline(item), 'bold', 12, 8, leftWidth);
  p.text(headline.text, M, 326, 'bold', headline.size, 'black');
  const lines = item.packages.map(packageLine);
  const shown = lines.length > 3 ? [...lines.slice(0, 2), word(language, 'waybill.more_lines', { count: lines.length - 2 })] : lines;
  y = 337;
  for (const line of shown) {
    const t = fit(p, line, 'regular', 7.5, 6, leftWidth);
    p.text(t.text, M, y, 'regular', t.size, 'black');
    y += 9;
  }
  const contents = contentsLabel(item);
  if (contents) {
    const t = fit(p, word(language, 'waybill.contents', { contents }), 'regular', 7, 6, leftWidth);
    p.text(t.text, M, 366, 'regular', t.size, 'black');
  }
  const colX = M + leftWidth + 8;
  p.line(colX - 4, 306, colX - 4, 370, 0.75);
  const colWidth = RIGHT - colX;
  row(p, word(language, 'waybill.declared_value'), formatMoney(item.declaredValueInCents, language), colX, colWidth, 314);
  row(p, word(language, 'waybill.shipping_fee'), formatMoney(item.totalInCents, language), colX, colWidth, 327);
  row(p, word(language, 'waybill.payment'), paymentMethodLabel(item), colX, colWidth, 340);
  row(p, word(language, 'waybill.booked'), bookedLabel(item), colX, colWidth, 353);
  row(p, pickupCaption(item), pickupLabel(item), colX, colWidth, 366);
  const footnote = [dropOffLine(item), item.notes?.trim() ? word(language, 'waybill.note', { note: item.notes.trim() }) : null].filter(Boolean).join(' · ');
  if (footnote) {
    const t = fit(p, footnote, 'regular', 7, 5.5, INNER);
    p.text(t.text, M, 378, 'regular', t.size, 'black');
  }

  // Payment band: cash on delivery in white on black, or PAID in an outline.
  const band = { x: M, y: 384, width: INNER, height: 40 };
  const pay = paymentSummary(item);
  if (pay.cashOnDelivery) {
    p.fillRect(band, 'black');
    centred(p, pay.headline, 'bold', 17, 10, { ...band, x: band.x + 6, width: band.width - 12 }, 404, 'white');
    centred(p, pay.detail, 'regular', 7, 7, band, 417, 'white');
  } else {
    p.strokeRect({ x: band.x + 0.75, y: band.y + 0.75, width: band.width - 1.5, height: band.height - 1.5 }, 1.5);
    p.text(pay.headline, band.x + 10, 411, 'bold', 20, 'black');
    const paid = p.measure(pay.headline, 'bold', 20);
    const detail = fit(p, pay.detail, 'regular', 9, 6.5, band.width - paid - 30);
    p.text(detail.text, band.x + band.width - 10 - detail.width, 409, 'regular', detail.size, 'black');
  }
}
