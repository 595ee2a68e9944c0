import {
  createPromoCodeInput,
  dataOf,
  errorDto,
  noContentDto,
  pageOf,
  promoCodeDto,
  promoCodeIdParams,
  promoCodeListQuery,
  updatePromoCodeInput,
  verifyPromoCodeBody,
  verifyPromoCodeResultDto,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePromoCode, createPromoCode, getPromoCode, listPromoCodes, removePromoCode, verifyPromoCode } from './promo-codes.service.js';

const tags = ['promo-codes'];

export const promoCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public like pricing (codes are typed before signing in), with a tighter budget against guessing codes.
  app.post(
    '/verification',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, readsOnly: true },
      schema: {
        tags,
        summary: 'Check a promo code for the selected boxes (signed in: per-user limits apply)',
        body: verifyPromoCodeBody,
        response: { 200: dataOf(verifyPromoCodeResultDto), 422: errorDto },
      },
    },
    async (request) => ({ data: await verifyPromoCode(app.db, { input: request.body, userId: request.actor?.id ?? null }) }),
  );

  app.post(
    '/',
    { schema: { tags, summary: 'Create a promo code', body: createPromoCodeInput, response: { 201: dataOf(promoCodeDto), 409: errorDto } } },
    async (request, reply) => {
      const actor = request.authorize('create', 'PromoCode');
      const created = await createPromoCode(app.db, actor, request.body, { ip: request.ip });
      reply.status(201);
      return { data: created };
    },
  );

  app.get(
    '/',
    { schema: { tags, summary: 'List promo codes (newest first)', querystring: promoCodeListQuery, response: { 200: pageOf(promoCodeDto) } } },
    async (request) => {
      request.authorize('view', 'PromoCode');
      return listPromoCodes(app.db, request.query);
    },
  );

  app.get('/:id', { schema: { tags, summary: 'One promo code', params: promoCodeIdParams, response: { 200: dataOf(promoCodeDto) } } }, async (request) => {
    request.authorize('view', 'PromoCode');
    return { data: await getPromoCode(app.db, request.params.id) };
  });

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change a promo code',
        params: promoCodeIdParams,
        body: updatePromoCodeInput,
        response: { 200: dataOf(promoCodeDto), 409: errorDto },
      },
    },
    async (request) => {
      const actor = request.authorize('update', 'PromoCode');
      return { data: await changePromoCode(app.db, actor, request.params.id, request.body, { ip: request.ip }) };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Delete a promo code (shipments that used it keep it)', params: promoCodeIdParams, response: { 204: noContentDto } } },
    async (request, reply) => {
      const actor = request.authorize('delete', 'PromoCode');
      await removePromoCode(app.db, actor, request.params.id, { ip: request.ip });
      return reply.status(204).send(null);
    },
  );
};
