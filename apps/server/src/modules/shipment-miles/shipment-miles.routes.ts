import {
  createMileNoteBody,
  dataOf,
  deletedDto,
  errorDto,
  handOffBody,
  mileIdParams,
  mileNoteDto,
  shipmentMileDto,
  shipmentProgressDto,
  shipmentTrackingParams,
  updateMileDetailsBody,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMileNote, deleteMileNote, shipmentProgress, updateMileDetails } from './shipment-miles.service.js';
import { handOffShipment } from './hand-off.service.js';

const tags = ['shipment-miles'];

/** Shipment miles (api-catalogue "Shipment miles"): first, mid and last mile of a shipment. */
export const shipmentMilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:trackingNumber/create-note',
    {
      schema: {
        tags,
        summary: 'Note on a mile (operations); never changes the status',
        params: shipmentTrackingParams,
        body: createMileNoteBody,
        response: { 201: dataOf(mileNoteDto) },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('view', 'Shipment');
      return reply.status(201).send({ data: await createMileNote(app.db, actor, request.params.trackingNumber, request.body) });
    },
  );

  app.delete(
    '/notes/:id',
    { schema: { tags, summary: 'Delete a mile note (its author or staff)', params: mileIdParams, response: { 200: dataOf(deletedDto) } } },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      await deleteMileNote(app.db, actor, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    '/progress/:trackingNumber',
    { schema: { tags, summary: 'The three miles with their status', params: shipmentTrackingParams, response: { 200: dataOf(shipmentProgressDto) } } },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: await shipmentProgress(app.db, actor, request.params.trackingNumber) };
    },
  );

  app.patch(
    '/progress/:id/update-details',
    {
      schema: {
        tags,
        summary: 'Carrier, reference, handler and times of a mile (staff)',
        params: mileIdParams,
        body: updateMileDetailsBody,
        response: { 200: dataOf(shipmentMileDto) },
      },
    },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: await updateMileDetails(app.db, actor, request.params.id, request.body) };
    },
  );

  app.post(
    '/:trackingNumber/hand-off',
    {
      schema: {
        tags,
        summary: 'Hand a shipment to a courier for one mile (service partners, operations): courier on the mile + a note',
        params: shipmentTrackingParams,
        body: handOffBody,
        response: { 200: dataOf(shipmentMileDto), 409: errorDto, 422: errorDto },
      },
    },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: await handOffShipment(app.db, actor, request.params.trackingNumber, request.body, request.ip) };
    },
  );
};
