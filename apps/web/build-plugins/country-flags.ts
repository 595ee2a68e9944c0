import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const flagsDir = () => path.join(path.dirname(require.resolve('country-flag-icons/package.json')), '3x2');
const FLAG_FILE = /^[A-Z]{2}\.svg$/;

/**
 * Serves country-flag-icons' 3x2 SVGs at /flags/XX.svg (dev) and copies them into the build; the phone
 * input's FLAG_URL (components/ui/phone-input.tsx) points there.
 * Bundling them as React components would add ~44 KB gzip to every page with a phone field; as files the
 * browser fetches the one flag it shows (PH) and, in the open country list, the ones scrolled into view.
 */
export function countryFlags(): Plugin {
  return {
    name: 'hatid-country-flags',
    configureServer(server) {
      server.middlewares.use('/flags', (req, res, next) => {
        const file = path.basename(req.url ?? '');
        if (!FLAG_FILE.test(file)) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        fs.createReadStream(path.join(flagsDir(), file))
          .on('error', () => next())
          .pipe(res);
      });
    },
    generateBundle() {
      for (const file of fs.readdirSync(flagsDir())) {
        if (FLAG_FILE.test(file)) this.emitFile({ type: 'asset', fileName: `flags/${file}`, source: fs.readFileSync(path.join(flagsDir(), file)) });
      }
    },
  };
}
