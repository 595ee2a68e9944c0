import {
  businessAddressDto,
  businessAddressQuery,
  businessDetailDto,
  businessDto,
  businessIdParams,
  businessListQuery,
  createBusinessAddressBody,
  createBusinessBody,
  dataListOf,
  dataOf,
  errorDto,
  noContentDto,
  pageOf,
  updateBusinessBody,
} from '@hatid/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readerLanguage } from '../../core/language.js';
import type { ProofMailer } from '../users/index.js';
import {
  addBusinessAddress,
  createBusiness,
  deleteBusiness,
  getBusiness,
  listBusinessAddresses,
  listBusinessesFor,
  updateBusiness,
} from './businesses.service.js';

const tags = ['businesses'];

/** Businesses and their addresses (api-catalogue "Boxes and businesses"); who sees what: businesses.scope.ts. */
export const businessesRoutes: FastifyPluginAsyncZod = async (app) => {
  // People signed up with a business get the link that makes their email theirs (email-proof.service.ts).
  const mailer = (request: FastifyRequest): ProofMailer => ({
    email: app.email,
    publicUrl: app.config.PUBLIC_URL,
    log: request.log,
    language: readerLanguage(request.actor?.user.language, request),
  });
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Register a business (customers: their own, becoming its admin; client staff: for a client)',
        body: createBusinessBody,
        response: { 201: dataOf(businessDetailDto), 409: errorDto, 422: errorDto },
      },
    },
    async (request, reply) => {
      const data = await createBusiness(app.db, request.requireActor(), request.body, { ip: request.ip, mailer: mailer(request) });
      reply.status(201);
      return { data };
    },
  );

  app.get(
    '/',
    { schema: { tags, summary: 'Businesses I may see (newest first)', querystring: businessListQuery, response: { 200: pageOf(businessDto) } } },
    async (request) => listBusinessesFor(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/address',
    {
      schema: {
        tags,
        summary: "A business's addresses (default first); without businessId, my own business's",
        querystring: businessAddressQuery,
        response: { 200: dataListOf(businessAddressDto) },
      },
    },
    async (request) => ({ data: await listBusinessAddresses(app.db, request.requireActor(), request.query.businessId) }),
  );

  app.post(
    '/address',
    {
      schema: {
        tags,
        summary: 'Add an address to a business (without businessId, to my own business)',
        body: createBusinessAddressBody,
        response: { 201: dataOf(businessAddressDto), 422: errorDto },
      },
    },
    async (request, reply) => {
      const data = await addBusinessAddress(app.db, request.requireActor(), request.body, { ip: request.ip });
      reply.status(201);
      return { data };
    },
  );

  app.get(
    '/:id',
    { schema: { tags, summary: 'One business with its members and addresses', params: businessIdParams, response: { 200: dataOf(businessDetailDto) } } },
    async (request) => ({ data: await getBusiness(app.db, request.requireActor(), request.params.id) }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change a business: profile, invoice account, account manager, members (add, sign up, change role, remove)',
        params: businessIdParams,
        body: updateBusinessBody,
        response: { 200: dataOf(businessDetailDto), 409: errorDto, 422: errorDto },
      },
    },
    async (request) => ({
      data: await updateBusiness(app.db, request.requireActor(), request.params.id, request.body, { ip: request.ip, mailer: mailer(request) }),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Delete a business (soft: its shipments and billings keep it)', params: businessIdParams, response: { 204: noContentDto } } },
    async (request, reply) => {
      await deleteBusiness(app.db, request.requireActor(), request.params.id, { ip: request.ip });
      return reply.status(204).send(null);
    },
  );
};
