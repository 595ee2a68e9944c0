import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * One catalogue per area, so helpers converting different features never edit the same file, and a first
 * visit downloads only the areas its page uses (src/i18n/catalogues.ts loads them per language, lazily):
 * - `app`: the shell, header, landing pages and shared components (src/app, src/components, src/lib, src/i18n);
 * - one per feature folder (src/features/<name>), e.g. `auth`, `shipments`. A new feature gets its catalogue
 *   with no change here.
 * Extract with `npm run i18n:extract` (docs/i18n.md); never edit msgid lines by hand.
 */
const features = fs
  .readdirSync(`${root}src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Test files hold probes and expectations, not screens. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fil'],
  // English is the fallback of any Filipino text not yet translated (the completeness check fails first).
  fallbackLocales: { fil: 'en', default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src/app', '<rootDir>/src/components', '<rootDir>/src/lib', '<rootDir>/src/i18n'],
      exclude: TESTS,
    },
    ...features.map((name) => ({ path: `<rootDir>/src/locales/{locale}/${name}`, include: [`<rootDir>/src/features/${name}`], exclude: TESTS })),
  ],
});
