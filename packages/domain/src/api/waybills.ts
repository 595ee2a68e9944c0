import { z } from 'zod';
import { trackingNumberSchema } from '../tracking-number/index.js';

/** Waybills: 4x6 in labels of shipments, as PDF, PNG or an HTML page to print. */

export const MAX_WAYBILL_LABELS = 500;
/** Labels as images in one answer (a ZIP of PNGs, base64 in JSON): more are a PDF. */
export const MAX_WAYBILL_IMAGES = 50;

/** POST /shipments/air-waybill/download. */
export const waybillDownloadBody = z.object({
  format: z.enum(['pdf', 'image']).default('pdf'),
  trackingNumbers: z.array(trackingNumberSchema).min(1, 'Choose at least one shipment').max(MAX_WAYBILL_LABELS, `At most ${MAX_WAYBILL_LABELS} labels at once`),
  /**
   * A batch from a list (the console's "Print waybills"): cancelled shipments are left out, the others printed,
   * and the PDF response names those left out in the `x-skipped-cancelled` header. Without it any cancelled one
   * refuses the whole request (422 naming it on its place), as a pasted list wants.
   */
  skipCancelled: z.boolean().default(false),
});
export type WaybillDownloadInput = z.input<typeof waybillDownloadBody>;

/** One label as a PNG image (format: image). */
export const waybillImageDto = z.object({ contentType: z.literal('image/png'), filename: z.string(), imageBase64: z.string() });
export type WaybillImageDto = z.infer<typeof waybillImageDto>;
/**
 * Several labels with format image: the catalogue's three fields, holding a ZIP of one 4x6 PNG per label
 * (`waybill-{trackingNumber}.png`, in the order asked), named `waybills-{count}-items.zip`.
 */
export const waybillImagesZipDto = z.object({ contentType: z.literal('application/zip'), filename: z.string(), imageBase64: z.string() });
export type WaybillImagesZipDto = z.infer<typeof waybillImagesZipDto>;
/** The ZIP's name, as the PDF's ('waybills-{count}-items.pdf'). */
export const waybillZipFileName = (count: number) => `waybills-${count}-items.zip`;

/** A PDF answer (documented only: the bytes are sent as they are). */
export const waybillPdfDto = z.any().describe('application/pdf');
/** An HTML page to print. */
export const waybillHtmlDto = z.string().describe('text/html');
export const waybillDownloadResult = z.union([waybillImageDto, waybillImagesZipDto, waybillPdfDto]);
