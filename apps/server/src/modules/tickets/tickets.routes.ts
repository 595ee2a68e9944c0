import {
  createTicketBody,
  dataListOf,
  dataOf,
  errorDto,
  noContentDto,
  pageOf,
  shipmentIdParams,
  ticketDto,
  ticketIdParams,
  ticketListQuery,
  ticketReplyBody,
  ticketThreadEntryDto,
  updateTicketBody,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeTicket, createTicket, getTicket, getTicketThread, listTickets, listTicketsOfShipment, removeTicket, replyToTicket } from './tickets.service.js';

const tags = ['tickets'];
const errors = { 400: errorDto, 401: errorDto, 403: errorDto, 404: errorDto, 422: errorDto };

/**
 * Support tickets. Any signed-in person opens tickets and sees their own; support staff (the Ticket
 * abilities: staff, admin, super_admin, ssp) see all and set status and assignee (docs/decisions.md).
 */
export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Open a support ticket, optionally about one of my shipments',
        body: createTicketBody,
        response: { 201: dataOf(ticketDto), ...errors },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      const created = await createTicket(app.db, actor, request.body, { ip: request.ip });
      reply.status(201);
      return { data: created };
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Tickets I may see (support staff: all), newest first, with the catalogue filters',
        querystring: ticketListQuery,
        response: { 200: pageOf(ticketDto), 400: errorDto, 401: errorDto },
      },
    },
    async (request) => listTickets(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/shipment/:shipmentId',
    {
      schema: {
        tags,
        summary: 'Tickets about one shipment (by id or tracking number)',
        params: shipmentIdParams,
        response: { 200: dataListOf(ticketDto), 401: errorDto, 404: errorDto },
      },
    },
    async (request) => ({ data: await listTicketsOfShipment(app.db, request.requireActor(), request.params.shipmentId) }),
  );

  app.get(
    '/:id',
    { schema: { tags, summary: 'One ticket', params: ticketIdParams, response: { 200: dataOf(ticketDto), 401: errorDto, 404: errorDto } } },
    async (request) => ({ data: await getTicket(app.db, request.requireActor(), request.params.id) }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a ticket, change its status or assignee (the creator: edit while open, or close it; only the creator rewrites its text)',
        params: ticketIdParams,
        body: updateTicketBody,
        response: { 200: dataOf(ticketDto), ...errors },
      },
    },
    async (request) => {
      const actor = request.requireActor();
      const { ticket } = await changeTicket(app.db, actor, request.params.id, request.body, { ip: request.ip });
      return { data: ticket };
    },
  );

  // The thread (issue 29 item 8): beyond the catalogue, which has no replies (README "Beyond the spec's catalogue").
  app.get(
    '/:id/replies',
    {
      schema: {
        tags,
        summary: "A ticket's thread, oldest first: replies by its creator and support, and status changes",
        params: ticketIdParams,
        response: { 200: dataListOf(ticketThreadEntryDto), 401: errorDto, 404: errorDto },
      },
    },
    async (request) => ({ data: await getTicketThread(app.db, request.requireActor(), request.params.id) }),
  );

  app.post(
    '/:id/replies',
    {
      schema: {
        tags,
        summary: 'Reply in a ticket’s thread (its creator, or support) until it is closed; the other side is told',
        params: ticketIdParams,
        body: ticketReplyBody,
        response: { 201: dataOf(ticketThreadEntryDto), ...errors },
      },
    },
    async (request, reply) => {
      // The other side hears of it before the answer (its notification is announced after the commit).
      const { entry } = await replyToTicket(app.db, request.requireActor(), request.params.id, request.body, { ip: request.ip });
      reply.status(201);
      return { data: entry };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Delete a ticket (the creator: while it is still open)', params: ticketIdParams, response: { 204: noContentDto, ...errors } } },
    async (request, reply) => {
      await removeTicket(app.db, request.requireActor(), request.params.id, { ip: request.ip });
      return reply.status(204).send(null);
    },
  );
};
