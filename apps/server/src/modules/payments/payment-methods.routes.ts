import { dataListOf, errorDto, paymentMethodDto, paymentMethodIdBody } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from './payment-methods.service.js';

const tags = ['wallet'];
const errors = { 400: errorDto, 401: errorDto, 403: errorDto, 404: errorDto, 409: errorDto, 422: errorDto };

/**
 * The signed-in person's saved payment methods, under /wallet where the catalogue puts them. The tokens are the
 * payments module's (it saves, charges, links and expires them), so it serves these routes too.
 */
export const paymentMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/methods',
    {
      schema: { tags, summary: 'My saved payment methods (cards, linked banks and e-wallets)', response: { 200: dataListOf(paymentMethodDto), 401: errorDto } },
    },
    async (request) => ({ data: await listPaymentMethods(app.db, request.requireActor()) }),
  );

  app.post(
    '/methods/remove',
    { schema: { tags, summary: 'Remove a saved payment method', body: paymentMethodIdBody, response: { 200: dataListOf(paymentMethodDto), ...errors } } },
    async (request) => ({ data: await removePaymentMethod(app.db, request.requireActor(), request.body.paymentMethodId) }),
  );

  app.post(
    '/methods/default',
    {
      schema: {
        tags,
        summary: 'Make a saved payment method my default',
        body: paymentMethodIdBody,
        response: { 200: dataListOf(paymentMethodDto), ...errors },
      },
    },
    async (request) => ({ data: await setDefaultPaymentMethod(app.db, request.requireActor(), request.body.paymentMethodId) }),
  );
};
