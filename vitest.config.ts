import { defineConfig } from 'vitest/config';

// One runner, four projects: pure domain rules, the repository's scripts, the API against a real database, and web components.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      // The repository's own tooling (scripts/): the build-skip logic of `npm start`.
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.mjs'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each test file builds its own app on its own database; files run in parallel workers.
          pool: 'forks',
          // Migrates and seeds two template databases once; each test database is a copy of one.
          globalSetup: ['src/testing/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
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
