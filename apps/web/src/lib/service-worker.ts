/**
 * The service worker (apps/web/sw/service-worker.ts, built to /service-worker.js): registered by the rider app
 * only, so a customer's visit loads and installs nothing more. Not in development (Vite serves no worker).
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register('/service-worker.js', { scope: '/' });
  } catch {
    // Private windows and some embedded browsers refuse workers: the app still works online.
    return null;
  }
}
