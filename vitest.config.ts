import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './apps/web/build-plugins/lingui.ts';

// One runner, four projects: pure domain rules, the repository's scripts, the API against a real database, and web components.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machine, which left
    // one core idle while the test files ran one after another. Two at least (measured: 109 s -> 69 s for 9
    // server files on a loaded machine).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // Some rules are checked exhaustively (every hour of two years of Manila dates): seconds on a busy machine.
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], testTimeout: 20_000 } },
      // The repository's own tooling (scripts/): the build-skip logic of `npm start`, and that the lint rules bite.
      // One file at a time: the lint test writes probe files into apps/*/src for a moment, which the architecture
      // test, cruising apps/server/src at the same time, would find half-gone.
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.mjs'], fileParallelism: false } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each test file builds its own app on its own database; files run in parallel workers.
          pool: 'forks',
          // Files share their worker's module cache (each still builds its own app on its own database): every
          // file re-importing the whole server took 421 s of a 541 s PostgreSQL run; without it the server files
          // ran in 236 s instead of ~500 (measured on the 2-core machine). VITEST_ISOLATE=1 isolates each file again,
          // to tell whether a failure comes from an earlier file in the same worker.
          isolate: process.env.VITEST_ISOLATE === '1',
          // Migrates and seeds two template databases once; each test database is a copy of one.
          globalSetup: ['src/testing/global-setup.ts'],
        },
      },
      {
        plugins: linguiPlugins(),
        test: {
          name: 'web',
          root: 'apps/web',
          // The screens' messages (Lingui macros, .po catalogues) compile as in the build; tests read English.
          setupFiles: ['src/testing/i18n-setup.ts'],
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'jsdom',
          // Lazily loaded widgets (phone field, picker list) are imported for real; in a full run on two
          // cores that first import can take seconds.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
