import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EnqueueBatcher, OutboxTransactionalHandler } from '../../platform/outbox/index.js';
import type { PaymentProvider } from '../../platform/payments/index.js';
import { publishNotifications, writeNotifications } from '../notifications/index.js';
import { announceWebhook, webhookNotification } from './payment-events.js';
import { handleWebhook, readWebhookBody } from './webhook.service.js';

/**
 * The webhook's inbox (DECISIONS "Payment provider"): a delivery is checked (token, then shape: a 400 shows
 * in the provider's delivery log), written to the outbox and answered 200 at once; the outbox worker
 * credits it moments later in its own transaction. The answer never waits for the payer's wallet row lock,
 * so a burst of deliveries for one wallet does not queue at the provider, and a delivery that crashes
 * mid-credit is retried from the stored row instead of being lost. handleWebhook stays the once-only
 * guard: deliveries of one payment may run in any order or at once.
 */
export const PAYMENT_WEBHOOK_TOPIC = 'payments.webhook';

interface StoredDelivery {
  provider: PaymentProvider['name'];
  body: Record<string, unknown>;
}

/**
 * Stores one delivery; 'duplicate' when this very body is already stored (the provider retried before it saw
 * our 200), so ten identical deliveries are one row to run. Different bodies for one payment (a success
 * after a failure) are separate rows; handleWebhook orders them out.
 */
export async function receiveWebhook(app: FastifyInstance, inbox: EnqueueBatcher, body: Record<string, unknown>): Promise<'queued' | 'duplicate'> {
  readWebhookBody(body);
  const delivery: StoredDelivery = { provider: app.payments.provider.name, body };
  const isNew = await inbox.enqueue({
    topic: PAYMENT_WEBHOOK_TOPIC,
    payload: delivery as unknown as Record<string, unknown>,
    dedupeKey: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
  });
  app.outbox.kick();
  return isNew ? 'queued' : 'duplicate';
}

/**
 * Runs a stored delivery in the worker's transaction, which also marks it done: credit (or fail, flag, link)
 * once; after the commit, tell the payer's open pages. Deliveries for one wallet run one after another in
 * one transaction, instead of one transaction each queueing on the wallet's row lock.
 */
export function createWebhookHandler(app: FastifyInstance): OutboxTransactionalHandler {
  return async (tx, row) => {
    const { provider, body } = row.payload as unknown as StoredDelivery;
    const result = await handleWebhook(tx, provider, body);
    if (result.outcome === 'ignored') app.log.info({ outboxId: row.id, reason: result.reason }, 'payment webhook ignored');
    // The notification commits with the credit; the hints after the commit are only hints: a lost one is not
    // worth running the credit again (the pages refetch on their next visit).
    const notification = webhookNotification(result);
    const rows = notification ? await writeNotifications(tx, notification) : [];
    return () =>
      announceWebhook(app, result)
        .then(() => publishNotifications(app.events, rows))
        .catch((error: unknown) => app.log.error({ err: error }, 'Announcing a payment failed'));
  };
}
