import { FILE_MESSAGES, waybillFileName } from '@hatid/domain';
import { useMutation } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';
import { base64ToBlob, fileNameFromDisposition } from '../lib/files';

export type WaybillFormat = 'pdf' | 'image';

export interface WaybillFile {
  blob: Blob;
  fileName: string;
  contentType: string;
  /** Cancelled shipments left out of the PDF (asked with `skipCancelled`), from the server's x-skipped-cancelled header. */
  skipped?: string[];
}

interface WaybillImageDto {
  contentType: string;
  filename: string;
  imageBase64: string;
}

const isJson = (contentType: string | null) => /\bjson\b/i.test(contentType ?? '');

/**
 * POST /shipments/air-waybill/download. A PDF comes back as a file (named by the server, or the spec's
 * default name); an image comes back as JSON {contentType, filename, imageBase64}. Binary data where JSON
 * was expected is refused with the spec's message.
 */
export async function downloadAirWaybills(
  trackingNumbers: readonly string[] | null | undefined,
  format: WaybillFormat = 'pdf',
  { skipCancelled = false }: { skipCancelled?: boolean } = {},
): Promise<WaybillFile> {
  const numbers = required(trackingNumbers, 'trackingNumbers', 'downloadAirWaybills');
  const body = { format, trackingNumbers: numbers, ...(skipCancelled ? { skipCancelled: true } : {}) };
  const response = await api.post<Response>('/shipments/air-waybill/download', body, { responseType: 'response' });
  const contentType = response.headers.get('content-type');
  if (format === 'image') {
    if (!isJson(contentType)) throw new Error(FILE_MESSAGES.binaryInsteadOfJson);
    const body = (await response.json()) as { data?: WaybillImageDto } & Partial<WaybillImageDto>;
    const image = (body.data ?? body) as WaybillImageDto;
    return { blob: base64ToBlob(image.imageBase64, image.contentType), fileName: image.filename, contentType: image.contentType };
  }
  const blob = await response.blob();
  const skipped = (response.headers.get('x-skipped-cancelled') ?? '').split(',').filter(Boolean);
  const printed = numbers.filter((n) => !skipped.includes(n));
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? waybillFileName(printed);
  return { blob, fileName, contentType: contentType ?? 'application/pdf', ...(skipCancelled ? { skipped } : {}) };
}

export function useDownloadAirWaybills() {
  return useMutation({
    mutationFn: ({ trackingNumbers, format, skipCancelled }: { trackingNumbers: readonly string[]; format: WaybillFormat; skipCancelled?: boolean }) =>
      downloadAirWaybills(trackingNumbers, format, { skipCancelled }),
  });
}
