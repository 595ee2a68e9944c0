import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * Noto Sans from npm (@expo-google-fonts/noto-sans, OFL): the label needs "₱" (U+20B1) and
 * Filipino/Spanish names (ñ, é), which the PDF standard 14 fonts cannot print, and the server may
 * run where no system font is installed. Read once per process and shared by the PDF and PNG forms.
 */
export type FontFace = 'regular' | 'bold';

const require = createRequire(import.meta.url);

const FILES: Record<FontFace, string> = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};

const paths = new Map<FontFace, string>();
const buffers = new Map<FontFace, Buffer>();
const parsed = new Map<FontFace, fontkit.Font>();

export function fontPath(face: FontFace): string {
  let path = paths.get(face);
  if (!path) {
    path = require.resolve(FILES[face]);
    paths.set(face, path);
  }
  return path;
}

export function fontBuffer(face: FontFace): Buffer {
  let buffer = buffers.get(face);
  if (!buffer) {
    buffer = readFileSync(fontPath(face));
    buffers.set(face, buffer);
  }
  return buffer;
}

/**
 * The parsed font, shared by every PDF this process makes: parsing Noto Sans's layout tables costs far
 * more than drawing a label, so pdfkit gets this object instead of the bytes. pdfkit keeps what is per
 * document (the subset of glyphs used) in its own wrapper; the fontkit font only caches glyph data.
 */
export function fontkitFont(face: FontFace): fontkit.Font {
  let font = parsed.get(face);
  if (!font) {
    const created = fontkit.create(fontBuffer(face));
    if (!('layout' in created)) throw new Error(`${FILES[face]} is a font collection, not a font`);
    font = created;
    parsed.set(face, font);
  }
  return font;
}
