/**
 * Shipment miles: hand-offs between first, mid and last mile, and who holds a parcel.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shipmentMilesRoutes } from './shipment-miles.routes.js';

export { createMileNote, shipmentProgress } from './shipment-miles.service.js';

/** Registers the module's routes (under /api). */
export const shipmentMilesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(shipmentMilesRoutes, { prefix: '/shipment-miles' });
};
