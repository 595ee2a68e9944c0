/**
 * Boxes: the standard box sizes customers choose from, read from the pricing configuration.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boxesRoutes } from './boxes.routes.js';

/** Registers the module's routes (under /api). */
export const boxesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(boxesRoutes, { prefix: '/boxes' });
};
