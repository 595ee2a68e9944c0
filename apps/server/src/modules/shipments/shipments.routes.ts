import {
  activityDto,
  cancelShipmentBody,
  customerBookingBody,
  dataListOf,
  dataOf,
  deliveryStatusBody,
  duplicateShipmentBody,
  hideFromTimelineBody,
  idempotencyHeaders,
  publicTrackingDto,
  shipmentDto,
  shipmentRefParams,
  shipmentTrackingParams,
  staffBookingBody,
  timelineActivityParams,
  trackingNumberParams,
} from '@hatid/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../core/actor.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { sendJsonBytes } from '../../platform/read-cache.js';
import { bookShipment, findBookingByIdempotencyKey, type BookingInput } from './booking.service.js';
import { duplicateBookingInput } from './duplicate.service.js';
import { shipmentToDto } from './shipments.service.js';
import { toActivityDto } from './shipments.repository.js';
import { cancelShipment, findVisibleShipment, moveShipmentIn } from './status.service.js';
import { activitiesFor, setActivityHidden, trackPublicly } from './tracking.service.js';

const tags = ['shipments'];

export const shipmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * One booking path for the three booking calls: who may book for whom is checked in bookShipment; the
   * booking and its Idempotency-Key commit in one transaction; only the request that booked announces it,
   * after commit.
   */
  async function book(
    actor: Actor,
    request: { headers: { 'idempotency-key'?: string }; routeOptions: { url?: string }; body: unknown },
    input: (tx: DbOrTx) => Promise<BookingInput>,
  ) {
    const key = request.headers['idempotency-key'];
    const result = await withIdempotency(
      app.db,
      { key, userId: actor.id, route: `POST ${request.routeOptions.url}`, body: request.body },
      async (tx, claim) => {
        // A key row left unanswered by a crash of the old claim-then-work code: its booking may have committed.
        const earlier = claim.takenOver && key ? await findBookingByIdempotencyKey(tx, actor.id, key) : null;
        if (earlier) return { status: 201, body: { data: await shipmentToDto(tx, earlier) } };
        const { shipment, packages } = await bookShipment(tx, actor, await input(tx), { idempotencyKey: key, appEnv: app.config.APP_ENV });
        return { status: 201, body: { data: await shipmentToDto(tx, shipment, packages) } };
      },
    );
    return result;
  }

  app.post(
    '/customer',
    {
      schema: {
        tags,
        summary: 'Book a shipment for myself',
        headers: idempotencyHeaders,
        body: customerBookingBody,
        response: { 201: dataOf(shipmentDto) },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('create', 'Shipment');
      // A business system's booking (API key) is marked as such, with the key that made it.
      const viaKey = actor.apiKeyId ? { source: actor.apiKeySource ?? ('external' as const), apiKeyId: actor.apiKeyId } : {};
      const result = await book(actor, request, async () => ({ ...request.body, ...viaKey }));
      return reply.status(201).send(result.body);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Book a shipment for a customer (staff and partners)',
        headers: idempotencyHeaders,
        body: staffBookingBody,
        response: { 201: dataOf(shipmentDto) },
      },
    },
    async (request, reply) => {
      // Who may book for whom (403/404): booking-access.ts, inside bookShipment.
      const actor = request.authorize('create', 'Shipment');
      // A business system's booking (API key) is marked as such, with the key that made it.
      const viaKey = actor.apiKeyId ? { source: actor.apiKeySource ?? ('external' as const), apiKeyId: actor.apiKeyId } : {};
      const result = await book(actor, request, async () => ({ ...request.body, ...viaKey }));
      return reply.status(201).send(result.body);
    },
  );

  app.post(
    '/duplicate',
    {
      schema: {
        tags,
        summary: 'Book again with the same parties and packages',
        headers: idempotencyHeaders,
        body: duplicateShipmentBody,
        response: { 201: dataOf(shipmentDto) },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('create', 'Shipment');
      const result = await book(actor, request, (tx) => duplicateBookingInput(tx, actor, request.body.trackingNumber, request.body.expectedTotalInCents));
      return reply.status(201).send(result.body);
    },
  );

  app.get(
    '/track/:trackingNumber',
    {
      schema: {
        tags,
        summary: 'Public tracking: statuses and cities only',
        params: trackingNumberParams,
        response: { 200: dataOf(publicTrackingDto) },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // The busiest call of all (customers refresh): answered from the read cache until the shipment data changes.
      // The params schema has already normalized the number, so every spelling shares one entry.
      const { trackingNumber } = request.params;
      const body = await app.shipmentReads.getOrLoad(`track:${trackingNumber}`, async () =>
        Buffer.from(JSON.stringify({ data: await trackPublicly(app.db, trackingNumber) })),
      );
      return sendJsonBytes(reply as FastifyReply, body);
    },
  );

  app.get(
    '/trackingNumber/:trackingNumber',
    { schema: { tags, summary: 'A shipment I may see, by tracking number', params: shipmentTrackingParams, response: { 200: dataOf(shipmentDto) } } },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: await shipmentToDto(app.db, await findVisibleShipment(app.db, actor, request.params.trackingNumber)) };
    },
  );

  app.post(
    '/:trackingNumber/deliveryStatus',
    {
      schema: {
        tags,
        summary: 'Record an activity and move the delivery status (Idempotency-Key: a resent move is recorded once)',
        params: shipmentTrackingParams,
        headers: idempotencyHeaders,
        body: deliveryStatusBody,
        response: { 200: dataOf(shipmentDto) },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      // A rider's phone resends a move it queued offline until it hears back: the key makes it count once.
      const result = await withIdempotency(
        app.db,
        {
          key: request.headers['idempotency-key'],
          userId: actor.id,
          route: `POST ${request.routeOptions.url}`,
          body: { ...request.body, trackingNumber: request.params.trackingNumber },
        },
        async (tx) => {
          const moved = await moveShipmentIn(tx, actor, request.params.trackingNumber, request.body);
          return { status: 200, body: { data: await shipmentToDto(tx, moved.after) } };
        },
      );
      return reply.status(200).send(result.body);
    },
  );

  app.put(
    '/:id/cancel',
    {
      schema: { tags, summary: 'Cancel a shipment with a reason', params: shipmentRefParams, body: cancelShipmentBody, response: { 200: dataOf(shipmentDto) } },
    },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      const cancelled = await cancelShipment(app.db, actor, request.params.id, request.body);
      return { data: await shipmentToDto(app.db, cancelled) };
    },
  );

  app.get(
    '/:trackingNumber/activities',
    {
      schema: {
        tags,
        summary: 'Every activity of a shipment (hidden ones for operations staff)',
        params: shipmentTrackingParams,
        response: { 200: dataListOf(activityDto) },
      },
    },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: (await activitiesFor(app.db, actor, request.params.trackingNumber, { timelineOnly: false })).map(toActivityDto) };
    },
  );

  app.get(
    '/:trackingNumber/tracking-updates',
    { schema: { tags, summary: 'The timeline a customer sees', params: shipmentTrackingParams, response: { 200: dataListOf(activityDto) } } },
    async (request) => {
      const actor = request.authorize('view', 'Shipment');
      return { data: (await activitiesFor(app.db, actor, request.params.trackingNumber, { timelineOnly: true })).map(toActivityDto) };
    },
  );

  app.patch(
    '/:trackingNumber/activities/:activityId/hide-from-timeline',
    {
      schema: {
        tags,
        summary: 'Hide or show an activity on the customer timeline',
        params: timelineActivityParams,
        body: hideFromTimelineBody,
        response: { 200: dataOf(activityDto) },
      },
    },
    async (request) => {
      const actor = request.authorize('update_delivery_status', 'Shipment');
      const row = await setActivityHidden(app.db, actor, request.params.trackingNumber, request.params.activityId, request.body.hideFromTimeline);
      return { data: toActivityDto(row) };
    },
  );
};
