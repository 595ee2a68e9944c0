import { activityListQuery, activityLogDto, createActivityBody, dataOf, errorDto, globalActivityQuery, pageOf } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createActivity, listActivities, listGlobalActivities } from './activities.service.js';

const tags = ['activities'];

/** The activity log (api-catalogue "Activities…"; DECISIONS "Activity log"). */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Activity log entries (admins: all; everyone else: what they did), newest first',
        querystring: activityListQuery,
        response: { 200: pageOf(activityLogDto) },
      },
    },
    async (request) => listActivities(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/global',
    {
      schema: {
        tags,
        summary: 'The whole activity log, searchable by words, dates and category (admins)',
        querystring: globalActivityQuery,
        response: { 200: pageOf(activityLogDto) },
      },
    },
    async (request) => {
      request.authorize('view', 'ActivityLog');
      return listGlobalActivities(app.db, request.query);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Write a note in the activity log (admins, consolidators): stored as a NOTE by its author',
        body: createActivityBody,
        response: { 201: dataOf(activityLogDto), 422: errorDto },
      },
    },
    async (request, reply) => {
      // product.md §6: only admins (manage all) and consolidators ("activities") have the ability.
      const actor = request.authorize('create', 'Activity');
      const data = await createActivity(app.db, actor, request.body, request.ip);
      reply.status(201);
      return { data };
    },
  );
};
