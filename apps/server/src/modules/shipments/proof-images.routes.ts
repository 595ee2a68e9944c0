import {
  dataListOf,
  dataOf,
  deleteProofImageBody,
  idempotencyHeaders,
  proofImageBody,
  proofImageDto,
  proofImageTypeParams,
  shipmentTrackingParams,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withIdempotency } from '../../platform/idempotency.js';
import { addProofImage, listProofImages, removeProofImages } from './proof-images.service.js';

const tags = ['shipments'];

/** Pickup and delivery photos (api-catalogue "Shipments": proof-image calls); mounted under /shipments. */
export const proofImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = () => ({ db: app.db, storage: app.storage });

  app.get(
    '/:trackingNumber/proof-images',
    { schema: { tags, summary: 'Proof images of a shipment I can see', params: shipmentTrackingParams, response: { 200: dataListOf(proofImageDto) } } },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: await listProofImages(app.db, actor, request.params.trackingNumber) };
    },
  );

  app.post(
    '/:trackingNumber/proof-image',
    {
      schema: {
        tags,
        summary: 'Add a pickup or delivery proof image (base64; Idempotency-Key: a resent photo is stored once)',
        params: shipmentTrackingParams,
        headers: idempotencyHeaders,
        body: proofImageBody,
        response: { 201: dataOf(proofImageDto) },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('view', 'Shipment');
      const { trackingNumber } = request.params;
      // An offline rider's phone resends the photo until it hears back: one proof per key, on this shipment only
      // (the key's request hash covers the tracking number and the photo).
      const result = await withIdempotency(
        app.db,
        { key: request.headers['idempotency-key'], userId: actor.id, route: `POST ${request.routeOptions.url}`, body: { ...request.body, trackingNumber } },
        async (tx) => ({ status: 201, body: { data: await addProofImage(files(), actor, trackingNumber, request.body, { replace: false, tx }) } }),
      );
      return reply.status(201).send(result.body);
    },
  );

  app.put(
    '/:trackingNumber/proof-image',
    {
      schema: {
        tags,
        summary: 'Replace the proof images of one type (base64)',
        params: shipmentTrackingParams,
        body: proofImageBody,
        response: { 200: dataOf(proofImageDto) },
      },
    },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: await addProofImage(files(), actor, request.params.trackingNumber, request.body, { replace: true }) };
    },
  );

  app.delete(
    '/:trackingNumber/proof-image/:type',
    {
      schema: {
        tags,
        summary: 'Remove one proof image (body uploadId) or all of a type; answers the images left',
        params: proofImageTypeParams,
        body: deleteProofImageBody,
        response: { 200: dataListOf(proofImageDto) },
      },
    },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      const { trackingNumber, type } = request.params;
      return { data: await removeProofImages(files(), actor, trackingNumber, type, request.body?.uploadId) };
    },
  );
};
