import { dataOf, errorDto, pageOf, partnerDto, partnerIdParams, partnerListQuery, partnerProvincesBody } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPartner, listPartners, setPartnerProvinces } from './partners.service.js';

const tags = ['partners'];

/**
 * Service partners for the console's /partners screen (docs/decisions.md "Service partners"). Their
 * shipments: GET /shipments/partners?partnerId=…; retrieval fees: PATCH /addresses/covered-provinces/….
 */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Service partners with their provinces and shipment counts (a partner: itself)',
        querystring: partnerListQuery,
        response: { 200: pageOf(partnerDto) },
      },
    },
    async (request) => listPartners(app.db, request.requireActor(), request.query),
  );

  app.get('/:id', { schema: { tags, summary: 'One service partner', params: partnerIdParams, response: { 200: dataOf(partnerDto) } } }, async (request) => ({
    data: await getPartner(app.db, request.requireActor(), request.params.id),
  }));

  app.put(
    '/:id/provinces',
    {
      schema: {
        tags,
        summary: 'Set the covered provinces a service partner serves (admins)',
        params: partnerIdParams,
        body: partnerProvincesBody,
        response: { 200: dataOf(partnerDto), 409: errorDto, 422: errorDto },
      },
    },
    async (request) => ({
      data: await setPartnerProvinces(app.db, request.requireActor(), request.params.id, request.body, request.ip),
    }),
  );
};
