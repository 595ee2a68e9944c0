import { api } from './api-client';

/**
 * Web Push in the browser: the permission, this device's subscription with the server's VAPID key
 * (GET /notifications/push-key), saved for the signed-in person (POST /notifications/token). The server
 * then sends each of their notifications as a push (apps/server/src/modules/notifications/notifications.push.ts)
 * and the service worker shows it.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** A base64url VAPID key as the bytes PushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

async function saveSubscription(subscription: PushSubscription): Promise<void> {
  const { keys } = subscription.toJSON();
  await api.post('/notifications/token', { kind: 'web_push', token: subscription.endpoint, keys });
}

/**
 * Asks for permission and subscribes this device. A subscription made with another key (the server's keys
 * were replaced) is dropped and made again. Errors say what the person can do.
 */
export async function turnOnPush(): Promise<void> {
  if (!pushSupported()) throw new Error('This browser cannot show notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for Hatid. Allow them in the browser’s site settings.');
  const worker = await registration();
  if (!worker) throw new Error('Reload the page once, then try again.');
  const { publicKey } = await api.get<{ publicKey: string }>('/notifications/push-key');
  const key = applicationServerKey(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new Error('This phone could not reach its notification service. Try again when the signal is better.');
  }
  await saveSubscription(subscription);
}

/**
 * On each app start: a device already subscribed tells the server again, so the subscription follows whoever
 * is signed in on it now (the server moves it) and a rotated one is not lost.
 */
export async function refreshPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) await saveSubscription(subscription);
}
