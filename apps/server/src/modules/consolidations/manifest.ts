import PDFDocument from 'pdfkit';
import { airportName, type ConsolidationDetailDto } from '@hatid/domain';
import { CODE128_QUIET_MODULES, code128Pattern } from '../../platform/waybill/barcodes.js';
import { fontkitFont } from '../../platform/waybill/fonts.js';

/**
 * The printable manifest of a consolidation (A4 portrait): tag, airports, carrier, flight, master air
 * waybill, one line per shipment with the Code 128 of its tracking number (scanned at the destination to
 * confirm packages), pieces and weight, and the totals. Same fonts and barcode geometry as the waybills.
 */

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const ROW_HEIGHT = 44;
const COLUMNS = { index: 36, barcode: 60, receiver: 290, pieces: 440, weight: 500 } as const;

const kg = (grams: number) => `${(grams / 1000).toFixed(2)} kg`;
const when = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

/** The flight (or voyage) most of the shipments travel on, as the manifest's header line. */
function mainFlight(detail: ConsolidationDetailDto): string {
  const counts = new Map<string, number>();
  for (const s of detail.shipments) {
    if (!s.flightNumber) continue;
    const key = `${s.carrier?.name ?? detail.courier?.name ?? ''} ${s.flightNumber} (departs ${when(s.departureAt)}, arrives ${when(s.arrivalAt)})`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Not set';
}

function drawCode128(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number) {
  const pattern = code128Pattern(text);
  const module = width / (pattern.modules + 2 * CODE128_QUIET_MODULES);
  let at = x + CODE128_QUIET_MODULES * module;
  pattern.widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(at, y, w * module, height);
    at += w * module;
  });
  doc.fill('#000000');
}

export async function renderManifestPdf(detail: ConsolidationDetailDto): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: true,
    info: { Title: `Manifest ${detail.tag}`, Author: 'Hatid', Creator: 'Hatid' },
  });
  doc.registerFont('NotoSans', fontkitFont('regular') as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('NotoSans-Bold', fontkitFont('bold') as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const header = () => {
    doc.font('NotoSans-Bold').fontSize(16).fillColor('#000000').text(`Consolidation manifest ${detail.tag}`, PAGE.margin, PAGE.margin);
    doc.font('NotoSans').fontSize(9);
    const lines = [
      `From ${detail.senderAirport} (${airportName(detail.senderAirport)}) to ${detail.receiverAirport} (${airportName(detail.receiverAirport)}) · ${detail.type === 'sea' ? 'Sea' : 'Air'} cargo · ${detail.status}`,
      `Carrier: ${detail.courier ? `${detail.courier.name}${detail.courier.code ? ` (${detail.courier.code})` : ''}` : 'Not set'} · Master air waybill: ${detail.masterAwbNumber ?? 'Not set'}`,
      `Flight: ${mainFlight(detail)}`,
    ];
    for (const line of lines) doc.text(line);
    const y = doc.y + 8;
    doc.font('NotoSans-Bold').fontSize(9);
    doc.text('#', COLUMNS.index, y, { lineBreak: false });
    doc.text('Tracking number', COLUMNS.barcode, y, { lineBreak: false });
    doc.text('Receiver', COLUMNS.receiver, y, { lineBreak: false });
    doc.text('Pieces', COLUMNS.pieces, y, { lineBreak: false });
    doc.text('Weight', COLUMNS.weight, y, { lineBreak: false });
    doc
      .moveTo(PAGE.margin, y + 14)
      .lineTo(PAGE.width - PAGE.margin, y + 14)
      .lineWidth(0.8)
      .stroke('#000000');
    return y + 20;
  };

  let y = header();
  for (const [i, s] of detail.shipments.entries()) {
    if (y + ROW_HEIGHT > PAGE.height - PAGE.margin - 40) {
      doc.addPage();
      y = header();
    }
    doc.font('NotoSans').fontSize(9).fillColor('#000000');
    doc.text(String(i + 1), COLUMNS.index, y + 4, { lineBreak: false });
    drawCode128(doc, s.trackingNumber, COLUMNS.barcode - 6, y, 200, 24);
    doc
      .font('NotoSans')
      .fontSize(8)
      .text(s.trackingNumber, COLUMNS.barcode, y + 27, { lineBreak: false });
    doc.fontSize(9).text(s.receiverName, COLUMNS.receiver, y + 4, { width: 140, lineBreak: false, ellipsis: true });
    doc.fontSize(8).text(s.receiverCityLabel, COLUMNS.receiver, y + 17, { width: 140, lineBreak: false, ellipsis: true });
    if (s.packageStatus) doc.text(`Check: ${s.packageStatus}`, COLUMNS.receiver, y + 28, { lineBreak: false });
    doc.fontSize(9).text(String(s.pieces), COLUMNS.pieces, y + 4, { lineBreak: false });
    doc.text(kg(s.weightInGrams), COLUMNS.weight, y + 4, { lineBreak: false });
    doc
      .moveTo(PAGE.margin, y + ROW_HEIGHT - 4)
      .lineTo(PAGE.width - PAGE.margin, y + ROW_HEIGHT - 4)
      .lineWidth(0.3)
      .stroke('#777777');
    y += ROW_HEIGHT;
    if (i > 0 && i % 50 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  doc.font('NotoSans-Bold').fontSize(10).fillColor('#000000');
  doc.text(`Totals: ${detail.shipmentCount} shipment(s), ${detail.totalPieces} piece(s), ${kg(detail.totalWeightInGrams)}`, PAGE.margin, y + 6, {
    lineBreak: false,
  });
  doc.end();
  return finished;
}
