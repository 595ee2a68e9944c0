/**
 * Transactions: the payments desk: recording and changing a shipment's payments, its CSV.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionsRoutes } from './transactions.routes.js';

/** Registers the module's routes (under /api). */
export const transactionsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(transactionsRoutes, { prefix: '/transaction' });
};
