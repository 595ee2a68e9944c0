import { dataListOf, dataOf, errorDto, hubDto, hubIdParams, hubInput, hubListQuery, hubUpdate } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHub, listHubs, updateHub } from './hubs.service.js';

const tags = ['hubs'];

/**
 * Drop-off hubs (Drop Off bookings hand the parcel in at one): public to look up, kept by staff and admins
 * (manage Hub). Deactivate with PATCH { isActive: false }; hubs are never deleted.
 */
export const hubsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Drop-off hubs, by province (staff may add includeInactive=true)',
        querystring: hubListQuery,
        response: { 200: dataListOf(hubDto) },
      },
    },
    async (request) => ({ data: await listHubs(app.db, request.actor, request.query) }),
  );

  app.post(
    '/',
    {
      schema: { tags, summary: 'Add a drop-off hub', body: hubInput, response: { 201: dataOf(hubDto), 422: errorDto } },
    },
    async (request, reply) => {
      const actor = request.authorize('create', 'Hub');
      reply.code(201);
      return { data: await createHub(app.db, actor, request.body, request.ip) };
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change or deactivate a drop-off hub',
        params: hubIdParams,
        body: hubUpdate,
        response: { 200: dataOf(hubDto), 404: errorDto, 422: errorDto },
      },
    },
    async (request) => {
      const actor = request.authorize('update', 'Hub');
      return { data: await updateHub(app.db, actor, request.params.id, request.body, request.ip) };
    },
  );
};
