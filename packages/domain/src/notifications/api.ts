import { z } from 'zod';
import { DEVICE_TOKEN_KINDS, NOTIFICATION_TYPES } from './kinds.js';

/** One notification as the list shows it: title, message and link are derived (describeNotification). */
export const notificationDto = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  metadata: z.record(z.string(), z.unknown()),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

/** A browser's PushSubscription (endpoint + keys) or a native app token. */
export const deviceTokenBody = z
  .object({
    kind: z.enum(DEVICE_TOKEN_KINDS).default('web_push'),
    token: z.string().trim().min(1, 'Token is required').max(2048, 'Token is too long'),
    keys: z
      .object({
        p256dh: z.string().min(1).max(512),
        auth: z.string().min(1).max(512),
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind !== 'web_push') return;
    if (!/^https:\/\//.test(body.token)) {
      ctx.addIssue({ code: 'custom', path: ['token'], message: 'A Web Push token is the subscription endpoint (an https URL)' });
    }
    if (!body.keys) ctx.addIssue({ code: 'custom', path: ['keys'], message: 'A Web Push subscription needs its keys (p256dh, auth)' });
  });
export type DeviceTokenBody = z.infer<typeof deviceTokenBody>;

export const deviceTokenDto = z.object({
  id: z.string(),
  kind: z.enum(DEVICE_TOKEN_KINDS),
  createdAt: z.string(),
});
export type DeviceTokenDto = z.infer<typeof deviceTokenDto>;

export const pushKeyDto = z.object({ publicKey: z.string() });
