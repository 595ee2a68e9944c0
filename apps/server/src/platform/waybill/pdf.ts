import PDFDocument from 'pdfkit';
import { CODE128_QUIET_MODULES, QR_QUIET_MODULES, qrRuns } from './barcodes.js';
import { fontkitFont, type FontFace } from './fonts.js';
import { drawLabel, type Box, type Ink, type LabelPainter } from './label.js';
import { LABEL_HEIGHT_PT, LABEL_WIDTH_PT, type WaybillData } from './types.js';

/**
 * Air waybills as one PDF, one 4x6 in page per shipment. Text in embedded (subset) Noto Sans, so the
 * peso sign prints and the text can be searched and extracted; barcodes as filled vector rectangles.
 */

const FONT_NAMES: Record<FontFace, string> = { regular: 'NotoSans', bold: 'NotoSans-Bold' };
const COLORS: Record<Ink, string> = { black: '#000000', white: '#ffffff' };

class PdfPainter implements LabelPainter {
  private face: FontFace | null = null;
  private size = 0;

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private use(face: FontFace, size: number) {
    if (face !== this.face) {
      this.doc.font(FONT_NAMES[face]);
      this.face = face;
    }
    if (size !== this.size) {
      this.doc.fontSize(size);
      this.size = size;
    }
  }

  measure(text: string, face: FontFace, size: number): number {
    this.use(face, size);
    return this.doc.widthOfString(text);
  }

  text(text: string, x: number, baseline: number, face: FontFace, size: number, ink: Ink): void {
    if (!text) return;
    this.use(face, size);
    this.doc.fillColor(COLORS[ink]).text(text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
  }

  fillRect(box: Box, ink: Ink): void {
    this.doc.rect(box.x, box.y, box.width, box.height).fill(COLORS[ink]);
  }

  strokeRect(box: Box, lineWidth: number): void {
    this.doc.lineWidth(lineWidth).rect(box.x, box.y, box.width, box.height).stroke(COLORS.black);
  }

  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number): void {
    this.doc.lineWidth(lineWidth).moveTo(x1, y1).lineTo(x2, y2).stroke(COLORS.black);
  }

  code128(pattern: { widths: number[]; modules: number }, box: Box): void {
    const module = box.width / (pattern.modules + 2 * CODE128_QUIET_MODULES);
    let x = box.x + (box.width - module * pattern.modules) / 2;
    pattern.widths.forEach((w, i) => {
      if (i % 2 === 0) this.doc.rect(x, box.y, w * module, box.height);
      x += w * module;
    });
    this.doc.fill(COLORS.black);
  }

  qr(matrix: { size: number; dark: Uint8Array }, box: Box): void {
    const side = Math.min(box.width, box.height);
    const module = side / (matrix.size + 2 * QR_QUIET_MODULES);
    const x0 = box.x + (box.width - module * matrix.size) / 2;
    const y0 = box.y + (box.height - module * matrix.size) / 2;
    for (const [row, col, length] of qrRuns(matrix)) {
      this.doc.rect(x0 + col * module, y0 + row * module, length * module, module);
    }
    this.doc.fill(COLORS.black);
  }
}

/** Pages drawn between two turns of the event loop: about 0.1-0.2 s of CPU on this class of machine. */
const PAGES_PER_TURN = 25;

/**
 * One PDF page per shipment, in the order given. An empty list is refused. Drawing is CPU work on the
 * calling thread; a bulk run yields to the event loop every PAGES_PER_TURN pages so other requests
 * are still served while a day's labels print.
 */
export async function renderWaybillsPdf(items: readonly WaybillData[]): Promise<Buffer> {
  if (items.length === 0) throw new Error('renderWaybillsPdf needs at least one shipment');
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: [LABEL_WIDTH_PT, LABEL_HEIGHT_PT],
    margin: 0,
    compress: true,
    info: {
      Title: items.length === 1 ? `Air waybill ${items[0]?.trackingNumber}` : `Air waybills (${items.length})`,
      Author: 'Hatid',
      Creator: 'Hatid',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Fonts are parsed once per process (fonts.ts); pdfkit accepts a fontkit font where its typings only
  // name bytes or a path, and subsets it per document.
  for (const face of ['regular', 'bold'] as const) {
    doc.registerFont(FONT_NAMES[face], fontkitFont(face) as unknown as PDFKit.Mixins.PDFFontSource);
  }
  for (const [i, item] of items.entries()) {
    if (i > 0 && i % PAGES_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    doc.addPage();
    drawLabel(new PdfPainter(doc), item);
  }
  doc.end();
  return finished;
}
