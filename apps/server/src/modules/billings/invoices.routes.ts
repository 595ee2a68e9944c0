import { createInvoiceBody, dataOf, errorDto, invoiceDto, invoiceIdParams, invoiceListQuery, pageOf, updateInvoiceBody, voidInvoiceBody } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createInvoice, getInvoice, listInvoices, updateInvoice, voidInvoice } from './invoices.service.js';

const tags = ['invoices'];

/** Invoices: the numbered documents issued from billings (the catalogue's 5 calls). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The catalogue's DELETE /invoices/{id} sends no body. A client that declares JSON on every call sends an empty one
  // with the header: for a DELETE that is no body, not a 400 (this plugin's routes only; other bodies parse as ever).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && body === '') return done(null, null);
    return json(request, body as string, done);
  });

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Issue the next invoice number for a receivable billing with no live invoice',
        body: createInvoiceBody,
        response: { 201: dataOf(invoiceDto), 409: errorDto, 422: errorDto },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createInvoice(app.db, request.requireActor(), request.body, request.ip) };
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Invoices, newest number first (search by number or name, billingId, customerId, state)',
        querystring: invoiceListQuery,
        response: { 200: pageOf(invoiceDto) },
      },
    },
    async (request) => listInvoices(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/:id',
    { schema: { tags, summary: 'One invoice', params: invoiceIdParams, response: { 200: dataOf(invoiceDto), 404: errorDto } } },
    async (request) => ({ data: await getInvoice(app.db, request.requireActor(), request.params.id) }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: "Change an invoice's notes or due date (its number and total never change)",
        params: invoiceIdParams,
        body: updateInvoiceBody,
        response: { 200: dataOf(invoiceDto), 404: errorDto, 409: errorDto },
      },
    },
    async (request) => ({ data: await updateInvoice(app.db, request.requireActor(), request.params.id, request.body, request.ip) }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Void an invoice, with a reason or none (kept on record; its number is never issued again)',
        params: invoiceIdParams,
        body: voidInvoiceBody,
        response: { 200: dataOf(invoiceDto), 404: errorDto, 409: errorDto },
      },
    },
    async (request) => ({ data: await voidInvoice(app.db, request.requireActor(), request.params.id, request.body?.reason, request.ip) }),
  );
};
