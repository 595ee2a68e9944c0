// The Node build (its PNG/zlib helpers); the bare specifier has no condition TypeScript's Bundler resolution reads.
import bwipjs from 'bwip-js/node';

/**
 * Barcodes as plain geometry, so each output form draws them its own way: the PDF as vector
 * rectangles, the PNG snapped to whole device pixels, the HTML as bwip-js SVG.
 */

/** Code 128 as alternating bar and space widths in modules, starting with a bar. */
export interface BarPattern {
  widths: number[];
  /** Sum of widths: the symbol's width in modules, quiet zones excluded. */
  modules: number;
}

/** Code 128 asks for a quiet zone of at least 10 modules on each side. */
export const CODE128_QUIET_MODULES = 10;

/** A square QR matrix, row-major, 1 for a dark module. */
export interface QrMatrix {
  size: number;
  dark: Uint8Array;
}

/** QR asks for a quiet zone of 4 modules around the symbol. */
export const QR_QUIET_MODULES = 4;

export function code128Pattern(text: string): BarPattern {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js gave no Code 128 bars');
  const widths = symbol.sbs.slice();
  return { widths, modules: widths.reduce((sum, w) => sum + w, 0) };
}

export function qrMatrix(text: string): QrMatrix {
  // eclevel is a BWIPP option the typings do not list; a non-literal object passes it through.
  const options = { bcid: 'qrcode', text, eclevel: 'M' };
  const [symbol] = bwipjs.raw(options);
  if (!symbol || !('pixs' in symbol) || symbol.pixx !== symbol.pixy) throw new Error('bwip-js gave no QR matrix');
  return { size: symbol.pixx, dark: Uint8Array.from(symbol.pixs) };
}

/**
 * Horizontal runs of dark modules in each QR row: [row, startColumn, length]. Drawing runs instead of
 * single modules keeps the PDF path short and leaves no hairline seams between neighbours.
 */
export function qrRuns(matrix: QrMatrix): Array<[number, number, number]> {
  const runs: Array<[number, number, number]> = [];
  const { size, dark } = matrix;
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (dark[row * size + col] !== 1) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && dark[row * size + col] === 1) col++;
      runs.push([row, start, col - start]);
    }
  }
  return runs;
}

/** Inline SVG of the Code 128 symbol, bars only (the page prints the number itself). */
export function code128Svg(text: string): string {
  return bwipjs.toSVG({ bcid: 'code128', text, scale: 1, height: 15, includetext: false, paddingwidth: CODE128_QUIET_MODULES });
}

export function qrSvg(text: string): string {
  // bwip-js draws a QR module 2 units wide per unit of scale, while padding counts single units.
  const options = { bcid: 'qrcode', text, scale: 1, padding: 2 * QR_QUIET_MODULES, eclevel: 'M' };
  return bwipjs.toSVG(options);
}
