import {
  addressDto,
  addressIdParams,
  addressInput,
  cityMunicipalityCodeParams,
  coveredProvinceDto,
  coveredProvincesQuery,
  coveredProvinceStatusDto,
  dataListOf,
  dataOf,
  noContentDto,
  placeDto,
  provinceCodeParams,
  updateRetrievalFeeBody,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { coveredProvinces } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { recordActivity } from '../../platform/activity-log.js';
import { listCoveredProvinces, toAddressDto } from './addresses.repository.js';
import { changeAddress, coveredBarangays, coveredCities, createAddress, getAddressFor, listMyAddresses, removeAddress } from './addresses.service.js';

const tags = ['addresses'];

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Place lists are public: people price a shipment before they have an account.
  app.get(
    '/covered-provinces',
    {
      schema: {
        tags,
        summary: 'Provinces we deliver to, with partner status and retrieval fee',
        querystring: coveredProvincesQuery,
        response: { 200: dataListOf(coveredProvinceDto) },
      },
    },
    async (request) => {
      const flag = request.query.isIntraCityEnabled;
      return { data: await listCoveredProvinces(app.db, flag === undefined ? undefined : flag === 'true') };
    },
  );

  app.get(
    '/covered-provinces/partner-status',
    {
      schema: {
        tags,
        summary: 'Which covered provinces a service partner serves',
        response: {
          200: dataListOf(coveredProvinceStatusDto),
        },
      },
    },
    async () => ({
      data: (await listCoveredProvinces(app.db)).map(({ provinceCode, name, partnerStatus }) => ({ provinceCode, name, partnerStatus })),
    }),
  );

  app.patch(
    '/covered-provinces/:provinceCode/retrieval-fee',
    {
      schema: {
        tags,
        summary: 'Set the retrieval fee of a covered province',
        params: provinceCodeParams,
        body: updateRetrievalFeeBody,
        response: { 200: dataOf(coveredProvinceDto) },
      },
    },
    async (request) => {
      const actor = request.authorize('update', 'PricingConfig');
      const { provinceCode } = request.params;
      const fee = request.body.retrievalFeeInCents;
      await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(coveredProvinces).where(eq(coveredProvinces.provinceCode, provinceCode)).for('update');
        if (!before) throw notFound('Covered province');
        if (before.retrievalFeeInCents === fee) return;
        await tx.update(coveredProvinces).set({ retrievalFeeInCents: fee }).where(eq(coveredProvinces.provinceCode, provinceCode));
        // A price input: logged like the pricing config (DECISIONS "Activity log").
        await recordActivity(tx, {
          actor,
          action: 'UPDATED',
          entity: 'CoveredProvince',
          entityId: provinceCode,
          category: 'pricing',
          summary: `Retrieval fee of ${before.name}: ${before.retrievalFeeInCents} → ${fee} centavos`,
          before: { retrievalFeeInCents: before.retrievalFeeInCents },
          after: { retrievalFeeInCents: fee },
          ip: request.ip,
        });
      });
      const updated = (await listCoveredProvinces(app.db)).find((p) => p.provinceCode === provinceCode)!;
      return { data: updated };
    },
  );

  app.get(
    '/covered-cities-municipalities/:provinceCode',
    {
      schema: {
        tags,
        summary: 'Cities and municipalities of a covered province (PSGC)',
        params: provinceCodeParams,
        response: { 200: dataListOf(placeDto) },
      },
    },
    async (request) => ({ data: await coveredCities(app.db, request.params.provinceCode) }),
  );

  app.get(
    '/barangays/:cityMunicipalityCode',
    {
      schema: {
        tags,
        summary: 'Barangays of a covered city or municipality (PSGC)',
        params: cityMunicipalityCodeParams,
        response: { 200: dataListOf(placeDto) },
      },
    },
    async (request) => ({ data: await coveredBarangays(app.db, request.params.cityMunicipalityCode) }),
  );

  app.get('/saved-addresses', { schema: { tags, summary: 'My saved addresses', response: { 200: dataListOf(addressDto) } } }, async (request) => {
    const actor = request.authorize('view', 'Address');
    return { data: (await listMyAddresses(app.db, actor)).map(toAddressDto) };
  });

  app.get(
    '/saved-addresses/:id',
    { schema: { tags, summary: 'One of my saved addresses', params: addressIdParams, response: { 200: dataOf(addressDto) } } },
    async (request) => {
      const actor = request.authorize('view', 'Address');
      return { data: toAddressDto(await getAddressFor(app.db, actor, request.params.id)) };
    },
  );

  app.post(
    '/new-address',
    { schema: { tags, summary: 'Save a new address', body: addressInput, response: { 201: dataOf(addressDto) } } },
    async (request, reply) => {
      const actor = request.authorize('create', 'Address');
      reply.status(201);
      return { data: toAddressDto(await createAddress(app.db, actor, request.body)) };
    },
  );

  app.put(
    '/me/update/:id',
    { schema: { tags, summary: 'Change one of my saved addresses', params: addressIdParams, body: addressInput, response: { 200: dataOf(addressDto) } } },
    async (request) => {
      const actor = request.authorize('update', 'Address');
      return { data: toAddressDto(await changeAddress(app.db, actor, request.params.id, request.body, true)) };
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change an address (own, or any for admins)',
        params: addressIdParams,
        body: addressInput,
        response: { 200: dataOf(addressDto) },
      },
    },
    async (request) => {
      const actor = request.authorize('update', 'Address');
      return { data: toAddressDto(await changeAddress(app.db, actor, request.params.id, request.body, false)) };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Delete a saved address', params: addressIdParams, response: { 204: noContentDto } } },
    async (request, reply) => {
      // Deleting a saved address is editing one's own address book: the spec's customer "update addresses".
      const actor = request.authorize('update', 'Address');
      await removeAddress(app.db, actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
