/**
 * Riders: rider sign-in by SMS, riders' lists and earnings.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { riderSignInRoutes } from './rider-sign-in.routes.js';
import { ridersRoutes } from './riders.routes.js';

/** Registers the module's routes (under /api). */
export const ridersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(riderSignInRoutes, { prefix: '/sms' });
  await app.register(ridersRoutes, { prefix: '/users' });
};
