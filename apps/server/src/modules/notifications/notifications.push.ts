import { describeNotification } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { languageOfUser } from '../../core/language.js';
import type { OutboxHandler } from '../../platform/outbox/index.js';
import type { PushSender } from '../../platform/push/index.js';
import { deleteDeviceTokens, findNotification, webPushTokensOf } from './notifications.repository.js';

/**
 * Outbox handler of NOTIFICATION_PUSH_TOPIC: one push per Web Push subscription of the person. A
 * subscription the push service calls gone (404/410) is deleted; other failures retry the job later,
 * skipping the subscriptions that already got it (kept in the payload as `sent`).
 */
export function createNotificationPushHandler(db: Db, push: PushSender): OutboxHandler {
  return async (job) => {
    const notificationId = job.payload.notificationId;
    if (typeof notificationId !== 'string') return; // not ours to fix: drop it
    const row = await findNotification(db, notificationId);
    if (!row?.userId) return; // deleted with its user, or a global row
    const alreadySent = new Set(Array.isArray(job.payload.sent) ? (job.payload.sent as string[]) : []);
    const tokens = (await webPushTokensOf(db, row.userId)).filter((t) => t.keys && !alreadySent.has(t.id));
    // In the person's language as it is when the push goes out (English when they never chose).
    const text = describeNotification({ type: row.type, metadata: row.metadata }, (await languageOfUser(db, row.userId)) ?? 'en');
    const message = { title: text.title, body: text.message, url: text.link, tag: row.id };

    const gone: string[] = [];
    const errors: string[] = [];
    await Promise.all(
      tokens.map(async (token) => {
        const result = await push.send({ endpoint: token.token, keys: token.keys! }, message);
        if (result.ok) alreadySent.add(token.id);
        else if (result.gone) gone.push(token.id);
        else errors.push(result.error);
      }),
    );
    await deleteDeviceTokens(db, gone);
    if (errors.length > 0) {
      return { retry: true, error: errors.join('; '), payload: { ...job.payload, sent: [...alreadySent] } };
    }
  };
}
