/**
 * System: health and warm-up routes.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemRoutes } from './system.routes.js';

/** Registers the module's routes (under /api). */
export const systemModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(systemRoutes);
};
