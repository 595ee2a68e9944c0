import {
  MAX_WAYBILL_IMAGES,
  trackingNumberParams,
  waybillDownloadBody,
  waybillDownloadResult,
  waybillFileName,
  waybillHtmlDto,
  waybillPdfDto,
  waybillZipFileName,
} from '@hatid/domain';
import { zipSync, type Zippable } from 'fflate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { renderWaybillHtml, renderWaybillPng, renderWaybillsPdf } from '../../platform/waybill/index.js';
import { loadWaybillBatch, loadWaybills } from './waybills.service.js';

const tags = ['waybills'];
/** The PDF's response header naming the shipments left out (comma-separated), when `skipCancelled` left any. */
export const SKIPPED_HEADER = 'x-skipped-cancelled';

/** 4x6 in labels with a Code 128 barcode and a QR code of the tracking number, for shipments one may see. */
export const waybillsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/air-waybill/:trackingNumber',
    {
      schema: {
        tags,
        summary: 'The air waybill of one shipment (PDF, 4x6 in)',
        params: trackingNumberParams,
        response: { 200: waybillPdfDto },
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
        params: trackingNumberParams,
        response: { 200: waybillHtmlDto },
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
        summary: `Download labels: one PDF for any number of shipments; format image: a PNG of one, a ZIP of PNGs of up to ${MAX_WAYBILL_IMAGES}`,
        body: waybillDownloadBody,
        response: { 200: waybillDownloadResult },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('view', 'Shipment');
      const { format, trackingNumbers, skipCancelled } = request.body;
      if (format === 'image' && trackingNumbers.length > MAX_WAYBILL_IMAGES) {
        const message = `At most ${MAX_WAYBILL_IMAGES} labels as images at once: download a PDF for more`;
        throw new AppError('VALIDATION_FAILED', message, [{ field: 'trackingNumbers', message }]);
      }
      const { items, skipped } = await loadWaybillBatch(app.db, actor, trackingNumbers, { skipCancelled });
      if (skipped.length > 0) reply.header(SKIPPED_HEADER, skipped.join(','));
      if (format === 'image' && items.length === 1) {
        const png = await renderWaybillPng(items[0]!);
        return {
          contentType: 'image/png' as const,
          filename: `waybill-${items[0]!.trackingNumber}.png`,
          imageBase64: png.toString('base64'),
        };
      }
      if (format === 'image') {
        // One 4x6 PNG per label, each printable as it is (docs/decisions.md "Issue 33: the catalogue to the letter"),
        // rendered one after another so a batch holds one canvas at a time. PNGs are compressed already: stored.
        const files: Zippable = {};
        for (const item of items) files[`waybill-${item.trackingNumber}.png`] = [await renderWaybillPng(item), { level: 0 }];
        return {
          contentType: 'application/zip' as const,
          filename: waybillZipFileName(items.length),
          imageBase64: Buffer.from(zipSync(files)).toString('base64'),
        };
      }
      const pdf = await renderWaybillsPdf(items);
      const filename = waybillFileName(items.map((i) => i.trackingNumber));
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
    },
  );
};
