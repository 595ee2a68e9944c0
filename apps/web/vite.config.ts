import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { countryFlags } from './build-plugins/country-flags';
import { landingPages } from './build-plugins/landing-pages';
import { linguiPlugins } from './build-plugins/lingui';
import { precompress } from './build-plugins/precompress';
import { serviceWorker } from './build-plugins/service-worker';

const root = fileURLToPath(new URL('.', import.meta.url));

// The server serves apps/web/dist at /; in development Vite proxies /api to the server on port 3000.
export default defineConfig({
  root,
  // Lingui's macros run before the React plugin (docs/i18n.md).
  plugins: [...linguiPlugins(), react(), tailwindcss(), countryFlags(), landingPages(), precompress(), serviceWorker()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the server reads it to preload a landing route's own chunks with the HTML (plugins/web-static.ts).
    manifest: true,
    // Every browser the app supports has modulepreload: the polyfill was dead weight in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Split by what a first visit needs: the framework every page uses (React, router, query) is one
        // long-lived chunk; everything else (forms, zod, Radix, cmdk, the phone metadata and flags) follows
        // the lazy route that imports it, so / and /track load only their own share (target < 170 KB gzip,
        // `npm run bench:web`).
        codeSplitting: {
          groups: [
            { name: 'phone', test: /node_modules[\\/](react-phone-number-input|libphonenumber-js|country-flag-icons|input-format)[\\/]/, priority: 2 },
            // TanStack Table (and the one store helper only it uses) is the console's alone: it follows the
            // console's lazy chunks, so a customer's first visit does not carry it.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?!react-table|table-core|store[\\/]dist[\\/]shallow)[^\\/]+)[\\/]/,
              priority: 3,
            },
            // What every first visit needs besides the framework, as one chunk (fewer, better-compressed files).
            {
              name: 'core',
              test: /node_modules[\\/](tailwind-merge|clsx|@radix-ui[\\/]react-(slot|compose-refs))[\\/]|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](shared|Icon|createLucideIcon|context|defaultAttributes)|apps[\\/]web[\\/]src[\\/]lib[\\/](api-client|utils)\.ts|packages[\\/]domain[\\/]src[\\/]constants/,
              priority: 2,
            },
            // Vite's import() helper, used by the entry to import the app: its own tiny chunk, or the group below
            // takes it in and the entry would import (and run) the whole app chunk at load.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 4 },
            // The app itself (src/app/boot.tsx, which main.tsx imports when the app starts) and the small modules it
            // shares with the pages: one chunk. Left alone, each shared module became a file of its own (boot is a
            // lazy chunk), and a dozen separately compressed files cost a first visit ~3 KB gzip more.
            {
              name: 'app',
              test: /apps[\\/]web[\\/]src[\\/](app[\\/](boot|app|router|query-client)\.tsx?|app[\\/]routes[\\/]|app[\\/]layout[\\/](?!console-layout|header-menu|notifications-bell)|app[\\/]landing[\\/]landing-intros|lib[\\/](roles|lazy-module|no-access)\.ts|components[\\/]ui[\\/](card|spinner|button)\.tsx|features[\\/]auth[\\/](sign-in-flow|index|api[\\/](get-me|logout)|components[\\/]sign-out-button))|packages[\\/]domain[\\/]src[\\/]catalogue[\\/]enums|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](menu|user-round|log-out|loader-circle)\.mjs/,
              priority: 2,
            },
            // Validation and forms: shared by most lazy pages but not needed to paint / or /track.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // A RegExp, not the prefix '/api': the console's /api-keys screen is a page, not a call.
      '^/api(/|$|\\?)': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
