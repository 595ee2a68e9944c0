import { CONTACT_SUPPORT_SUBJECT, contactSupportBody, dataOf, errorDto, ticketDto } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTicket } from './tickets.service.js';

/**
 * POST /users/contactSupport: the message becomes a support ticket (support staff see it; the sender follows
 * it). The catalogue puts the call under /users, but its work is the tickets module's, so this module registers
 * it there (docs/architecture.md, "Routes under another module's prefix").
 */
export const contactSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contactSupport',
    {
      schema: {
        tags: ['users'],
        summary: 'Send a message to support (it becomes a support ticket)',
        body: contactSupportBody,
        response: { 201: dataOf(ticketDto), 400: errorDto, 401: errorDto, 403: errorDto, 404: errorDto, 409: errorDto, 422: errorDto, 429: errorDto },
      },
      // Per person (per address when signed out): a few messages a minute is plenty for a human.
      config: {
        rateLimit: {
          max: 5,
          timeWindow: '1 minute',
          keyGenerator: (request) => (request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`),
        },
      },
    },
    async (request, reply) => {
      const { subject, message, trackingNumber } = request.body;
      const ticket = await createTicket(
        app.db,
        request.requireActor(),
        { subject: subject || CONTACT_SUPPORT_SUBJECT, description: message, ...(trackingNumber ? { trackingNumber } : {}) },
        { ip: request.ip },
      );
      reply.status(201);
      return { data: ticket };
    },
  );
};
