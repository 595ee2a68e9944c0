import { z } from 'zod';
import { trackingNumberSchema, waybillFileName } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { renderWaybillHtml, renderWaybillPng, renderWaybillsPdf } from '../../platform/waybill/index.js';
import { loadWaybillBatch, loadWaybills } from './waybills.service.js';

const tags = ['waybills'];
const MAX_LABELS = 500;
/** The PDF's response header naming the shipments left out (comma-separated), when `skipCancelled` left any. */
export const SKIPPED_HEADER = 'x-skipped-cancelled';

const downloadBody = z.object({
  format: z.enum(['pdf', 'image']).default('pdf'),
  trackingNumbers: z.array(trackingNumberSchema).min(1, 'Choose at least one shipment').max(MAX_LABELS, `At most ${MAX_LABELS} labels at once`),
  /**
   * A batch from a list (the console's "Print waybills"): cancelled shipments are left out, the others printed,
   * and the PDF response names those left out in the `x-skipped-cancelled` header. Without it any cancelled one
   * refuses the whole request (422 naming it on its place), as a pasted list wants.
   */
  skipCancelled: z.boolean().default(false),
});

const imageResult = z.object({ contentType: z.literal('image/png'), filename: z.string(), imageBase64: z.string() });

/** 4x6 in labels with a Code 128 barcode and a QR code of the tracking number, for shipments one may see. */
export const waybillsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/air-waybill/:trackingNumber',
    {
      schema: {
        tags,
        summary: 'The air waybill of one shipment (PDF, 4x6 in)',
        params: z.object({ trackingNumber: trackingNumberSchema }),
        response: { 200: z.any().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('view', 'Shipment');
      const items = await loadWaybills(app.db, actor, [request.params.trackingNumber]);
      const pdf = await renderWaybillsPdf(items);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${waybillFileName([items[0]!.trackingNumber])}"`)
        .send(pdf);
    },
  );

  app.get(
    '/air-waybill/:trackingNumber/html',
    {
      schema: {
        tags,
        summary: 'The air waybill of one shipment as a printable page',
        params: z.object({ trackingNumber: trackingNumberSchema }),
        response: { 200: z.string().describe('text/html') },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('view', 'Shipment');
      const [item] = await loadWaybills(app.db, actor, [request.params.trackingNumber]);
      // The page carries inline SVG and styles of its own; nothing else may load.
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'")
        .send(renderWaybillHtml(item!));
    },
  );

  app.post(
    '/air-waybill/download',
    {
      config: { readsOnly: true },
      schema: {
        tags,
        summary: 'Download labels: one PDF for any number of shipments, or a PNG image of one',
        body: downloadBody,
        response: { 200: z.union([imageResult, z.any().describe('application/pdf')]) },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('view', 'Shipment');
      const { format, trackingNumbers, skipCancelled } = request.body;
      if (format === 'image' && trackingNumbers.length > 1) {
        throw new AppError('VALIDATION_FAILED', 'An image holds one label: choose one shipment, or download a PDF', [
          { field: 'trackingNumbers', message: 'An image holds one label: choose one shipment, or download a PDF' },
        ]);
      }
      const { items, skipped } = await loadWaybillBatch(app.db, actor, trackingNumbers, { skipCancelled });
      if (format === 'image') {
        const png = await renderWaybillPng(items[0]!);
        return {
          contentType: 'image/png' as const,
          filename: `waybill-${items[0]!.trackingNumber}.png`,
          imageBase64: png.toString('base64'),
        };
      }
      const pdf = await renderWaybillsPdf(items);
      const filename = waybillFileName(items.map((i) => i.trackingNumber));
      if (skipped.length > 0) reply.header(SKIPPED_HEADER, skipped.join(','));
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
    },
  );
};
