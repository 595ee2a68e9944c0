import { z } from 'zod';
import {
  createPaymentLinkBody,
  dataListOf,
  dataOf,
  errorDto,
  ewalletCheckoutBody,
  expirePaymentLinkBody,
  flaggedPaymentDto,
  flaggedPaymentsQuery,
  idempotencyHeaders,
  linkBankBody,
  linkEwalletBody,
  linkStartedDto,
  oneTimeEwalletBody,
  oneTimeQrBody,
  pageOf,
  payCardBody,
  payLinkedBody,
  paymentLinkParams,
  paymentRequestDto,
  paymentRequestIdParams,
  shipmentIdParams,
  shipmentRefParams,
  testQrBody,
  testQrResultDto,
} from '@hatid/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../core/actor.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { createEnqueueBatcher } from '../../platform/outbox/index.js';
import { callbackTokenMatches } from '../../platform/payments/index.js';
import bwipjs from 'bwip-js/node';
import { AppError, notFound } from '../../errors.js';
import { mayRecordPayments } from '../shipments/index.js';
import { paymentsContext } from './context.js';
import { listFlaggedPayments } from './flagged.service.js';
import { myPaymentRequest } from './my-requests.service.js';
import {
  activeLinkOfShipment,
  createPaymentLink,
  expireInvoicesAtProvider,
  expirePaymentLink,
  getInvoice,
  invoicesOfShipment,
  type LinkReserved,
} from './payment-links.service.js';
import { sendLinkToProvider, sendToProvider } from './provider-start.js';
import { startShipmentCheckout } from './shipment-checkout.service.js';
import { simulateQr, startLink, startTopUp } from './top-ups.service.js';
import { createWebhookHandler, PAYMENT_WEBHOOK_TOPIC, receiveWebhook } from './webhook-inbox.js';

const tags = ['payments'];

/** Payment links are staff's: operations who record payments (shipments' operations.service.ts rule). */
function staffWhoRecordsPayments(actor: Actor): Actor {
  if (!mayRecordPayments(actor)) throw new AppError('FORBIDDEN', 'Only staff who record payments may manage payment links');
  return actor;
}
const errors = { 400: errorDto, 401: errorDto, 403: errorDto, 404: errorDto, 409: errorDto, 422: errorDto, 503: errorDto };
const started = { 201: dataOf(paymentRequestDto), ...errors };

/**
 * The /payments/requests calls of the catalogue: top-ups by card, direct debit, e-wallet and QR, linking
 * banks and e-wallets, a shipment's e-wallet checkout, staff's payment links; and the provider's webhook.
 * Every call that can move money takes an Idempotency-Key (a replay answers the first answer).
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => paymentsContext(app);
  app.outbox.handleInTransaction(PAYMENT_WEBHOOK_TOPIC, createWebhookHandler(app));
  const webhookInbox = createEnqueueBatcher(app.db);

  type KeyedRequest = { headers: { 'idempotency-key'?: string | string[] | undefined }; routeOptions: { url?: string }; body: unknown };
  const idempotencyOf = (request: KeyedRequest, actor: Actor) => ({
    key: typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined,
    userId: actor.id,
    route: `POST ${request.routeOptions.url}`,
    body: request.body,
  });

  /**
   * Links a bank account or e-wallet once per Idempotency-Key, as startPayment does: the pending method is
   * reserved in one transaction with the key and the provider is called after that commits (provider-start.ts).
   */
  async function startLinking(request: KeyedRequest, reply: FastifyReply, actor: Actor, reserve: (tx: Tx) => Promise<string>) {
    const result = await withIdempotency(app.db, idempotencyOf(request, actor), async (tx) => ({
      status: 201,
      body: { paymentMethodId: await reserve(tx) } as { paymentMethodId: string; data?: unknown },
    }));
    // A key stored while links called the provider inside the transaction holds the whole answer.
    if (result.body.data) return reply.status(result.status).send(result.body);
    return reply.status(result.status).send({ data: await sendLinkToProvider(ctx(), result.body.paymentMethodId) });
  }

  /**
   * Starts a payment once per Idempotency-Key: the request is reserved in one transaction with the key, and the
   * provider is called after that commits (provider-start.ts). A replay of the key answers the request as it is
   * now, making the provider call if an earlier attempt could not reach the provider.
   */
  async function startPayment(request: KeyedRequest, reply: FastifyReply, actor: Actor, reserve: (tx: Tx) => Promise<string | LinkReserved>) {
    const result = await withIdempotency(app.db, idempotencyOf(request, actor), async (tx) => {
      const reserved = await reserve(tx);
      return { status: 201, body: typeof reserved === 'string' ? { paymentRequestId: reserved, expireAtProvider: [] } : reserved };
    });
    await expireInvoicesAtProvider(ctx(), result.body.expireAtProvider, app.log);
    return reply.status(result.status).send({ data: await sendToProvider(ctx(), result.body.paymentRequestId) });
  }

  app.post(
    '/requests/pay/card',
    { schema: { tags, summary: 'Top up my wallet with a saved card', headers: idempotencyHeaders, body: payCardBody, response: started } },
    async (request, reply) => {
      const actor = request.requireActor();
      const { amountInCents, cardTokenId, returnPath } = request.body;
      return startPayment(request, reply, actor, (tx) =>
        startTopUp(ctx(), tx, actor, { channel: 'card', amountInCents, paymentMethodId: cardTokenId, returnPath }),
      );
    },
  );

  app.post(
    '/requests/link/bank',
    {
      schema: {
        tags,
        summary: 'Link a bank account for direct debit (authorised with the bank’s one-time code)',
        headers: idempotencyHeaders,
        body: linkBankBody,
        response: { 201: dataOf(linkStartedDto), ...errors },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      return startLinking(request, reply, actor, (tx) =>
        startLink(ctx(), tx, actor, { channel: 'direct_debit', bank: request.body.bank, returnPath: request.body.returnPath }),
      );
    },
  );

  app.post(
    '/requests/pay/bank',
    {
      schema: {
        tags,
        summary: 'Top up my wallet by direct debit from a linked bank account',
        headers: idempotencyHeaders,
        body: payLinkedBody,
        response: started,
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      const { amountInCents, paymentMethodId, returnPath } = request.body;
      return startPayment(request, reply, actor, (tx) => startTopUp(ctx(), tx, actor, { channel: 'direct_debit', amountInCents, paymentMethodId, returnPath }));
    },
  );

  app.post(
    '/requests/link/ewallet',
    {
      schema: {
        tags,
        summary: 'Link a GCash or Maya account',
        headers: idempotencyHeaders,
        body: linkEwalletBody,
        response: { 201: dataOf(linkStartedDto), ...errors },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      return startLinking(request, reply, actor, (tx) =>
        startLink(ctx(), tx, actor, { channel: 'ewallet', ewallet: request.body.ewallet, returnPath: request.body.returnPath }),
      );
    },
  );

  app.post(
    '/requests/pay/ewallet',
    { schema: { tags, summary: 'Top up my wallet from a linked e-wallet', headers: idempotencyHeaders, body: payLinkedBody, response: started } },
    async (request, reply) => {
      const actor = request.requireActor();
      const { amountInCents, paymentMethodId, returnPath } = request.body;
      return startPayment(request, reply, actor, (tx) => startTopUp(ctx(), tx, actor, { channel: 'ewallet', amountInCents, paymentMethodId, returnPath }));
    },
  );

  app.post(
    '/requests/otp/ewallet',
    {
      schema: {
        tags,
        summary: 'Top up my wallet by a one-time e-wallet payment (GCash, Maya)',
        headers: idempotencyHeaders,
        body: oneTimeEwalletBody,
        response: started,
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      const { amountInCents, ewallet, returnPath } = request.body;
      return startPayment(request, reply, actor, (tx) => startTopUp(ctx(), tx, actor, { channel: 'ewallet', amountInCents, ewallet, returnPath }));
    },
  );

  app.post(
    '/requests/ewallet/checkout',
    {
      schema: {
        tags,
        summary: 'Pay what is unpaid on one of my shipments by e-wallet',
        headers: idempotencyHeaders,
        body: ewalletCheckoutBody,
        response: started,
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      return startPayment(request, reply, actor, (tx) => startShipmentCheckout(ctx(), tx, actor, request.body));
    },
  );

  app.post(
    '/requests/otp/qr',
    { schema: { tags, summary: 'Top up my wallet by a one-time QR Ph code', headers: idempotencyHeaders, body: oneTimeQrBody, response: started } },
    async (request, reply) => {
      const actor = request.requireActor();
      return startPayment(request, reply, actor, (tx) => startTopUp(ctx(), tx, actor, { channel: 'qr', amountInCents: request.body.amountInCents }));
    },
  );

  app.post(
    '/requests/xendit/test-qr',
    {
      schema: {
        tags,
        summary: 'Test mode: pay one of my QR codes as if scanned (not in production)',
        body: testQrBody,
        response: { 200: dataOf(testQrResultDto), ...errors },
      },
    },
    async (request) => {
      await simulateQr(ctx(), request.requireActor(), request.body.paymentRequestId);
      return { data: { simulated: true } };
    },
  );

  app.post(
    '/requests/xendit/create-payment-link',
    {
      schema: {
        tags,
        summary: 'Staff: a payment link for what is unpaid on a shipment (a new one expires the last)',
        headers: idempotencyHeaders,
        body: createPaymentLinkBody,
        response: started,
      },
    },
    async (request, reply) => {
      const actor = staffWhoRecordsPayments(request.requireActor());
      return startPayment(request, reply, actor, (tx) => createPaymentLink(ctx(), tx, actor, request.body, request.ip));
    },
  );

  app.post(
    '/requests/xendit/expire-payment-link',
    { schema: { tags, summary: 'Staff: expire a payment link', body: expirePaymentLinkBody, response: { 200: dataOf(paymentRequestDto), ...errors } } },
    async (request) => {
      const actor = staffWhoRecordsPayments(request.requireActor());
      const { link, expireAtProvider } = await app.db.transaction((tx) => expirePaymentLink(ctx(), tx, actor, request.body.invoiceId, request.ip));
      await expireInvoicesAtProvider(ctx(), expireAtProvider, request.log);
      return { data: link };
    },
  );

  app.get(
    '/requests/xendit/invoice/:invoiceId',
    {
      schema: {
        tags,
        summary: 'One payment link (by our id or the provider’s invoice id)',
        params: paymentLinkParams,
        response: { 200: dataOf(paymentRequestDto), 401: errorDto, 404: errorDto },
      },
    },
    async (request) => ({ data: await getInvoice(ctx(), request.requireActor(), request.params.invoiceId) }),
  );

  app.get(
    '/requests/xendit/invoice/shipment/:shipmentId',
    {
      schema: {
        tags,
        summary: 'The shipment’s payment link that can still be paid (or null)',
        params: shipmentIdParams,
        response: { 200: dataOf(paymentRequestDto.nullable()), 401: errorDto, 404: errorDto },
      },
    },
    async (request) => ({ data: await activeLinkOfShipment(ctx(), request.requireActor(), request.params.shipmentId) }),
  );

  app.get(
    '/requests/xendit/invoices/shipment/:shipmentId',
    {
      schema: {
        tags,
        summary: 'Every payment link of a shipment, newest first',
        params: shipmentIdParams,
        response: { 200: dataListOf(paymentRequestDto), 401: errorDto, 404: errorDto },
      },
    },
    async (request) => ({ data: await invoicesOfShipment(ctx(), request.requireActor(), request.params.shipmentId) }),
  );

  app.get(
    '/requests/:id',
    {
      schema: {
        tags,
        summary: 'One of my payment requests (a top-up or checkout I started)',
        params: paymentRequestIdParams,
        response: { 200: dataOf(paymentRequestDto), 401: errorDto, 404: errorDto },
      },
    },
    async (request) => ({ data: await myPaymentRequest(app.db, request.requireActor(), request.params.id) }),
  );

  app.get(
    '/requests/:id/qr.svg',
    { schema: { tags, summary: 'The QR Ph code of one of my QR payments, as SVG', params: paymentRequestIdParams } },
    async (request, reply) => {
      const row = await myPaymentRequest(app.db, request.requireActor(), request.params.id);
      if (!row.qrString) throw notFound('QR code');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'private, max-age=900')
        .send(bwipjs.toSVG({ bcid: 'qrcode', text: row.qrString, scale: 3 }));
    },
  );

  app.get(
    '/flagged',
    {
      schema: {
        tags,
        summary: 'Staff: payments held because the amount paid differs from the amount asked',
        querystring: flaggedPaymentsQuery,
        response: { 200: pageOf(flaggedPaymentDto), 401: errorDto, 403: errorDto },
      },
    },
    async (request) => {
      request.authorize('manage', 'Shipment');
      return listFlaggedPayments(app.db, request.query);
    },
  );

  /**
   * The provider's webhook (Xendit and the sandbox alike). The token is checked before the body is read; a
   * wrong or missing one is 401 and changes nothing. Not rate limited: the provider's bursts are legitimate.
   * A good delivery is stored and answered 200 ('queued', or 'duplicate' for a body already stored); the
   * outbox worker credits it (webhook-inbox.ts).
   */
  app.post(
    '/webhooks/xendit',
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary: 'Payment provider webhook (x-callback-token)',
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ received: z.boolean(), outcome: z.string() }), 400: errorDto, 401: errorDto },
      },
    },
    async (request) => {
      if (!callbackTokenMatches(app.payments.callbackToken, request.headers['x-callback-token'])) {
        throw new AppError('UNAUTHENTICATED', 'The callback token is missing or wrong');
      }
      return { received: true, outcome: await receiveWebhook(app, webhookInbox, request.body) };
    },
  );
};

/** GET /shipments/active-payment-link/{id}: the link a customer or staff member can pay or share now. */
export const shipmentPaymentLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/active-payment-link/:id',
    {
      schema: {
        tags: ['shipments'],
        summary: 'The shipment’s active payment link (or null)',
        params: shipmentRefParams,
        response: { 200: dataOf(paymentRequestDto.nullable()), 401: errorDto, 404: errorDto },
      },
    },
    async (request) => ({ data: await activeLinkOfShipment(paymentsContext(app), request.requireActor(), request.params.id) }),
  );
};
