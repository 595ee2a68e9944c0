/**
 * Consolidations: parcels sealed together and moved between islands as air cargo, and their lifecycle.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consolidateShipmentRoutes, consolidationsRoutes } from './consolidations.routes.js';
import { CONSOLIDATION_MOVED_TOPIC, createConsolidationAnnouncer } from './events.js';

export { createConsolidation } from './consolidations.service.js';
export { completeConsolidation, completeDeconsolidation, confirmPackages, startDeconsolidation } from './lifecycle.service.js';
export { consolidateShipments } from './membership.service.js';

/** Registers the module's routes (under /api). */
export const consolidationsModule: FastifyPluginAsyncZod = async (app) => {
  // A consolidation's moves announce themselves after their commit (events.ts).
  app.outbox.handle(CONSOLIDATION_MOVED_TOPIC, createConsolidationAnnouncer(app));
  await app.register(consolidationsRoutes, { prefix: '/consolidations' });
  await app.register(consolidateShipmentRoutes, { prefix: '/shipments' });
};
