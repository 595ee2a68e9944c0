import PDFDocument from 'pdfkit';
import { BILLING_STATUS_LABELS, formatDate, formatMoney, toIsoDate, type BillingDetailDto } from '@hatid/domain';
import { fontkitFont } from '../../platform/waybill/fonts.js';

/**
 * GET /billings/{id}/preview: the billing as a printable statement (A4 portrait), in the waybills' embedded
 * Noto Sans so the peso sign prints and the text can be searched: Hatid's header, the client, period, due
 * date, invoice number if one is live, a line per shipment, the total, paid and balance, and the payments.
 */
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const RIGHT = PAGE.width - PAGE.margin;
const COLUMNS = { index: 40, tracking: 64, booked: 190, receiver: 268, status: 400, amount: 480 } as const;
const ROW = 16;

export async function renderBillingStatementPdf(detail: BillingDetailDto, now = new Date()): Promise<Buffer> {
  const title = detail.invoiceNumber ? `Invoice ${detail.invoiceNumber}` : 'Statement of account';
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, compress: true, info: { Title: `${title} — Hatid`, Author: 'Hatid', Creator: 'Hatid' } });
  doc.registerFont('NotoSans', fontkitFont('regular') as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('NotoSans-Bold', fontkitFont('bold') as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => doc.text(value, x, y, { lineBreak: false, ...options });
  /** One line cut to `width` with an ellipsis (pdfkit wraps text given a width, whatever lineBreak says). */
  const fit = (value: string, x: number, y: number, width: number) => {
    let shown = value;
    while (shown.length > 1 && doc.widthOfString(shown) > width) shown = `${shown.slice(0, -2)}…`;
    text(shown, x, y);
  };
  const amount = (cents: number, y: number, bold = false) => {
    doc.font(bold ? 'NotoSans-Bold' : 'NotoSans');
    text(formatMoney(cents), COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: 'right' });
  };
  const rule = (y: number, width = 0.5) => doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(width).stroke('#000000');

  // Header: who bills whom, for what.
  doc.fillColor('#000000').font('NotoSans-Bold').fontSize(20);
  text('Hatid', PAGE.margin, PAGE.margin);
  doc.fontSize(14);
  text(title, PAGE.margin, PAGE.margin + 4, { width: RIGHT - PAGE.margin, align: 'right' });
  doc.font('NotoSans').fontSize(9);
  text('Hatid Courier · Philippines', PAGE.margin, PAGE.margin + 28);
  text(`Printed ${formatDate(now)}`, PAGE.margin, PAGE.margin + 28, { width: RIGHT - PAGE.margin, align: 'right' });
  rule(PAGE.margin + 44, 1);

  let y = PAGE.margin + 54;
  const facts: [string, string][] = [
    ['Client', detail.businessName ? `${detail.businessName} (attention: ${detail.customerName})` : detail.customerName],
    // The client reads this: what the statement means for them, not the console's receivable/payable.
    ['Statement of', detail.billingType === 'receivable' ? 'Shipping booked on account, payable to Hatid' : 'Cash collected on delivery, paid to you by Hatid'],
    ['Period', `${formatDate(detail.periodStart)} to ${formatDate(detail.periodEnd)}`],
    ['Due date', detail.dueDate ? formatDate(detail.dueDate) : 'Not set'],
    ['Invoice number', detail.invoiceNumber ?? 'Not issued'],
    ['Status', `${BILLING_STATUS_LABELS[detail.status]} · ${detail.paymentStatus}`],
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    doc.font('NotoSans-Bold');
    text(label, PAGE.margin, y);
    doc.font('NotoSans');
    fit(value, PAGE.margin + 100, y, RIGHT - PAGE.margin - 100);
    y += 15;
  }

  const tableHeader = (at: number) => {
    doc.font('NotoSans-Bold').fontSize(9);
    text('#', COLUMNS.index, at);
    text('Tracking number', COLUMNS.tracking, at);
    text('Booked (Manila)', COLUMNS.booked, at);
    text('Receiver', COLUMNS.receiver, at);
    text('Delivery status', COLUMNS.status, at);
    text('Amount', COLUMNS.amount, at, { width: RIGHT - COLUMNS.amount, align: 'right' });
    rule(at + 13);
    return at + 18;
  };
  y = tableHeader(y + 12);
  for (const [i, s] of detail.shipments.entries()) {
    if (y + ROW > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = tableHeader(PAGE.margin);
    }
    doc.font('NotoSans').fontSize(9);
    text(String(i + 1), COLUMNS.index, y);
    text(s.trackingNumber, COLUMNS.tracking, y);
    text(toIsoDate(s.bookedAt), COLUMNS.booked, y);
    fit(s.receiverName, COLUMNS.receiver, y, COLUMNS.status - COLUMNS.receiver - 8);
    fit(s.deliveryStatus, COLUMNS.status, y, COLUMNS.amount - COLUMNS.status - 8);
    amount(s.amountInCents, y);
    y += ROW;
    if (i > 0 && i % 200 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  const needs = (height: number) => {
    if (y + height > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = PAGE.margin;
    }
  };
  needs(60);
  rule(y + 2);
  y += 8;
  for (const [label, cents, bold] of [
    [`Total (${detail.shipmentCount} shipment${detail.shipmentCount === 1 ? '' : 's'})`, detail.totalInCents, true],
    ['Paid', detail.amountPaidInCents, false],
    ['Balance', detail.balanceInCents, true],
  ] as const) {
    doc.font(bold ? 'NotoSans-Bold' : 'NotoSans').fontSize(10);
    text(label, COLUMNS.status - 80, y);
    amount(cents, y, bold);
    y += 15;
  }

  if (detail.payments.length > 0) {
    needs(40);
    y += 10;
    doc.font('NotoSans-Bold').fontSize(11);
    text('Payments', PAGE.margin, y);
    y += 18;
    for (const p of detail.payments) {
      needs(ROW);
      doc.font('NotoSans').fontSize(9);
      text(formatDate(p.paidAt), PAGE.margin, y);
      text(p.method, COLUMNS.booked, y);
      fit(p.referenceNumber ?? '', COLUMNS.receiver, y, COLUMNS.amount - COLUMNS.receiver - 8);
      amount(p.amountInCents, y);
      y += ROW;
    }
  }
  doc.end();
  return finished;
}
