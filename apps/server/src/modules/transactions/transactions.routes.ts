import {
  addPaymentBody,
  addPaymentResult,
  amountPaidDto,
  dataListOf,
  dataOf,
  errorDto,
  idempotencyHeaders,
  pageOf,
  proofOfPaymentBody,
  recordedPaymentMethodDto,
  shipmentCollectionDto,
  shipmentIdParams,
  transactionDto,
  transactionExportQuery,
  transactionIdParams,
  transactionListQuery,
  transactionMetaBody,
  transactionRecordDto,
  transactionRemarksBody,
  transactionRowDto,
  voidPaymentBody,
  voidPaymentParams,
  voidPaymentResult,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withIdempotency } from '../../platform/idempotency.js';
import { addPayment, paymentsOf } from './add-payment.service.js';
import { setMeta, setProofOfPayment, setRemarks, voidPayment } from './transaction-changes.service.js';
import { transactionsCsv, transactionsFilename } from './transactions-csv.js';
import { amountPaidOf, collectionOf, listTransactions, uniquePaymentTypes } from './transactions-desk.service.js';

const tags = ['transactions'];

/**
 * The catalogue's /transaction calls: recording a payment, a shipment's payments, amount paid and cash
 * collection, and the transactions desk (list, export, payment types, remarks, meta, proof, void).
 */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add-payment',
    {
      schema: {
        tags,
        summary: 'Record money received for a shipment (riders: cash of their own leg); Idempotency-Key: recorded once',
        headers: idempotencyHeaders,
        body: addPaymentBody,
        response: { 201: dataOf(addPaymentResult) },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      const result = await withIdempotency(
        app.db,
        { key: request.headers['idempotency-key'], userId: actor.id, route: `POST ${request.routeOptions.url}`, body: request.body },
        async (tx) => {
          const recorded = await addPayment(tx, actor, request.body);
          const { transaction, paymentStatus, balanceInCents } = recorded;
          return { status: 201, body: { data: { transaction, paymentStatus, balanceInCents } } };
        },
      );
      return reply.status(201).send(result.body);
    },
  );

  app.get(
    '/payments/:shipmentId',
    {
      schema: {
        tags,
        summary: "A shipment's payments (voided ones too), by shipment id or tracking number",
        params: shipmentIdParams,
        response: { 200: dataListOf(transactionDto) },
      },
    },
    async (request) => ({ data: await paymentsOf(app.db, request.requireActor(), request.params.shipmentId) }),
  );
  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'The transactions desk: payments newest first (search, paymentType, transactionStatus, dates), or shipments without a valid payment (filter=no_transactions)',
        querystring: transactionListQuery,
        response: { 200: pageOf(transactionRowDto) },
      },
    },
    async (request) => listTransactions(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary: 'The filtered desk as CSV (streamed; any size), named after the table (<Title>_all.csv)',
        querystring: transactionExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { filename, ...query } = request.query;
      const stream = transactionsCsv(app.db, request.requireActor(), { ...query, filename });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${transactionsFilename(filename)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/unique-payment-types',
    { schema: { tags, summary: 'The payment types payments were recorded with (the desk filter)', response: { 200: dataListOf(recordedPaymentMethodDto) } } },
    async (request) => ({ data: await uniquePaymentTypes(app.db, request.requireActor()) }),
  );

  app.get(
    '/amount-paid/:shipmentId',
    {
      schema: {
        tags,
        summary: "A shipment's total, what its valid payments add up to, and the balance (by id or tracking number)",
        params: shipmentIdParams,
        response: { 200: dataOf(amountPaidDto), 404: errorDto },
      },
    },
    async (request) => ({ data: await amountPaidOf(app.db, request.requireActor(), request.params.shipmentId) }),
  );

  app.get(
    '/collection/:shipmentId',
    {
      schema: {
        tags,
        summary: "A shipment's cash: who collected it, and how much is remitted, in a hand-over or outstanding",
        params: shipmentIdParams,
        response: { 200: dataOf(shipmentCollectionDto), 404: errorDto },
      },
    },
    async (request) => ({ data: await collectionOf(app.db, request.requireActor(), request.params.shipmentId) }),
  );

  app.put(
    '/remarks/:id',
    {
      schema: {
        tags,
        summary: "Change a payment's remarks (empty clears them)",
        params: transactionIdParams,
        body: transactionRemarksBody,
        response: { 200: dataOf(transactionRecordDto), 404: errorDto },
      },
    },
    async (request) => ({ data: await setRemarks(app.db, request.requireActor(), request.params.id, request.body.remarks, request.ip) }),
  );

  app.put(
    '/meta/:id',
    {
      schema: {
        tags,
        summary: "Replace a payment's extra details (bank, account, wallet number…)",
        params: transactionIdParams,
        body: transactionMetaBody,
        response: { 200: dataOf(transactionRecordDto), 404: errorDto, 409: errorDto },
      },
    },
    async (request) => ({ data: await setMeta(app.db, request.requireActor(), request.params.id, request.body.meta, request.ip) }),
  );

  app.put(
    '/proof-of-payment/:id',
    {
      schema: {
        tags,
        summary: 'Attach a proof of payment the caller uploaded',
        params: transactionIdParams,
        body: proofOfPaymentBody,
        response: { 200: dataOf(transactionRecordDto), 404: errorDto, 409: errorDto },
      },
    },
    async (request) => ({ data: await setProofOfPayment(app.db, request.requireActor(), request.params.id, request.body.proofUploadId, request.ip) }),
  );

  app.post(
    '/void-payment/:transactionId',
    {
      schema: {
        tags,
        summary: "Void a payment with a reason: it stops counting and the shipment's payment status is derived again",
        params: voidPaymentParams,
        body: voidPaymentBody,
        response: { 200: dataOf(voidPaymentResult), 404: errorDto, 409: errorDto },
      },
    },
    async (request) => ({ data: await voidPayment(app.db, request.requireActor(), request.params.transactionId, request.body.reason, request.ip) }),
  );
};
