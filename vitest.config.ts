import { defineConfig } from 'vitest/config';

const apiProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `api:${db}`,
    include: ['apps/api/src/**/*.test.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * API tests run on embedded PGlite, and again on real PostgreSQL when TEST_DATABASE_URL is set
 * (as .ci/run sets it). End-to-end journeys drive Debian's Chromium against the built app.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/contracts/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] } },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A payment settles after the simulator's delay and the page's next status check: seconds, not one.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
