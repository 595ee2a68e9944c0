/**
 * Flags: the operator's switches (payment options on or off per environment).
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { flagsRoutes } from './flags.routes.js';

export { assertPaymentOptionOn } from './flags.service.js';
export type { AppEnv } from './flags.service.js';

/** Registers the module's routes (under /api). */
export const flagsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(flagsRoutes, { prefix: '/flags' });
};
