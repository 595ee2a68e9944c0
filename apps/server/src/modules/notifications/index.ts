/**
 * Notifications: in-app notifications, their real-time announcement and Web Push.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsRoutes } from './notifications.routes.js';
import { NOTIFICATIONS_WRITTEN_TOPIC, NOTIFY_TOPIC, createNotifyHandler, createWrittenHandler } from './after-commit.js';

export type { NotificationRow } from './notifications.repository.js';
export { notifyAfterCommit, publishNotificationsAfterCommit } from './after-commit.js';
export { notify, publishNotifications, writeNotifications } from './notifications.service.js';
export type { NotifyInput } from './notifications.service.js';

/** Registers the module's routes (under /api). */
export const notificationsModule: FastifyPluginAsyncZod = async (app) => {
  // Notifications other modules ask for in their own transaction, announced after its commit (after-commit.ts).
  app.outbox.handleInTransaction(NOTIFY_TOPIC, createNotifyHandler(app.events));
  app.outbox.handle(NOTIFICATIONS_WRITTEN_TOPIC, createWrittenHandler(app.db, app.events));
  await app.register(notificationsRoutes, { prefix: '/notifications' });
};
