/** A browser's PushSubscription as saved by POST /notifications/token. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service worker shows: it opens `url` on click. */
export interface PushMessage {
  title: string;
  body: string;
  url: string | null;
  /** Same tag replaces an earlier notification on the device instead of stacking. */
  tag?: string;
}

export type PushResult =
  | { ok: true }
  /** gone: the push service says the subscription no longer exists (404/410): forget the token. */
  | { ok: false; gone: boolean; statusCode?: number; error: string };

export interface PushSender {
  readonly name: string;
  /** The VAPID public key the browser subscribes with (GET /notifications/push-key). */
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}
