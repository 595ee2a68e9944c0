import { z } from 'zod';
import { dataOf, deleteProofImageBody, PROOF_IMAGE_TYPES, proofImageBody, proofImageDto } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withIdempotency } from '../../platform/idempotency.js';
import { addProofImage, listProofImages, removeProofImages } from './proof-images.service.js';

const tags = ['shipments'];
const trackingParams = z.object({ trackingNumber: z.string().trim().min(1).max(40) });

/** Pickup and delivery photos (api-catalogue "Shipments": proof-image calls); mounted under /shipments. */
export const proofImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = () => ({ db: app.db, storage: app.storage });

  app.get(
    '/:trackingNumber/proof-images',
    { schema: { tags, summary: 'Proof images of a shipment I can see', params: trackingParams, response: { 200: dataOf(z.array(proofImageDto)) } } },
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
        params: trackingParams,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
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
      schema: { tags, summary: 'Replace the proof images of one type (base64)', params: trackingParams, body: proofImageBody, response: { 200: dataOf(proofImageDto) } },
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
        params: trackingParams.extend({ type: z.enum(PROOF_IMAGE_TYPES) }),
        body: deleteProofImageBody,
        response: { 200: dataOf(z.array(proofImageDto)) },
      },
    },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      const { trackingNumber, type } = request.params;
      return { data: await removeProofImages(files(), actor, trackingNumber, type, request.body?.uploadId) };
    },
  );
};
