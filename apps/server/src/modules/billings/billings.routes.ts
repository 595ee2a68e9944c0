import {
  addBillingAttachmentBody,
  billingBulkResultDto,
  billingBulkStatusBody,
  billingDetailDto,
  billingIdParams,
  billingListQuery,
  billingPage,
  createBillingBody,
  dataOf,
  errorDto,
  idempotencyHeaders,
  noContentDto,
  recordBillingPaymentBody,
  removeBillingAttachmentBody,
  updateBillingBody,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withIdempotency } from '../../platform/idempotency.js';
import { addBillingAttachment, removeBillingAttachment } from './billing-attachments.service.js';
import { billingCsv, billingFilename } from './billing-export.js';
import { recordBillingPayment } from './billing-payments.service.js';
import { renderBillingStatementPdf } from './billing-statement.js';
import { billingDetail } from './billings.repository.js';
import { bulkBillingStatus, createBilling, deleteBilling, getBilling, listBillings, updateBilling } from './billings.service.js';

const tags = ['billings'];

/** Billings (the console's /billings): the catalogue's 12 calls. */
export const billingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: "Prepare a billing: the client's shipments of the period (receivable: booked on account; payable: cash collected on delivery)",
        body: createBillingBody,
        response: { 201: dataOf(billingDetailDto), 422: errorDto },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createBilling(app.db, request.requireActor(), request.body, request.ip) };
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Billings newest first (search, status, billingType, billerId, customerId, location), with counts per status',
        querystring: billingListQuery,
        response: { 200: billingPage },
      },
    },
    async (request) => listBillings(app.db, request.requireActor(), request.query),
  );

  app.post(
    '/record',
    {
      schema: {
        tags,
        summary: 'Record a payment against a billing (never more than the balance; Wallet moves the client’s wallet); Idempotency-Key: recorded once',
        headers: idempotencyHeaders,
        body: recordBillingPaymentBody,
        response: { 201: dataOf(billingDetailDto), 404: errorDto, 422: errorDto },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      const result = await withIdempotency(
        app.db,
        { key: request.headers['idempotency-key'], userId: actor.id, route: `POST ${request.routeOptions.url}`, body: request.body },
        async (tx) => {
          await recordBillingPayment(tx, actor, request.body);
          return { status: 201, body: { data: await billingDetail(tx, request.body.billingId) } };
        },
      );
      return reply.status(201).send(result.body);
    },
  );

  app.patch(
    '/bulk-status',
    {
      schema: {
        tags,
        summary: 'Move several billings; each refusal is reported on its own',
        body: billingBulkStatusBody,
        response: { 200: dataOf(billingBulkResultDto) },
      },
    },
    async (request) => ({ data: await bulkBillingStatus(app.db, request.requireActor(), request.body, request.ip) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One billing with its shipments, payments, attachments and invoices',
        params: billingIdParams,
        response: { 200: dataOf(billingDetailDto), 404: errorDto },
      },
    },
    async (request) => ({ data: await getBilling(app.db, request.requireActor(), request.params.id) }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change notes, due date or status; a new period gathers the shipments again (only while nothing is paid nor invoiced)',
        params: billingIdParams,
        body: updateBillingBody,
        response: { 200: dataOf(billingDetailDto), 404: errorDto, 409: errorDto, 422: errorDto },
      },
    },
    async (request) => ({ data: await updateBilling(app.db, request.requireActor(), request.params.id, request.body, request.ip) }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a billing nothing was paid on and no invoice was issued from (its shipments are freed)',
        params: billingIdParams,
        response: { 204: noContentDto, 404: errorDto, 409: errorDto },
      },
    },
    async (request, reply) => {
      await deleteBilling(app.db, request.requireActor(), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/:id/attachments',
    {
      schema: {
        tags,
        summary: 'Attach an uploaded file (POST /uploads first) to the billing',
        params: billingIdParams,
        body: addBillingAttachmentBody,
        response: { 200: dataOf(billingDetailDto), 404: errorDto, 422: errorDto },
      },
    },
    async (request) => ({ data: await addBillingAttachment(app.db, request.requireActor(), request.params.id, request.body, request.ip) }),
  );

  app.delete(
    '/:id/attachments',
    {
      schema: {
        tags,
        summary: 'Take an attachment off the billing (the body names it)',
        params: billingIdParams,
        body: removeBillingAttachmentBody,
        response: { 200: dataOf(billingDetailDto), 404: errorDto },
      },
    },
    async (request) => ({ data: await removeBillingAttachment(app.db, request.requireActor(), request.params.id, request.body.attachmentId, request.ip) }),
  );

  app.get(
    '/:id/export',
    { schema: { tags, summary: "The billing's shipments and total as CSV (Billing_<invoice or id>.csv)", params: billingIdParams, produces: ['text/csv'] } },
    async (request, reply) => {
      const detail = await getBilling(app.db, request.requireActor(), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${billingFilename(detail, 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(billingCsv(detail));
    },
  );

  app.get(
    '/:id/preview',
    { schema: { tags, summary: 'The billing as a printable PDF statement', params: billingIdParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const detail = await getBilling(app.db, request.requireActor(), request.params.id);
      const pdf = await renderBillingStatementPdf(detail);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${billingFilename(detail, 'pdf')}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
