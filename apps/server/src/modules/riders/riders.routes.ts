import { cityMunicipalityParams, dataListOf, dataOf, riderDto, riderOnlineStatusDto, riderTimeBody } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { ridersServing, riderOnlineStatus, setRiderOnline } from './riders.service.js';

const tags = ['riders'];

/** Time in and out, the online status, and the dispatcher's rider picker; mounted under /users. */
export const ridersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/rider/time-in',
    {
      schema: { tags, summary: 'Start my shift: online, TIME_IN in the activity log', body: riderTimeBody, response: { 200: dataOf(riderOnlineStatusDto) } },
    },
    async (request) => ({ data: await setRiderOnline(app.db, request.requireActor(), true, request.body ?? {}, request.ip) }),
  );

  app.post(
    '/rider/time-out',
    {
      schema: { tags, summary: 'End my shift: offline, TIME_OUT in the activity log', body: riderTimeBody, response: { 200: dataOf(riderOnlineStatusDto) } },
    },
    async (request) => ({ data: await setRiderOnline(app.db, request.requireActor(), false, request.body ?? {}, request.ip) }),
  );

  app.get(
    '/rider/online-status',
    { schema: { tags, summary: 'Whether I am timed in, and since when', response: { 200: dataOf(riderOnlineStatusDto) } } },
    async (request) => ({ data: await riderOnlineStatus(app.db, request.requireActor()) }),
  );

  app.get(
    '/riders/:cityMunicipalityCode',
    {
      schema: {
        tags,
        summary: 'Active riders serving a city or municipality, online first (dispatch)',
        params: cityMunicipalityParams,
        response: { 200: dataListOf(riderDto) },
      },
    },
    async (request) => {
      const actor = request.requireActor();
      if (!actor.ability.can('pickup_rider', 'Shipment') && !actor.ability.can('delivery_rider', 'Shipment')) {
        throw new AppError('FORBIDDEN', 'Only dispatchers (pickup or delivery rider ability) list riders');
      }
      return { data: await ridersServing(app.db, request.params.cityMunicipalityCode) };
    },
  );
};
