/// <reference lib="webworker" />
/**
 * The app's service worker, registered by the rider app (riders work where the signal drops):
 * - the app shell (every built script and style, and index.html) is precached, so a rider who reloads
 *   with no signal still gets the app and the IndexedDB outbox it sends from once the signal is back;
 * - pages always come from the network while there is one (the server decides the landing HTML and the
 *   session); only when the network fails does a page get the cached shell;
 * - Web Push: a dispatcher's assignment shows as a notification on the phone; tapping it opens the job.
 * The API is never cached here: the outbox and React Query own what the app does offline.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { readPush } from './push-message';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// `directoryIndex: ''` and no clean URLs: "/" and "/track" are the server's own landing HTML, not the shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
registerRoute(new NavigationRoute(new NetworkOnly(), { denylist: [/^\/api\//] }));
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/index.html')) ?? Response.error();
  return Response.error();
});

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = { body: event.data?.text() };
  }
  const push = readPush(data, self.location.origin);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      icon: '/favicon.svg',
      data: { url: push.url },
      ...(push.tag ? { tag: push.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
      } else {
        await self.clients.openWindow(url);
      }
    })(),
  );
});
