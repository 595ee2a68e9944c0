/**
 * Hubs: drop-off and sorting hubs.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hubsRoutes } from './hubs.routes.js';

export { checkDropOffHub, dropOffHubsOf } from './hubs.service.js';
export type { DropOffHub } from './hubs.service.js';

/** Registers the module's routes (under /api). */
export const hubsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(hubsRoutes, { prefix: '/hubs' });
};
