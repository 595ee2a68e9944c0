/**
 * Couriers: the air carriers consolidations fly with.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couriersRoutes } from './couriers.routes.js';

export { createCourier, requireActiveCourier } from './couriers.service.js';

/** Registers the module's routes (under /api). */
export const couriersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(couriersRoutes, { prefix: '/couriers' });
};
