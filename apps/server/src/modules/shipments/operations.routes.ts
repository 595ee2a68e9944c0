import {
  bulkDeliveryStatusBody,
  bulkPaymentStatusBody,
  bulkResultDto,
  dataListOf,
  dataOf,
  noContentDto,
  outboundFeeBody,
  paymentStatusBody,
  shipmentDto,
  shipmentRefParams,
  shipmentTrackingParams,
  shipmentWeightDto,
  updateShipmentBody,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkMoveShipments, bulkSetPaymentStatus, deleteShipment, setOutboundFees, setPaymentStatus, updateShipment, weightsOf } from './operations.service.js';
import { shipmentToDto } from './shipments.service.js';
import { findVisibleShipment } from './status.service.js';

const tags = ['shipments'];
/** A uuid or a tracking number: both find the shipment, within the caller's scope (else 404). */

export const shipmentOperationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    { schema: { tags, summary: 'A shipment I may see, by id or tracking number', params: shipmentRefParams, response: { 200: dataOf(shipmentDto) } } },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: await shipmentToDto(app.db, await findVisibleShipment(app.db, actor, request.params.id)) };
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Assign riders, set category, outbound fee or notes (customers: notes until dispatch)',
        params: shipmentRefParams,
        body: updateShipmentBody,
        response: { 200: dataOf(shipmentDto) },
      },
    },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      // A newly assigned rider hears of it live (WebSocket + push) before the answer (shipment-events.ts).
      const { after } = await updateShipment(app.db, actor, request.params.id, request.body, request.ip);
      return { data: await shipmentToDto(app.db, after) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: { tags, summary: 'Remove a cancelled shipment from the lists (admins; soft delete)', params: shipmentRefParams, response: { 204: noContentDto } },
    },
    async (request, reply) => {
      await deleteShipment(app.db, request.requireActor(), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/weights',
    { schema: { tags, summary: 'Weighings of a shipment, newest first', params: shipmentRefParams, response: { 200: dataListOf(shipmentWeightDto) } } },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: await weightsOf(app.db, actor, request.params.id) };
    },
  );

  app.patch(
    '/bulk-delivery-status',
    {
      schema: {
        tags,
        summary: 'Record the same activity on many shipments; each is moved (or refused) on its own',
        body: bulkDeliveryStatusBody,
        response: { 200: dataOf(bulkResultDto) },
      },
    },
    async (request) => {
      const { trackingNumbers, ...input } = request.body;
      const result = await bulkMoveShipments(app.db, request.requireActor(), trackingNumbers, input);
      return { data: result };
    },
  );

  app.put(
    '/:trackingNumber/payment',
    {
      schema: {
        tags,
        summary: 'Set the payment status of a shipment (staff, ssp)',
        params: shipmentTrackingParams,
        body: paymentStatusBody,
        response: { 200: dataOf(shipmentDto) },
      },
    },
    async (request) => {
      const row = await setPaymentStatus(app.db, request.requireActor(), request.params.trackingNumber, request.body.paymentStatus);
      return { data: await shipmentToDto(app.db, row) };
    },
  );

  app.patch(
    '/bulk-payment-status',
    { schema: { tags, summary: 'Set the payment status of many shipments', body: bulkPaymentStatusBody, response: { 200: dataOf(bulkResultDto) } } },
    async (request) => ({
      data: await bulkSetPaymentStatus(app.db, request.requireActor(), request.body.trackingNumbers, request.body.paymentStatus),
    }),
  );

  app.patch(
    '/outbound-fee',
    { schema: { tags, summary: 'Set the outbound fee owed to the partner (staff, admins)', body: outboundFeeBody, response: { 200: dataOf(bulkResultDto) } } },
    async (request) => ({
      data: await setOutboundFees(app.db, request.requireActor(), request.body.trackingNumbers, request.body.outboundFeeInCents),
    }),
  );
};
