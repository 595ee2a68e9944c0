import { dataListOf, dataOf, errorDto, flagDto, flagKeyParams, updateFlagBody } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listFlags, updateFlag } from './flags.service.js';

const tags = ['flags'];

/** Remote flags: anyone reads them (the web app decides what to show before sign-in); admins change them. */
export const flagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags, summary: 'The remote flags and the value this environment uses', response: { 200: dataListOf(flagDto) } } }, async () => ({
    data: await listFlags(app.db, app.config.APP_ENV),
  }));

  app.patch(
    '/:key',
    {
      schema: {
        tags,
        summary: 'Switch a flag in the test or the production set (admins; activity-logged)',
        params: flagKeyParams,
        body: updateFlagBody,
        response: { 200: dataOf(flagDto), 400: errorDto, 401: errorDto, 403: errorDto, 404: errorDto },
      },
    },
    async (request) => {
      const actor = request.authorize('manage', 'all');
      return { data: await updateFlag(app.db, actor, request.params.key, request.body, app.config.APP_ENV, request.ip) };
    },
  );
};
