/**
 * Billings and their invoices: what a business on invoice owes for a period, statements, payments, attachments.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAttachmentReader } from '../uploads/index.js';
import { mayReadBillingAttachment } from './billings.access.js';
import { billingsRoutes } from './billings.routes.js';
import { invoicesRoutes } from './invoices.routes.js';

export { createBilling } from './billings.service.js';
export { createInvoice } from './invoices.service.js';

/** Registers the module's routes (under /api). */
export const billingsModule: FastifyPluginAsyncZod = async (app) => {
  // Files attached to this module's records are served by uploads to whoever may read the record.
  addAttachmentReader(mayReadBillingAttachment);
  await app.register(billingsRoutes, { prefix: '/billings' });
  await app.register(invoicesRoutes, { prefix: '/invoices' });
};
