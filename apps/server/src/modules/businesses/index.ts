/**
 * Businesses: clients that ship on account, their members, addresses and invoice accounts.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessesRoutes } from './businesses.routes.js';

export { findBusiness, insertBusiness, insertBusinessAddress, lockBusiness } from './businesses.repository.js';
export type { BusinessRow } from './businesses.repository.js';

/** Registers the module's routes (under /api). */
export const businessesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(businessesRoutes, { prefix: '/businesses' });
};
