/**
 * Tickets: support tickets and their threads (and POST /users/contactSupport, which opens one).
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ticketsRoutes } from './tickets.routes.js';
import { contactSupportRoutes } from './contact-support.routes.js';

export { changeTicket, createTicket, openOperationsTicket, replyToTicket } from './tickets.service.js';

/** Registers the module's routes (under /api). */
export const ticketsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(ticketsRoutes, { prefix: '/tickets' });
  await app.register(contactSupportRoutes, { prefix: '/users' });
};
