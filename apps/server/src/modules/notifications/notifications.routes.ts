import { dataOf, deviceTokenBody, deviceTokenDto, type DeviceTokenDto, notificationDto, pageOf, pageQuery, pushKeyDto } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { readerLanguage } from '../../core/language.js';
import { createNotificationPushHandler } from './notifications.push.js';
import { NOTIFICATION_PUSH_TOPIC, canReadGlobal, listNotifications, saveDeviceToken } from './notifications.service.js';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The module owns its background job; app.outbox runs it (started by main.ts, run by hand in tests).
  app.outbox.handle(NOTIFICATION_PUSH_TOPIC, createNotificationPushHandler(app.db, app.push));

  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first (page size 10 by default)',
        querystring: pageQuery,
        response: { 200: pageOf(notificationDto) },
      },
    },
    async (request) => {
      const actor = request.requireActor();
      return listNotifications(app.db, actor.id, request.query, readerLanguage(actor.user.language, request));
    },
  );

  app.get(
    '/global',
    {
      schema: {
        tags,
        summary: 'The staff feed: notifications addressed to no one in particular',
        querystring: pageQuery,
        response: { 200: pageOf(notificationDto) },
      },
    },
    async (request) => {
      const actor = request.requireActor();
      if (!canReadGlobal(actor)) throw new AppError('FORBIDDEN', 'You are not allowed to do this');
      return listNotifications(app.db, null, request.query, readerLanguage(actor.user.language, request));
    },
  );

  app.post(
    '/token',
    {
      schema: {
        tags,
        summary: 'Save this device’s push subscription (moves it to me if it was someone else’s)',
        body: deviceTokenBody,
        response: { 200: dataOf(deviceTokenDto) },
      },
    },
    async (request) => {
      const actor = request.requireActor();
      const row = await saveDeviceToken(app.db, actor, request.body, request.headers['user-agent']);
      return { data: { id: row.id, kind: row.kind as DeviceTokenDto['kind'], createdAt: row.createdAt.toISOString() } };
    },
  );

  app.get(
    '/push-key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key browsers subscribe with (applicationServerKey)',
        response: { 200: dataOf(pushKeyDto) },
      },
    },
    async () => ({ data: { publicKey: app.push.publicKey } }),
  );
};
