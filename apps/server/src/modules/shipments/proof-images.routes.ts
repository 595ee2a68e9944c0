import { z } from 'zod';
import { dataOf, deleteProofImageBody, PROOF_IMAGE_TYPES, proofImageBody, proofImageDto } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
      schema: { tags, summary: 'Add a pickup or delivery proof image (base64)', params: trackingParams, body: proofImageBody, response: { 201: dataOf(proofImageDto) } },
    },
    async (request, reply) => {
      const actor = request.authorize('view', 'Shipment');
      const data = await addProofImage(files(), actor, request.params.trackingNumber, request.body, { replace: false });
      return reply.status(201).send({ data });
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
