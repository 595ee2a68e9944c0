/**
 * Reviews: customers' ratings of delivered shipments.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewsRoutes } from './reviews.routes.js';

export { createReview } from './reviews.service.js';

/** Registers the module's routes (under /api). */
export const reviewsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(reviewsRoutes, { prefix: '/reviews' });
};
