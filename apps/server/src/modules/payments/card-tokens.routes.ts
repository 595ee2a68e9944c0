import {
  cardSessionBody,
  cardSessionDto,
  dataListOf,
  dataOf,
  errorDto,
  idempotencyHeaders,
  newCardBody,
  paymentMethodDto,
  removeCardBody,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../errors.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { assertPaymentOptionOn } from '../flags/index.js';
import { listPaymentMethods, removePaymentMethod, saveCard } from './payment-methods.service.js';
import { paymentsContext } from './context.js';
import { sendCardSaveToProvider } from './provider-start.js';
import { startCardSession } from './top-ups.service.js';

const tags = ['card-tokens'];
const errors = { 400: errorDto, 401: errorDto, 404: errorDto, 422: errorDto };

/**
 * Saved cards. The card number and CVV never reach this server. The sandbox tokenizes the card in the web app
 * and saves the token with card/new. Xendit charges saved cards through its Payments API v3, which takes a
 * payment token made by a SAVE payment session: the page asks for a session (card/session, with the brand,
 * last four digits and expiry), sends the card to Xendit with cards-session.js under it, and the session's
 * completion webhook brings the payment token that makes the pending card usable (webhook.service.ts).
 */
export const cardTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags, summary: 'My saved cards', response: { 200: dataListOf(paymentMethodDto), 401: errorDto } } }, async (request) => ({
    data: await listPaymentMethods(app.db, request.requireActor(), 'Card'),
  }));

  app.post(
    '/card/new',
    {
      schema: {
        tags,
        summary: 'Save a card tokenized in the browser (the first card becomes the default)',
        body: newCardBody,
        response: { 201: dataListOf(paymentMethodDto), ...errors },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      await assertPaymentOptionOn(app.db, app.config.APP_ENV, 'card', 'token');
      // A token made in the browser (Xendit.js v1) is not a payment token the Payments API v3 can charge.
      if (app.payments.provider.name !== 'sandbox') {
        throw fieldError('token', 'With this payment provider, cards are saved through a payment session (POST /card-tokens/card/session)', 'RULE_BROKEN');
      }
      const cards = await saveCard(app.db, actor, app.payments.provider.name, request.body);
      return reply.status(201).send({ data: cards });
    },
  );

  /**
   * Not in the catalogue (like GET /payments/card-tokenizer): the session the page sends a card to the provider
   * under. Once per Idempotency-Key, as a link is: the pending card is reserved in one transaction with the key,
   * and the provider is called after that commits (provider-start.ts); a replay answers the same session.
   */
  app.post(
    '/card/session',
    {
      schema: {
        tags,
        summary: 'Start saving a card through the provider’s payment session (the card goes from the browser to the provider)',
        headers: idempotencyHeaders,
        body: cardSessionBody,
        response: { 201: dataOf(cardSessionDto), ...errors, 409: errorDto, 503: errorDto },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      const ctx = paymentsContext(app);
      const key = request.headers['idempotency-key'];
      const result = await withIdempotency(
        app.db,
        { key: typeof key === 'string' ? key : undefined, userId: actor.id, route: `POST ${request.routeOptions.url}`, body: request.body },
        async (tx) => ({ status: 201, body: { paymentMethodId: await startCardSession(ctx, tx, actor, request.body) } }),
      );
      return reply.status(result.status).send({ data: await sendCardSaveToProvider(ctx, result.body.paymentMethodId) });
    },
  );

  app.delete(
    '/card/remove',
    { schema: { tags, summary: 'Remove a saved card', body: removeCardBody, response: { 200: dataListOf(paymentMethodDto), ...errors } } },
    async (request) => ({ data: await removePaymentMethod(app.db, request.requireActor(), request.body.cardTokenId, 'Card') }),
  );
};
