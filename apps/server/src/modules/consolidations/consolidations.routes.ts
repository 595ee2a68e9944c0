import {
  automatedConsolidationBody,
  confirmPackagesBody,
  consolidateResultDto,
  consolidateShipmentsBody,
  consolidationDetailDto,
  consolidationDto,
  consolidationIdOrTagParams,
  consolidationListQuery,
  consolidationShipmentParams,
  consolidationTrackingParams,
  createConsolidationBody,
  dataListOf,
  dataOf,
  errorDto,
  noContentDto,
  pageOf,
  transportDetailsBody,
  updateConsolidationBody,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertMayRead } from './access.js';
import { consolidateAutomatically } from './automated.service.js';
import {
  consolidationDetail,
  createConsolidation,
  deleteConsolidation,
  findByTrackingNumber,
  getConsolidation,
  listConsolidations,
  updateConsolidation,
} from './consolidations.service.js';
import { completeConsolidation, completeDeconsolidation, confirmPackages, startDeconsolidation } from './lifecycle.service.js';
import { renderManifestPdf } from './manifest.js';
import { consolidateShipments, updateTransportDetails } from './membership.service.js';

const tags = ['consolidations'];
const detail = { 200: dataOf(consolidationDetailDto), 404: errorDto, 409: errorDto, 422: errorDto };

/** Consolidations (air cargo): docs/decisions.md "Consolidations"; access in ./access.ts. */
export const consolidationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, summary: 'Consolidations, newest first', querystring: consolidationListQuery, response: { 200: pageOf(consolidationDto) } } },
    async (request) => listConsolidations(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/me',
    { schema: { tags, summary: 'Consolidations I created', querystring: consolidationListQuery, response: { 200: pageOf(consolidationDto) } } },
    async (request) => listConsolidations(app.db, request.requireActor(), request.query, true),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Open a consolidation for an airport pair',
        body: createConsolidationBody,
        response: { ...detail, 201: dataOf(consolidationDetailDto) },
      },
    },
    async (request, reply) => {
      const data = await createConsolidation(app.db, request.requireActor(), request.body, request.ip);
      reply.code(201);
      return { data };
    },
  );

  app.post(
    '/automated',
    {
      schema: {
        tags,
        summary: 'Consolidate everything waiting at the origin hub(s), one consolidation per airport pair',
        body: automatedConsolidationBody,
        response: { 200: dataListOf(consolidationDetailDto) },
      },
    },
    async (request) => ({ data: await consolidateAutomatically(app.db, request.requireActor(), request.body, request.ip) }),
  );

  app.get(
    '/tracking-number/:trackingNumber',
    {
      schema: {
        tags,
        summary: 'The consolidation of a master air waybill number (or of a shipment tracking number)',
        params: consolidationTrackingParams,
        response: { 200: dataOf(consolidationDetailDto), 404: errorDto },
      },
    },
    async (request) => ({ data: await findByTrackingNumber(app.db, request.requireActor(), request.params.trackingNumber) }),
  );

  app.patch(
    '/shipment/:shipmentId/transport-details',
    {
      schema: {
        tags,
        summary: "A shipment's carrier, flight or voyage number, departure and arrival",
        params: consolidationShipmentParams,
        body: transportDetailsBody,
        response: detail,
      },
    },
    async (request) => {
      const actor = request.requireActor();
      const row = await updateTransportDetails(app.db, actor, request.params.shipmentId, request.body, request.ip);
      return { data: await consolidationDetail(app.db, actor, row) };
    },
  );

  app.get(
    '/:idOrTag',
    {
      schema: {
        tags,
        summary: 'One consolidation (by id or tag) with its shipments',
        params: consolidationIdOrTagParams,
        response: { 200: dataOf(consolidationDetailDto), 404: errorDto },
      },
    },
    async (request) => ({ data: await getConsolidation(app.db, request.requireActor(), request.params.idOrTag) }),
  );

  app.get('/:idOrTag/manifest', { schema: { tags, summary: 'The printable manifest (PDF)', params: consolidationIdOrTagParams } }, async (request, reply) => {
    const actor = request.requireActor();
    assertMayRead(actor);
    const data = await getConsolidation(app.db, actor, request.params.idOrTag);
    const pdf = await renderManifestPdf(data);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="manifest-${data.tag}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.put(
    '/:idOrTag',
    {
      schema: {
        tags,
        summary: 'Set the carrier and master air waybill number',
        params: consolidationIdOrTagParams,
        body: updateConsolidationBody,
        response: detail,
      },
    },
    async (request) => ({ data: await updateConsolidation(app.db, request.requireActor(), request.params.idOrTag, request.body, request.ip) }),
  );

  app.delete(
    '/:idOrTag',
    {
      schema: {
        tags,
        summary: 'Delete a pending consolidation (admins)',
        params: consolidationIdOrTagParams,
        response: { 204: noContentDto, 404: errorDto, 409: errorDto },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('delete', 'Consolidation');
      await deleteConsolidation(app.db, actor, request.params.idOrTag, request.ip);
      return reply.status(204).send(null);
    },
  );

  // Each move announces itself to the shipments' followers before the answer (events.ts).
  const moves = [
    ['completeConsolidation', 'Seal: every shipment "Loaded for shipping"', completeConsolidation],
    ['startDeconsolidation', 'Landed: every shipment "Arrived at destination port"', startDeconsolidation],
    ['completeDeconsolidation', 'Complete (every package confirmed): received ones "Arrived at destination hub"', completeDeconsolidation],
  ] as const;
  for (const [path, summary, move] of moves) {
    app.post(`/:idOrTag/${path}`, { schema: { tags, summary, params: consolidationIdOrTagParams, response: detail } }, async (request) => {
      const actor = request.requireActor();
      const row = await move(app.db, actor, request.params.idOrTag, request.ip);
      return { data: await consolidationDetail(app.db, actor, row) };
    });
  }

  app.post(
    '/:idOrTag/confirmPackages',
    {
      schema: {
        tags,
        summary: 'Mark scanned packages received, missing or damaged (missing/damaged: hold + ticket)',
        params: consolidationIdOrTagParams,
        body: confirmPackagesBody,
        response: detail,
      },
    },
    async (request) => {
      const actor = request.requireActor();
      const { consolidation } = await confirmPackages(app.db, actor, request.params.idOrTag, request.body, request.ip);
      return { data: await consolidationDetail(app.db, actor, consolidation) };
    },
  );
};

/** POST /shipments/consolidate (under the shipments prefix): add or remove shipments, each checked on its own. */
export const consolidateShipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/consolidate',
    {
      schema: {
        tags,
        summary: 'Add shipments to (or remove them from) a pending consolidation',
        body: consolidateShipmentsBody,
        response: { 200: dataOf(consolidateResultDto), 404: errorDto, 409: errorDto },
      },
    },
    async (request) => {
      const actor = request.requireActor();
      const { consolidation, result } = await consolidateShipments(app.db, actor, request.body, request.ip);
      return { data: { consolidation: await consolidationDetail(app.db, actor, consolidation), ...result } };
    },
  );
};
