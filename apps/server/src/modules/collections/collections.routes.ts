import {
  collectionBulkResultDto,
  collectionBulkStatusBody,
  collectionDto,
  collectionListQuery,
  collectionStatusBody,
  createCollectionBody,
  dataOf,
  errorDto,
  outstandingCashDto,
  outstandingCashQuery,
  pageOf,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkCollectionStatus, changeCollectionStatus, createCollection, listCollections, outstandingSummary } from './collections.service.js';

const tags = ['collections'];

/** Cash collections (the console's /cash-collections): the catalogue's 4 calls and the outstanding cash. */
export const collectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: "Record a hand-over of a rider's or partner's cash (the shipments named, else all their outstanding cash of that source)",
        body: createCollectionBody,
        response: { 201: dataOf(collectionDto), 422: errorDto },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createCollection(app.db, request.requireActor(), request.body, request.ip) };
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Hand-overs newest first (search, partner, status, collectionsSource, dates, location)',
        querystring: collectionListQuery,
        response: { 200: pageOf(collectionDto) },
      },
    },
    async (request) => listCollections(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/outstanding',
    {
      schema: {
        tags,
        summary: 'Cash riders and partners collected and have not handed over, per person (and one person’s shipments)',
        querystring: outstandingCashQuery,
        response: { 200: dataOf(outstandingCashDto) },
      },
    },
    async (request) => ({ data: await outstandingSummary(app.db, request.requireActor(), request.query) }),
  );

  app.patch(
    '/status',
    {
      schema: {
        tags,
        summary: 'Move one collection (pending → on going → completed, or cancelled)',
        body: collectionStatusBody,
        response: { 200: dataOf(collectionDto), 404: errorDto, 409: errorDto },
      },
    },
    async (request) => ({ data: await changeCollectionStatus(app.db, request.requireActor(), request.body, request.ip) }),
  );

  app.patch(
    '/bulk-status',
    {
      schema: {
        tags,
        summary: 'Move several collections; each refusal is reported on its own',
        body: collectionBulkStatusBody,
        response: { 200: dataOf(collectionBulkResultDto) },
      },
    },
    async (request) => ({ data: await bulkCollectionStatus(app.db, request.requireActor(), request.body, request.ip) }),
  );
};
