import { inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import type { EventBus } from '../../platform/events/index.js';
import { enqueueAfterCommit, type OutboxHandler, type OutboxTransactionalHandler } from '../../platform/outbox/index.js';
import type { NotificationRow } from './notifications.repository.js';
import { publishNotifications, writeNotifications, type NotifyInput } from './notifications.service.js';

/**
 * Notifying after a change, the outbox way (platform/outbox/after-commit.ts): written in the change's
 * transaction, run by the request right after its commit, or by the worker if the process died first.
 */
export const NOTIFY_TOPIC = 'notification.notify';
export const NOTIFICATIONS_WRITTEN_TOPIC = 'notification.written';

/** Notifies once `tx` commits: the rows and their push jobs are written with the outbox row's done mark, then announced. */
export const notifyAfterCommit = (tx: DbOrTx, input: NotifyInput) => enqueueAfterCommit(tx, [{ topic: NOTIFY_TOPIC, payload: { ...input } }]);

/** Rows a change wrote in its own transaction (writeNotifications): their real-time hint once it commits. */
export const publishNotificationsAfterCommit = (tx: DbOrTx, rows: NotificationRow[]) =>
  enqueueAfterCommit(tx, rows.length > 0 ? [{ topic: NOTIFICATIONS_WRITTEN_TOPIC, payload: { notificationIds: rows.map((r) => r.id) } }] : []);

export const createNotifyHandler =
  (events: EventBus): OutboxTransactionalHandler =>
  async (tx, row) => {
    const rows = await writeNotifications(tx, row.payload as unknown as NotifyInput);
    return () => publishNotifications(events, rows);
  };

export const createWrittenHandler =
  (db: Db, events: EventBus): OutboxHandler =>
  async (row) => {
    const ids = row.payload.notificationIds as string[];
    const rows = await db.select().from(notifications).where(inArray(notifications.id, ids));
    // In the order they were written, as publishNotifications was called with them.
    await publishNotifications(
      events,
      ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is NotificationRow => Boolean(r)),
    );
  };
