import { createDocumentBody, dataListOf, dataOf, deletedDto, shipmentDocumentDto, shipmentDocumentParams, shipmentTrackingParams } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addDocument, deleteDocument, listDocuments } from './documents.service.js';

const tags = ['shipments'];

/** Shipment documents (api-catalogue "Shipments": documents); mounted under /shipments. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = () => ({ db: app.db, storage: app.storage });

  app.get(
    '/:trackingNumber/documents',
    {
      schema: {
        tags,
        summary: 'Documents of a shipment (operations and the sender)',
        params: shipmentTrackingParams,
        response: { 200: dataListOf(shipmentDocumentDto) },
      },
    },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: await listDocuments(app.db, actor, request.params.trackingNumber) };
    },
  );

  app.post(
    '/:trackingNumber/documents',
    {
      schema: {
        tags,
        summary: 'Attach a PDF or image: an upload id, or the file as base64 (operations)',
        params: shipmentTrackingParams,
        body: createDocumentBody,
        response: { 201: dataOf(shipmentDocumentDto) },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('view', 'Shipment');
      return reply.status(201).send({ data: await addDocument(files(), actor, request.params.trackingNumber, request.body) });
    },
  );

  app.delete(
    '/:trackingNumber/documents/:documentId',
    {
      schema: {
        tags,
        summary: 'Remove a shipment document (operations)',
        params: shipmentDocumentParams,
        response: { 200: dataOf(deletedDto) },
      },
    },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      await deleteDocument(files(), actor, request.params.trackingNumber, request.params.documentId);
      return { data: { id: request.params.documentId } };
    },
  );
};
