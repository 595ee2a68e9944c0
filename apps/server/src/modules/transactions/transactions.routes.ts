import { z } from 'zod';
import { addPaymentBody, addPaymentResult, dataOf, transactionDto } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withIdempotency } from '../../platform/idempotency.js';
import { notify } from '../notifications/notifications.service.js';
import { addPayment, paymentsOf, type AddPaymentResult } from './add-payment.service.js';

const tags = ['transactions'];

/**
 * The transaction calls of this issue (mounted under /transaction): recording a payment, and a shipment's
 * payments for the console's shipment page. The rest of the catalogue's /transaction calls come later.
 */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add-payment',
    {
      schema: {
        tags,
        summary: 'Record money received for a shipment (riders: cash of their own leg); Idempotency-Key: recorded once',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: addPaymentBody,
        response: { 201: dataOf(addPaymentResult) },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      const done: { result?: AddPaymentResult } = {};
      const result = await withIdempotency(
        app.db,
        { key: request.headers['idempotency-key'], userId: actor.id, route: `POST ${request.routeOptions.url}`, body: request.body },
        async (tx) => {
          const recorded = await addPayment(tx, actor, request.body);
          done.result = recorded;
          const { transaction, paymentStatus, balanceInCents } = recorded;
          return { status: 201, body: { data: { transaction, paymentStatus, balanceInCents } } };
        },
      );
      if (done.result) {
        // Committed: the sender hears that the money arrived (DECISIONS "Notifications": payment received).
        const { shipment, transaction } = done.result;
        await notify(app.db, app.events, {
          userIds: [shipment.ownerId],
          type: 'payment_received',
          metadata: { trackingNumber: shipment.trackingNumber, amountInCents: transaction.amountInCents },
        }).catch((error: unknown) => request.log.error({ err: error }, 'announcing a payment failed'));
      }
      return reply.status(201).send(result.body);
    },
  );

  app.get(
    '/payments/:shipmentId',
    {
      schema: {
        tags,
        summary: "A shipment's payments (voided ones too), by shipment id or tracking number",
        params: z.object({ shipmentId: z.string().trim().min(1).max(40) }),
        response: { 200: dataOf(z.array(transactionDto)) },
      },
    },
    async (request) => ({ data: await paymentsOf(app.db, request.requireActor(), request.params.shipmentId) }),
  );
};
