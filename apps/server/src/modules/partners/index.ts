/**
 * Partners: service partners, the provinces they serve and what that lets them see (partnerScope).
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnersRoutes } from './partners.routes.js';

export { partnerScope } from './partner-scope.js';

/** Registers the module's routes (under /api). */
export const partnersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(partnersRoutes, { prefix: '/partners' });
};
