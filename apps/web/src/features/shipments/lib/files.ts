import { FILE_MESSAGES } from '@hatid/domain';

/** Saving files the API hands back: a PDF as a blob, or a PNG as base64 inside JSON. */

/** The file name of a `content-disposition` header (`attachment; filename="x.pdf"` or RFC 5987 `filename*=`). */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/** Turns base64 text into a Blob; throws "Invalid base64 data" when it is not base64. */
export function base64ToBlob(base64: string, contentType: string): Blob {
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    throw new Error(FILE_MESSAGES.invalidBase64);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: contentType });
}

/** Makes the browser save the blob under the given name (shared with the data table's export). */
export { saveBlob } from '../../../lib/download';
