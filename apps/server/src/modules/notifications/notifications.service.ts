import { describeNotification, type DeviceTokenBody, type Language, type NotificationDto, type NotificationType } from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { appEvent, channels, type EventBus } from '../../platform/events/index.js';
import { enqueueOutbox } from '../../platform/outbox/index.js';
import { isKnownPushEndpoint } from '../../platform/push/index.js';
import { seesEveryShipment } from '../../platform/realtime/channels.js';
import { insertNotifications, pageNotifications, upsertDeviceToken, type NotificationRow } from './notifications.repository.js';

/** Outbox topic of "send this notification to the person's devices". */
export const NOTIFICATION_PUSH_TOPIC = 'notification.push';

export interface NotifyInput {
  /** Who gets it; 'global' = one row for the staff feed (GET /notifications/global). */
  userIds: string[] | 'global';
  type: NotificationType;
  /** e.g. { trackingNumber }, { trackingNumber, reason }, { amountInCents }, { ticketId, status }. */
  metadata?: Record<string, unknown>;
}

/**
 * Writes the rows and their push jobs in `db` (the caller's transaction when given one). Call
 * publishNotifications after that transaction commits, so a client that refetches on the hint finds the row.
 */
export async function writeNotifications(db: DbOrTx, input: NotifyInput): Promise<NotificationRow[]> {
  const userIds = input.userIds === 'global' ? [null] : [...new Set(input.userIds)];
  const rows = await insertNotifications(db, userIds, input.type, input.metadata ?? {});
  // Only personal notifications go to devices; the global feed is read in the admin screens.
  await enqueueOutbox(
    db,
    rows.filter((r) => r.userId !== null).map((r) => ({ topic: NOTIFICATION_PUSH_TOPIC, payload: { notificationId: r.id }, dedupeKey: r.id })),
  );
  return rows;
}

/** NOTIFICATION_CREATED on `user:<id>` (or `admin` for global rows): ids and kind only, never the text. */
export async function publishNotifications(events: EventBus, rows: NotificationRow[]): Promise<void> {
  await Promise.all(
    rows.map((row) => {
      const trackingNumber = typeof row.metadata.trackingNumber === 'string' ? row.metadata.trackingNumber : undefined;
      return events.publish(
        appEvent('NOTIFICATION_CREATED', [row.userId ? channels.user(row.userId) : channels.admin], {
          notificationId: row.id,
          type: row.type,
          ...(trackingNumber ? { trackingNumber } : {}),
        }),
      );
    }),
  );
}

/** The usual call: rows + push jobs in one transaction, then the real-time hint. */
export async function notify(db: Db, events: EventBus, input: NotifyInput): Promise<NotificationRow[]> {
  const rows = await db.transaction((tx) => writeNotifications(tx, input));
  await publishNotifications(events, rows);
  return rows;
}

/** A row as its reader reads it: the text is written from kind and metadata in the reader's language when listed. */
export function toNotificationDto(row: NotificationRow, language: Language): NotificationDto {
  const text = describeNotification({ type: row.type, metadata: row.metadata }, language);
  return {
    id: row.id,
    type: row.type as NotificationType,
    metadata: row.metadata,
    ...text,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(db: Db, userId: string | null, query: { page: number; limit: number }, language: Language) {
  const { page, limit } = query;
  const { rows, total } = await pageNotifications(db, userId, page, limit);
  const totalPages = Math.ceil(total / limit);
  return { data: rows.map((row) => toNotificationDto(row, language)), page, limit, total, totalPages, hasNextPage: page < totalPages };
}

/** The global feed is the staff feed: same readers as the `admin` channel (see seesEveryShipment). */
export function canReadGlobal(actor: Actor): boolean {
  return seesEveryShipment(actor);
}

export async function saveDeviceToken(db: Db, actor: Actor, body: DeviceTokenBody, userAgent: string | undefined) {
  if (body.kind === 'web_push' && !isKnownPushEndpoint(body.token)) {
    throw fieldError('token', 'This push endpoint is not one of the browsers’ push services');
  }
  if (body.kind !== 'web_push' && body.keys) {
    throw new AppError('VALIDATION_FAILED', 'Only Web Push subscriptions carry keys', [{ field: 'keys', message: 'Only Web Push subscriptions carry keys' }]);
  }
  return upsertDeviceToken(db, {
    userId: actor.id,
    kind: body.kind,
    token: body.token,
    keys: body.kind === 'web_push' ? (body.keys ?? null) : null,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
}
