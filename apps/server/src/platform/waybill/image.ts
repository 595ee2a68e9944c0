import type { SKRSContext2D } from '@napi-rs/canvas';
import { CODE128_QUIET_MODULES, QR_QUIET_MODULES, qrRuns, type BarPattern, type QrMatrix } from './barcodes.js';
import { fontPath, type FontFace } from './fonts.js';
import { drawLabel, type Box, type Ink, type LabelPainter } from './label.js';
import { LABEL_DPI, LABEL_HEIGHT_PX, LABEL_WIDTH_PT, LABEL_WIDTH_PX, type WaybillData } from './types.js';

/**
 * The label as a PNG for 203 dpi thermal printers (812 x 1218 px), drawn by @napi-rs/canvas (Skia,
 * prebuilt inside its npm package: nothing to install on the host) from the same layout as the PDF.
 * Barcode modules are snapped to whole printer dots so bars keep exact widths and scan.
 */

const FAMILIES: Record<FontFace, string> = { regular: 'Hatid Label Sans', bold: 'Hatid Label Sans Bold' };
const COLORS: Record<Ink, string> = { black: '#000', white: '#fff' };
/** Points to printer dots. */
const SCALE = LABEL_WIDTH_PX / LABEL_WIDTH_PT;

type CanvasModule = typeof import('@napi-rs/canvas');
let canvasModule: Promise<CanvasModule> | undefined;

/** The native module loads on the first PNG, not at server start; the fonts are registered once. */
function loadCanvas(): Promise<CanvasModule> {
  canvasModule ??= import('@napi-rs/canvas').then((canvas) => {
    for (const face of ['regular', 'bold'] as const) {
      if (!canvas.GlobalFonts.registerFromPath(fontPath(face), FAMILIES[face])) {
        throw new Error(`Could not load the label font ${fontPath(face)}`);
      }
    }
    return canvas;
  });
  canvasModule.catch(() => {
    canvasModule = undefined;
  });
  return canvasModule;
}

class CanvasPainter implements LabelPainter {
  private font = '';

  constructor(private readonly ctx: SKRSContext2D) {}

  private use(face: FontFace, size: number) {
    const font = `${size}px "${FAMILIES[face]}"`;
    if (font !== this.font) {
      this.ctx.font = font;
      this.font = font;
    }
  }

  measure(text: string, face: FontFace, size: number): number {
    this.use(face, size);
    return this.ctx.measureText(text).width;
  }

  text(text: string, x: number, baseline: number, face: FontFace, size: number, ink: Ink): void {
    if (!text) return;
    this.use(face, size);
    this.ctx.fillStyle = COLORS[ink];
    this.ctx.fillText(text, x, baseline);
  }

  fillRect(box: Box, ink: Ink): void {
    this.ctx.fillStyle = COLORS[ink];
    this.ctx.fillRect(box.x, box.y, box.width, box.height);
  }

  strokeRect(box: Box, lineWidth: number): void {
    this.ctx.lineWidth = lineWidth;
    this.ctx.strokeStyle = COLORS.black;
    this.ctx.strokeRect(box.x, box.y, box.width, box.height);
  }

  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number): void {
    this.ctx.lineWidth = lineWidth;
    this.ctx.strokeStyle = COLORS.black;
    this.ctx.beginPath();
    this.ctx.moveTo(x1, y1);
    this.ctx.lineTo(x2, y2);
    this.ctx.stroke();
  }

  /** Draws in device pixels, with a whole number of dots per module. */
  private inDots(draw: (box: Box) => void, box: Box) {
    this.ctx.save();
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.fillStyle = COLORS.black;
    draw({
      x: Math.round(box.x * SCALE),
      y: Math.round(box.y * SCALE),
      width: Math.floor(box.width * SCALE),
      height: Math.floor(box.height * SCALE),
    });
    this.ctx.restore();
  }

  code128(pattern: BarPattern, box: Box): void {
    this.inDots((dots) => {
      const module = Math.max(1, Math.floor(dots.width / (pattern.modules + 2 * CODE128_QUIET_MODULES)));
      let x = dots.x + Math.floor((dots.width - module * pattern.modules) / 2);
      pattern.widths.forEach((w, i) => {
        if (i % 2 === 0) this.ctx.fillRect(x, dots.y, w * module, dots.height);
        x += w * module;
      });
    }, box);
  }

  qr(matrix: QrMatrix, box: Box): void {
    this.inDots((dots) => {
      const side = Math.min(dots.width, dots.height);
      const module = Math.max(1, Math.floor(side / (matrix.size + 2 * QR_QUIET_MODULES)));
      const x0 = dots.x + Math.floor((dots.width - module * matrix.size) / 2);
      const y0 = dots.y + Math.floor((dots.height - module * matrix.size) / 2);
      for (const [row, col, length] of qrRuns(matrix)) {
        this.ctx.fillRect(x0 + col * module, y0 + row * module, length * module, module);
      }
    }, box);
  }
}

/** One label as a PNG of 812 x 1218 px, tagged 203 dpi. */
export async function renderWaybillPng(item: WaybillData): Promise<Buffer> {
  const { createCanvas } = await loadCanvas();
  const canvas = createCanvas(LABEL_WIDTH_PX, LABEL_HEIGHT_PX);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLORS.white;
  ctx.fillRect(0, 0, LABEL_WIDTH_PX, LABEL_HEIGHT_PX);
  ctx.scale(SCALE, SCALE);
  ctx.textBaseline = 'alphabetic';
  drawLabel(new CanvasPainter(ctx), item);
  // Encoding runs on libuv's thread pool, off the event loop.
  return canvas.encode('png', { resolution: LABEL_DPI, title: `Air waybill ${item.trackingNumber}`, software: 'Hatid' });
}
