import {
  createWebhookEndpointBody,
  dataOf,
  errorDto,
  noContentDto,
  pageOf,
  updateWebhookEndpointBody,
  webhookDeliveryDto,
  webhookDeliveryListQuery,
  webhookDeliveryParams,
  webhookEndpointDto,
  webhookEndpointIdParams,
  webhookEndpointListQuery,
  webhookEndpointWithSecretDto,
  webhookReplayDto,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  replayFailed,
  rotateSecret,
  updateEndpoint,
  type WebhookContext,
} from './webhooks.service.js';

const tags = ['webhooks'];

/**
 * Business webhooks (issue 33; beyond the catalogue, docs/decisions.md "Issue 33: webhooks"): a business admin's
 * own business's endpoints; staff and admins see every business's (staff read-only).
 */
export function webhooksRoutes(ctx: WebhookContext, kick: () => void): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/endpoints',
      {
        schema: {
          tags,
          summary: 'Register a webhook endpoint (its signing secret is in this answer only)',
          body: createWebhookEndpointBody,
          response: { 201: dataOf(webhookEndpointWithSecretDto), 403: errorDto, 422: errorDto },
        },
      },
      async (request, reply) => {
        reply.code(201).header('cache-control', 'no-store');
        return { data: await createEndpoint(ctx, request.requireActor(), request.body) };
      },
    );

    app.get(
      '/endpoints',
      {
        schema: {
          tags,
          summary: 'Webhook endpoints, newest first',
          querystring: webhookEndpointListQuery,
          response: { 200: pageOf(webhookEndpointDto), 403: errorDto },
        },
      },
      async (request) => listEndpoints(app.db, request.requireActor(), request.query),
    );

    app.get(
      '/endpoints/:id',
      {
        schema: {
          tags,
          summary: 'One webhook endpoint (never its secret)',
          params: webhookEndpointIdParams,
          response: { 200: dataOf(webhookEndpointDto), 404: errorDto },
        },
      },
      async (request) => ({ data: await getEndpoint(app.db, request.requireActor(), request.params.id) }),
    );

    app.patch(
      '/endpoints/:id',
      {
        schema: {
          tags,
          summary: 'Change the URL, events or description; switch it off or on',
          params: webhookEndpointIdParams,
          body: updateWebhookEndpointBody,
          response: { 200: dataOf(webhookEndpointDto), 404: errorDto, 422: errorDto },
        },
      },
      async (request) => {
        const data = await updateEndpoint(ctx, request.requireActor(), request.params.id, request.body);
        if (request.body.enabled) kick();
        return { data };
      },
    );

    app.delete(
      '/endpoints/:id',
      { schema: { tags, summary: 'Delete an endpoint and its delivery log', params: webhookEndpointIdParams, response: { 204: noContentDto, 404: errorDto } } },
      async (request, reply) => {
        await deleteEndpoint(app.db, request.requireActor(), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/endpoints/:id/rotate-secret',
      {
        schema: {
          tags,
          summary: 'A new signing secret (in this answer only); the old one stops at once',
          params: webhookEndpointIdParams,
          response: { 200: dataOf(webhookEndpointWithSecretDto), 404: errorDto },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { data: await rotateSecret(ctx, request.requireActor(), request.params.id) };
      },
    );

    app.get(
      '/endpoints/:id/deliveries',
      {
        schema: {
          tags,
          summary: "An endpoint's deliveries, newest first, with each attempt",
          params: webhookEndpointIdParams,
          querystring: webhookDeliveryListQuery,
          response: { 200: pageOf(webhookDeliveryDto), 404: errorDto },
        },
      },
      async (request) => listDeliveries(app.db, request.requireActor(), request.params.id, request.query),
    );

    app.post(
      '/endpoints/:id/deliveries/:deliveryId/replay',
      {
        schema: {
          tags,
          summary: 'Send one delivery again (same event, same body, signed anew)',
          params: webhookDeliveryParams,
          response: { 200: dataOf(webhookReplayDto), 404: errorDto, 409: errorDto },
        },
      },
      async (request) => {
        const replayed = await replayDelivery(app.db, request.requireActor(), request.params.id, request.params.deliveryId);
        kick();
        return { data: { replayed } };
      },
    );

    app.post(
      '/endpoints/:id/replay-failed',
      {
        schema: {
          tags,
          summary: "Send all of an endpoint's failed deliveries again",
          params: webhookEndpointIdParams,
          response: { 200: dataOf(webhookReplayDto), 404: errorDto },
        },
      },
      async (request) => {
        const replayed = await replayFailed(app.db, request.requireActor(), request.params.id);
        kick();
        return { data: { replayed } };
      },
    );
  };
}
