import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A binary PPM (P6, 8 bits) as pdftoppm writes it. */
function readPpm(file: string): { width: number; height: number; rgb: Buffer } {
  const data = fs.readFileSync(file);
  // Header: "P6" width height maxval, separated by whitespace (comments are not written by pdftoppm).
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(data[i]!))) i++;
    let token = '';
    while (!/\s/.test(String.fromCharCode(data[i]!))) token += String.fromCharCode(data[i++]!);
    fields.push(token);
  }
  i++; // the single whitespace after maxval
  if (fields[0] !== 'P6' || fields[3] !== '255') throw new Error(`not an 8-bit P6 PPM: ${fields.join(' ')}`);
  return { width: Number(fields[1]), height: Number(fields[2]), rgb: data.subarray(i) };
}

/**
 * A Y4M video (one 4:2:0 frame, which Chromium's fake camera repeats) of an image: Chromium's
 * `--use-file-for-fake-video-capture` plays it as the camera. Written by hand (BT.601), so no ffmpeg is needed.
 */
export function ppmToY4m(ppmFile: string, y4mFile: string): { width: number; height: number } {
  const src = readPpm(ppmFile);
  const width = src.width & ~1;
  const height = src.height & ~1;
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const px = (x: number, row: number) => {
    const o = (row * src.width + x) * 3;
    return [src.rgb[o]!, src.rgb[o + 1]!, src.rgb[o + 2]!] as const;
  };
  for (let row = 0; row < height; row++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = px(x, row);
      y[row * width + x] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
    }
  }
  for (let row = 0; row < height; row += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0,
        g = 0,
        b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const p = px(x + dx, row + dy);
        r += p[0];
        g += p[1];
        b += p[2];
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const o = (row / 2) * (width / 2) + x / 2;
      u[o] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      v[o] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(y4mFile, Buffer.concat([header, Buffer.from('FRAME\n'), y, u, v]));
  return { width, height };
}

/** The first page of a PDF as a camera video: pdftoppm (poppler-utils) renders it, ppmToY4m encodes it. */
export async function pdfToFakeCamera(pdf: Buffer, dir: string, dpi = 150): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const pdfFile = path.join(dir, 'waybill.pdf');
  fs.writeFileSync(pdfFile, pdf);
  const base = path.join(dir, 'waybill');
  await run('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', pdfFile, base]);
  const y4m = path.join(dir, 'waybill.y4m');
  ppmToY4m(`${base}.ppm`, y4m);
  return y4m;
}
