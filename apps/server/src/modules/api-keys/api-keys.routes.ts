import {
  apiKeyDto,
  apiKeyIdParams,
  apiKeyListQuery,
  createApiKeyBody,
  createdApiKeyDto,
  dataOf,
  errorDto,
  noContentDto,
  pageOf,
  updateApiKeyBody,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey, updateApiKey } from './api-keys.service.js';

const tags = ['api-keys'];

/** API keys: a business admin's own business's keys; admins see and revoke every key. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Make an API key for my business (the key is in this answer only)',
        body: createApiKeyBody,
        response: { 201: dataOf(createdApiKeyDto), 403: errorDto },
      },
    },
    async (request, reply) => {
      // The one answer that holds the key: never stored by a cache on the way.
      reply.code(201).header('cache-control', 'no-store');
      return { data: await createApiKey(app.db, request.requireActor(), request.body, request.ip) };
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'API keys, newest first (search by name or prefix, status)',
        querystring: apiKeyListQuery,
        response: { 200: pageOf(apiKeyDto) },
      },
    },
    async (request) => listApiKeys(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/:id',
    { schema: { tags, summary: 'One API key (never the key itself)', params: apiKeyIdParams, response: { 200: dataOf(apiKeyDto), 404: errorDto } } },
    async (request) => ({ data: await getApiKey(app.db, request.requireActor(), request.params.id) }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Rename a key, change its scopes or expiry',
        params: apiKeyIdParams,
        body: updateApiKeyBody,
        response: { 200: dataOf(apiKeyDto), 404: errorDto, 409: errorDto },
      },
    },
    async (request) => ({ data: await updateApiKey(app.db, request.requireActor(), request.params.id, request.body, request.ip) }),
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Revoke a key at once (it stays listed as revoked)', params: apiKeyIdParams, response: { 204: noContentDto, 404: errorDto } } },
    async (request, reply) => {
      await revokeApiKey(app.db, request.requireActor(), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );
};
