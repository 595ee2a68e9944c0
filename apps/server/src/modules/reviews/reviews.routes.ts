import {
  createReviewBody,
  dataOf,
  errorDto,
  noContentDto,
  pageOf,
  reviewDto,
  reviewIdParams,
  reviewListQuery,
  reviewOfShipmentParams,
  updateReviewBody,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeReview, createReview, findReviewOf, getReview, listReviews, removeReview } from './reviews.service.js';

const tags = ['reviews'];
const errors = { 400: errorDto, 401: errorDto, 403: errorDto, 404: errorDto };

/**
 * Reviews of delivered shipments. A person writes, reads, edits and deletes their own; staff and admins
 * (the Review abilities) read all and may delete any, never rewrite one (docs/decisions.md).
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Review one of my delivered shipments (one review per shipment)',
        body: createReviewBody,
        response: { 201: dataOf(reviewDto), ...errors, 409: errorDto, 422: errorDto },
      },
    },
    async (request, reply) => {
      const created = await createReview(app.db, request.requireActor(), request.body, { ip: request.ip });
      reply.status(201);
      return { data: created };
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Reviews I may see (staff: all), newest first; filter by rating and comment text',
        querystring: reviewListQuery,
        response: { 200: pageOf(reviewDto), 400: errorDto, 401: errorDto },
      },
    },
    async (request) => listReviews(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/user-shipment/:userId/:shipmentId',
    {
      schema: {
        tags,
        summary: "A person's review of a shipment, or null when they have not written one",
        params: reviewOfShipmentParams,
        response: { 200: dataOf(reviewDto.nullable()), ...errors },
      },
    },
    async (request) => ({
      data: await findReviewOf(app.db, request.requireActor(), request.params.userId, request.params.shipmentId),
    }),
  );

  app.get('/:id', { schema: { tags, summary: 'One review', params: reviewIdParams, response: { 200: dataOf(reviewDto), ...errors } } }, async (request) => ({
    data: await getReview(app.db, request.requireActor(), request.params.id),
  }));

  app.patch(
    '/:id',
    { schema: { tags, summary: 'Change my review', params: reviewIdParams, body: updateReviewBody, response: { 200: dataOf(reviewDto), ...errors } } },
    async (request) => ({ data: await changeReview(app.db, request.requireActor(), request.params.id, request.body, { ip: request.ip }) }),
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Delete a review (mine, or any for staff)', params: reviewIdParams, response: { 204: noContentDto, ...errors } } },
    async (request, reply) => {
      await removeReview(app.db, request.requireActor(), request.params.id, { ip: request.ip });
      return reply.status(204).send(null);
    },
  );
};
