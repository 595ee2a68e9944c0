/**
 * Addresses: a person's saved addresses and the PSGC place checks every address goes through.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressesRoutes } from './addresses.routes.js';

export { findAddress, findCoveredProvince, toAddressDto } from './addresses.repository.js';
export { checkPlaces } from './addresses.service.js';

/** Registers the module's routes (under /api). */
export const addressesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(addressesRoutes, { prefix: '/addresses' });
};
