/**
 * Reports: the back office's CSV reports over shipments.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportsRoutes } from './reports.routes.js';

/** Registers the module's routes (under /api). */
export const reportsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(reportsRoutes, { prefix: '/reports' });
};
