/**
 * Bulk bookings (issue 33): a spreadsheet of up to 5,000 bookings, checked by the booking rules (the shipments
 * module's `checkBooking`), previewed, then booked once (`bookShipment`) on confirm.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkBookingsRoutes } from './bulk-bookings.routes.js';

export { bookRows, checkRows, confirmBatch, createBatch, getBatch } from './bulk-bookings.service.js';
export type { RunContext } from './bulk-bookings.service.js';
export { COLUMNS, templateCsv, templateXlsx } from './spreadsheet.js';

/** Registers the module's routes (under /api). */
export const bulkBookingsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(bulkBookingsRoutes, { prefix: '/bulk-bookings' });
};
