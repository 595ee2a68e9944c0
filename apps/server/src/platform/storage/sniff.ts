/** What a file is, judged by its first bytes; the name and the declared type are never trusted. */
export interface SniffedType {
  contentType: string;
  extension: string;
  kind: 'image' | 'pdf';
}

const JPEG: SniffedType = { contentType: 'image/jpeg', extension: 'jpg', kind: 'image' };
const PNG: SniffedType = { contentType: 'image/png', extension: 'png', kind: 'image' };
const WEBP: SniffedType = { contentType: 'image/webp', extension: 'webp', kind: 'image' };
const HEIC: SniffedType = { contentType: 'image/heic', extension: 'heic', kind: 'image' };
const HEIF: SniffedType = { contentType: 'image/heif', extension: 'heif', kind: 'image' };
const PDF: SniffedType = { contentType: 'application/pdf', extension: 'pdf', kind: 'pdf' };

export const ACCEPTED_CONTENT_TYPES = [JPEG, PNG, WEBP, HEIC, HEIF, PDF].map((t) => t.contentType);

// ISO-BMFF major brands of HEIC/HEIF stills and sequences (phones write heic or mif1).
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'heif']);

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return WEBP;
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(brand)) return HEIC;
    if (HEIF_BRANDS.has(brand)) return HEIF;
  }
  if (ascii(bytes, 0, 5) === '%PDF-') return PDF;
  return null;
}

const BY_EXTENSION = new Map([JPEG, PNG, WEBP, HEIC, HEIF, PDF].map((t) => [t.extension, t.contentType]));

/** The content type of a key the server generated (its extension came from sniffing). */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return BY_EXTENSION.get(ext) ?? 'application/octet-stream';
}
