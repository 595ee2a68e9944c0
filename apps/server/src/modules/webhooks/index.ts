/**
 * Webhooks: a business's endpoints, the events it hears of (its shipments booked, moved, delivered, failed,
 * returned, cancelled, paid), signed deliveries with retries for 24 hours in order per shipment, and their log.
 * Shipments never call this module: it handles the outbox topic shipments write (BUSINESS_SHIPMENT_EVENT_TOPIC).
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_SHIPMENT_EVENT_TOPIC } from '../shipments/index.js';
import { publishNotifications } from '../notifications/index.js';
import { createFanOut, createWebhookDispatcher, FAN_OUT_BATCH_SIZE } from './dispatcher.js';
import { webhooksRoutes } from './webhooks.routes.js';

export { createWebhookDispatcher, RETRY_WINDOW_MS, retryDelayMs } from './dispatcher.js';
export type { WebhookDispatcher } from './dispatcher.js';
export { isForbiddenAddress } from './ssrf.js';
/** The queue's backlog and lag, for the operators' metrics (app.ts wires it). */
export { webhookQueueStats, type WebhookQueueStats } from './queue-stats.js';

/** Registers the module's routes (under /api) and, once the server listens, its sender. */
export const webhooksModule: FastifyPluginAsyncZod = async (app) => {
  const allowPrivateTargets = app.config.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  const dispatcher = createWebhookDispatcher({
    db: app.db,
    appSecret: app.secret,
    allowPrivateTargets,
    logger: app.log,
    publish: (rows) => publishNotifications(app.events, rows),
  });
  const fanOut = createFanOut(() => dispatcher.kick());
  app.outbox.handleInTransaction(BUSINESS_SHIPMENT_EVENT_TOPIC, fanOut.row, { batch: fanOut.batch, batchSize: FAN_OUT_BATCH_SIZE });
  // Only a listening server sends (main.ts, the e2e and bench servers); tests drive a dispatcher of their own.
  app.addHook('onListen', async () => dispatcher.start());
  app.addHook('onClose', async () => dispatcher.stop());
  await app.register(
    webhooksRoutes({ db: app.db, appSecret: app.secret, allowPrivateTargets }, () => dispatcher.kick()),
    { prefix: '/webhooks' },
  );
};
