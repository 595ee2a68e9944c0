import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

// The server serves apps/web/dist at /; in development Vite proxies /api to the server on port 3000.
export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The vendor chunk (React, router, query, zod, forms) is ~200 kB gzipped and cached across pages.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // A handful of long-lived chunks instead of dozens of tiny ones: fewer round trips on mobile
        // networks. The phone-number metadata and flags stay apart, loaded only by screens with a phone field.
        codeSplitting: {
          groups: [
            { name: 'phone', test: /node_modules[\\/](react-phone-number-input|libphonenumber-js|country-flag-icons|input-format)[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 2 },
            { name: 'shared', test: /(packages[\\/]domain|apps[\\/]web[\\/]src[\\/](components|lib))[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
