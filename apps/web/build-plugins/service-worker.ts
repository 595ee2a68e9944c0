import { VitePWA } from 'vite-plugin-pwa';

/**
 * Builds sw/service-worker.ts (Workbox, through vite-plugin-pwa's injectManifest) into dist/service-worker.js
 * with the list of built files to precache. Only the rider app registers it (src/lib/service-worker.ts),
 * so a customer's first visit downloads nothing more.
 */
export function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'service-worker.ts',
    // Registered by hand where it is wanted; no web app manifest (not an installable app yet).
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // The app shell: scripts, styles, index.html and the icon. The landing pages are the server's.
      globPatterns: ['**/*.{js,css,html,svg}'],
      globIgnores: ['landing/**', 'flags/**', '**/*.map'],
      // The barcode reader (ZXing) is the largest chunk, and a rider needs it offline too.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}
