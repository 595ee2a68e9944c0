import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushMessage, PushResult, PushSender, PushTarget, VapidKeys } from './types.js';

/** Real Web Push (RFC 8030 + VAPID, payload encrypted per RFC 8291) through the `web-push` package. */
export function createWebPushSender(keys: VapidKeys, options: { ttlSeconds?: number; timeoutMs?: number; agent?: Agent } = {}): PushSender {
  return {
    name: 'web-push',
    publicKey: keys.publicKey,
    async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
      try {
        await webpush.sendNotification(target, JSON.stringify(message), {
          // Keys per call, not webpush.setVapidDetails: no process-wide state shared between app instances.
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: options.ttlSeconds ?? 86_400,
          timeout: options.timeoutMs ?? 10_000,
          ...(options.agent ? { agent: options.agent } : {}),
          ...(message.tag ? { topic: topicOf(message.tag) } : {}),
        });
        return { ok: true };
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          const gone = err.statusCode === 404 || err.statusCode === 410;
          return { ok: false, gone, statusCode: err.statusCode, error: `push service answered ${err.statusCode}` };
        }
        return { ok: false, gone: false, error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

/** The Topic header allows at most 32 URL-safe characters. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
}
