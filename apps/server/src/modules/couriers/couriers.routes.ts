import {
  courierCategoryParams,
  courierDto,
  courierIdParams,
  courierInput,
  courierListQuery,
  courierUpdate,
  dataListOf,
  dataOf,
  errorDto,
  noContentDto,
  pageOf,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../errors.js';
import { changeCourier, createCourier, deleteCourier, getCourier, listActiveCouriers, listCouriers } from './couriers.service.js';

const tags = ['couriers'];

/** Who reads the courier list: staff and admins (manage), ssp (admin view), service partners and consolidators (view). */
const mayRead = (actor: Actor) => actor.ability.can('view', 'Courier') || actor.ability.can('admin_view', 'Courier');
/**
 * The pickers (all-active, by-category) also serve whoever fills in a consolidation's transport details:
 * the role table gives consolidators consolidations, not couriers, but the carrier is part of that work.
 */
const mayPick = (actor: Actor) => mayRead(actor) || (actor.roles.includes('consolidator') && actor.ability.can('update', 'Consolidation'));

function allow(ok: boolean) {
  if (!ok) throw new AppError('FORBIDDEN', 'You are not allowed to do this');
}

/** Couriers (DECISIONS "Couriers"): kept by staff and admins (manage Courier); the 9 calls of the catalogue. */
export const couriersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    { schema: { tags, summary: 'Add a courier', body: courierInput, response: { 201: dataOf(courierDto), 409: errorDto } } },
    async (request, reply) => {
      const actor = request.authorize('create', 'Courier');
      reply.code(201);
      return { data: await createCourier(app.db, actor, request.body, request.ip) };
    },
  );

  app.get(
    '/',
    { schema: { tags, summary: 'Couriers by name (type, category, status filters)', querystring: courierListQuery, response: { 200: pageOf(courierDto) } } },
    async (request) => {
      allow(mayRead(request.requireActor()));
      return listCouriers(app.db, request.query);
    },
  );

  app.get('/all-active', { schema: { tags, summary: 'Every active courier (pickers)', response: { 200: dataListOf(courierDto) } } }, async (request) => {
    allow(mayPick(request.requireActor()));
    return { data: await listActiveCouriers(app.db) };
  });

  app.get(
    '/by-category/:category',
    {
      schema: {
        tags,
        summary: 'Active couriers of one category (air, sea, land, last_mile)',
        params: courierCategoryParams,
        response: { 200: dataListOf(courierDto) },
      },
    },
    async (request) => {
      allow(mayPick(request.requireActor()));
      return { data: await listActiveCouriers(app.db, request.params.category) };
    },
  );

  app.get(
    '/:id',
    { schema: { tags, summary: 'One courier', params: courierIdParams, response: { 200: dataOf(courierDto), 404: errorDto } } },
    async (request) => {
      allow(mayRead(request.requireActor()));
      return { data: await getCourier(app.db, request.params.id) };
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change a courier',
        params: courierIdParams,
        body: courierUpdate,
        response: { 200: dataOf(courierDto), 404: errorDto, 409: errorDto },
      },
    },
    async (request) => {
      const actor = request.authorize('update', 'Courier');
      return { data: await changeCourier(app.db, actor, request.params.id, request.body, request.ip) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a courier nothing points at (else 409: deactivate it)',
        params: courierIdParams,
        response: { 204: noContentDto, 404: errorDto, 409: errorDto },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('delete', 'Courier');
      await deleteCourier(app.db, actor, request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );

  for (const [verb, isActive, action] of [
    ['activate', true, 'activate'],
    ['deactivate', false, 'deactivate'],
  ] as const) {
    app.patch(
      `/:id/${verb}`,
      {
        schema: {
          tags,
          summary: `${verb === 'activate' ? 'Activate' : 'Deactivate'} a courier`,
          params: courierIdParams,
          response: { 200: dataOf(courierDto), 404: errorDto },
        },
      },
      async (request) => {
        const actor = request.authorize(action, 'Courier');
        return { data: await changeCourier(app.db, actor, request.params.id, { isActive }, request.ip) };
      },
    );
  }
};
