/**
 * Collections: the cash riders collect (COD and cash payments) and hand over.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectionsRoutes } from './collections.routes.js';

export { changeCollectionStatus, createCollection } from './collections.service.js';
export { outstandingCash } from './outstanding-cash.js';

/** Registers the module's routes (under /api). */
export const collectionsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(collectionsRoutes, { prefix: '/collections' });
};
