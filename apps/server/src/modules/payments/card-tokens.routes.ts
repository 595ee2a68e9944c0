import { z } from 'zod';
import { dataOf, errorDto, newCardBody, paymentMethodDto, removeCardBody } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertPaymentOptionOn } from '../flags/flags.service.js';
import { listPaymentMethods, removePaymentMethod, saveCard } from '../wallet/payment-methods.service.js';

const tags = ['card-tokens'];
const errors = { 400: errorDto, 401: errorDto, 404: errorDto, 422: errorDto };

/**
 * Saved cards: the browser tokenizes the card with the provider (the sandbox's tokenizer runs in the web
 * app, Xendit's in Xendit.js), so only the token, brand, last four digits and expiry reach this server.
 */
export const cardTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, summary: 'My saved cards', response: { 200: dataOf(z.array(paymentMethodDto)), 401: errorDto } } },
    async (request) => ({ data: await listPaymentMethods(app.db, request.requireActor(), 'Card') }),
  );

  app.post(
    '/card/new',
    { schema: { tags, summary: 'Save a card tokenized in the browser (the first card becomes the default)', body: newCardBody, response: { 201: dataOf(z.array(paymentMethodDto)), ...errors } } },
    async (request, reply) => {
      const actor = request.requireActor();
      await assertPaymentOptionOn(app.db, app.config.APP_ENV, 'card', 'token');
      const cards = await saveCard(app.db, actor, app.payments.provider.name, request.body);
      return reply.status(201).send({ data: cards });
    },
  );

  app.delete(
    '/card/remove',
    { schema: { tags, summary: 'Remove a saved card', body: removeCardBody, response: { 200: dataOf(z.array(paymentMethodDto)), ...errors } } },
    async (request) => ({ data: await removePaymentMethod(app.db, request.requireActor(), request.body.cardTokenId, 'Card') }),
  );
};
