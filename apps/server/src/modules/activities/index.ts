/**
 * Activities: the back office's activity log (who changed what), read and filtered.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activitiesRoutes } from './activities.routes.js';

/** Registers the module's routes (under /api). */
export const activitiesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(activitiesRoutes, { prefix: '/activities' });
};
