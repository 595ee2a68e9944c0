import multipart from '@fastify/multipart';
import { BULK_BOOKING_MAX_FILE_BYTES, bulkBatchDto, bulkBatchParams, bulkUploadFields, dataOf } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../errors.js';
import { renderWaybillsPdf } from '../../platform/waybill/index.js';
import { loadWaybillBatch } from '../shipments/index.js';
import { bookedRowsOf, confirmBatch, createBatch, getBatch, type RunContext } from './bulk-bookings.service.js';
import { templateCsv, templateXlsx, trackingNumbersCsv } from './spreadsheet.js';

const tags = ['bulk-bookings'];
const UPLOAD_MESSAGE = "Send the spreadsheet as multipart/form-data in a part named 'file' (CSV or XLSX)";
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fileResponse = z.any().meta({ description: 'A file' });

/**
 * /api/bulk-bookings (issue 33; the catalogue has no such calls: docs/decisions.md "Bulk booking from a
 * spreadsheet"): the template, an upload that becomes a checked batch, its progress and preview, confirm (once),
 * and the booked batch's waybills (one PDF) and tracking numbers (CSV).
 */
export const bulkBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (): RunContext => ({ db: app.db, appEnv: app.config.APP_ENV, log: app.log });
  await app.register(multipart, { limits: { fileSize: BULK_BOOKING_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get('/template.csv', { schema: { tags, summary: 'The bulk booking template (CSV)', response: { 200: fileResponse } } }, async (_request, reply) =>
    reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="hatid-bulk-booking-template.csv"').send(templateCsv()),
  );

  app.get('/template.xlsx', { schema: { tags, summary: 'The bulk booking template (XLSX)', response: { 200: fileResponse } } }, async (_request, reply) =>
    reply
      .type(XLSX_TYPE)
      .header('content-disposition', 'attachment; filename="hatid-bulk-booking-template.xlsx"')
      .send(await templateXlsx()),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: `Upload a CSV or XLSX of bookings (multipart part "file"; staff add the field "ownerId"); its rows are checked in the background`,
        response: { 202: dataOf(bulkBatchDto) },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      if (!request.isMultipart()) throw fieldError('file', UPLOAD_MESSAGE);
      let file: { bytes: Buffer; name: string } | null = null;
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') throw fieldError('file', UPLOAD_MESSAGE);
            file = { bytes: await part.toBuffer(), name: part.filename };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw fieldError('file', `The file is larger than ${BULK_BOOKING_MAX_FILE_BYTES / 1024 / 1024} MB: split it`);
        }
        if (error instanceof Error && !('statusCode' in error) && !('code' in error)) throw fieldError('file', UPLOAD_MESSAGE);
        throw error;
      }
      if (!file) throw fieldError('file', UPLOAD_MESSAGE);
      const parsed = bulkUploadFields.safeParse({ ownerId: fields.ownerId || undefined });
      if (!parsed.success) throw fieldError('ownerId', parsed.error.issues[0]!.message);
      const batch = await createBatch(ctx(), actor, { fileName: (file.name || 'bookings').slice(0, 200), bytes: file.bytes, ownerId: parsed.data.ownerId });
      return reply.status(202).send({ data: batch });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'A batch: its progress, its wrong rows with their reasons, and the total of the rest',
        params: bulkBatchParams,
        response: { 200: dataOf(bulkBatchDto) },
      },
    },
    async (request) => ({ data: await getBatch(ctx(), request.requireActor(), request.params.id) }),
  );

  app.post(
    '/:id/confirm',
    {
      schema: {
        tags,
        summary: 'Book the valid rows of a checked batch; sent twice, it books nothing twice',
        params: bulkBatchParams,
        response: { 202: dataOf(bulkBatchDto) },
      },
    },
    async (request, reply) => reply.status(202).send({ data: await confirmBatch(ctx(), request.requireActor(), request.params.id) }),
  );

  app.get(
    '/:id/waybills.pdf',
    { schema: { tags, summary: "All the batch's waybills in one PDF", params: bulkBatchParams, response: { 200: fileResponse } } },
    async (request, reply) => {
      const actor = request.requireActor();
      const rows = await bookedRowsOf(app.db, actor, request.params.id);
      const { items } = await loadWaybillBatch(
        app.db,
        actor,
        rows.map((r) => r.trackingNumber),
        { skipCancelled: true },
      );
      const pdf = await renderWaybillsPdf(items);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="waybills-${request.params.id.slice(0, 8)}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/:id/tracking-numbers.csv',
    {
      schema: {
        tags,
        summary: "The batch's tracking numbers (CSV), with the spreadsheet row of each",
        params: bulkBatchParams,
        response: { 200: fileResponse },
      },
    },
    async (request, reply) => {
      const rows = await bookedRowsOf(app.db, request.requireActor(), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tracking-numbers-${request.params.id.slice(0, 8)}.csv"`)
        .send(trackingNumbersCsv(rows));
    },
  );
};
