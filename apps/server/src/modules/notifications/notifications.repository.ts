import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DeviceTokenKind, NotificationType } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { deviceTokens, notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type DeviceTokenRow = typeof deviceTokens.$inferSelect;

export async function insertNotifications(
  db: DbOrTx,
  userIds: (string | null)[],
  type: NotificationType,
  metadata: Record<string, unknown>,
): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  return db
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, type, metadata })))
    .returning();
}

/** Newest first; `userId` null = the global (staff) feed. */
export async function pageNotifications(db: DbOrTx, userId: string | null, page: number, limit: number) {
  const where: SQL = userId === null ? isNull(notifications.userId) : eq(notifications.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findNotification(db: DbOrTx, id: string): Promise<NotificationRow | null> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row ?? null;
}

/** A token names one device; signing in as someone else on it moves the token to them. */
export async function upsertDeviceToken(
  db: DbOrTx,
  input: { userId: string; kind: DeviceTokenKind; token: string; keys: { p256dh: string; auth: string } | null; userAgent: string | null },
): Promise<DeviceTokenRow> {
  const now = new Date();
  const [row] = await db
    .insert(deviceTokens)
    .values({ ...input, lastSeenAt: now })
    .onConflictDoUpdate({
      target: deviceTokens.token,
      set: { userId: input.userId, kind: input.kind, keys: input.keys, userAgent: input.userAgent, lastSeenAt: now, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function webPushTokensOf(db: DbOrTx, userId: string): Promise<DeviceTokenRow[]> {
  return db
    .select()
    .from(deviceTokens)
    .where(and(eq(deviceTokens.userId, userId), eq(deviceTokens.kind, 'web_push')));
}

export async function deleteDeviceTokens(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(deviceTokens).where(inArray(deviceTokens.id, ids));
}
