import { configDefaults, defineConfig } from 'vitest/config';
import { JourneysFirstSequencer } from './scripts/test/sequencer.ts';

/**
 * One run, one pool: the end-to-end journeys (mostly waiting on a browser, a server and the payment
 * simulator) run beside the API files (mostly CPU), so both cores stay busy. VITEST_MAX_WORKERS overrides
 * the count, e.g. on a larger machine.
 */
const MAX_WORKERS = Number(process.env.VITEST_MAX_WORKERS ?? 3);

/**
 * The API files that run on PostgreSQL as well as on embedded PGlite ([decision 088](docs/decisions/088-postgresql-runs-what-can-differ.md)):
 * those whose subject is something the two could answer differently. PGlite is PostgreSQL's own engine behind another
 * driver, with one connection, so what differs is concurrency (locks, claims, races, counters updated at once: only
 * PostgreSQL has two sessions), the values the drivers hand back (money as bigint, timestamps in cursors, counts), and
 * what migrations do to existing rows. A file here either does things at once (two requests, two workers, two
 * processes, two passes), reads cursors or totals through the driver, or is a migration's test. The rest (features
 * tested one request at a time, HTTP plumbing, input walks, rights, files, team, documents) runs on PGlite only, since
 * the same engine answers it the same way. A new file that does things at once is added here by name.
 */
const BOTH_DATABASES = [
  // Two requests, workers, processes or passes at once: locks, claims, leases and exactly-once.
  'apps/api/src/modules/transfers/two-processes.test.ts',
  'apps/api/src/modules/transfers/wallet-concurrency.test.ts',
  'apps/api/src/modules/transfers/concurrent-requests.test.ts',
  'apps/api/src/modules/transfers/payout-rules.test.ts',
  'apps/api/src/modules/transfers/approvals/withdraw.test.ts',
  'apps/api/src/modules/transfers/batches/batch-workers.test.ts',
  'apps/api/src/jobs/**',
  'apps/api/src/modules/money/ledger.test.ts',
  'apps/api/src/modules/money/providers/chaos-payouts.test.ts',
  'apps/api/src/modules/money/providers/outbox.test.ts',
  'apps/api/src/modules/payments/payments.test.ts',
  'apps/api/src/modules/payments/cancel.test.ts',
  'apps/api/src/modules/payments/open.test.ts',
  'apps/api/src/modules/payments/refunds/refunds.test.ts',
  'apps/api/src/modules/payments/refunds/refund-pending.test.ts',
  'apps/api/src/modules/events/outbox.test.ts',
  'apps/api/src/modules/alerts/sending.test.ts',
  'apps/api/src/modules/developers/webhook-delivery*.test.ts',
  'apps/api/src/modules/merchant-api/idempotency.test.ts',
  'apps/api/src/modules/merchant-api/flow.test.ts',
  'apps/api/src/modules/merchant-api/payout-batches.test.ts',
  'apps/api/src/modules/auth/account-throttle.test.ts',
  'apps/api/src/modules/auth/refresh-grace.test.ts',
  'apps/api/src/modules/auth/refresh-reuse.test.ts',
  'apps/api/src/modules/auth/rate-limit.test.ts',
  'apps/api/src/modules/auth/sign-in-challenge.test.ts',
  // Counters and totals kept as payments settle, and the values and cursors the driver hands back.
  'apps/api/src/modules/customers/customers.test.ts',
  'apps/api/src/modules/customers/customer-counts.test.ts',
  'apps/api/src/modules/payments/collection-counts.test.ts',
  'apps/api/src/modules/payments/list.test.ts',
  'apps/api/src/modules/payments/find.test.ts',
  'apps/api/src/modules/links/link-counts.test.ts',
  'apps/api/src/modules/links/lists.test.ts',
  'apps/api/src/modules/transfers/transfer-list.test.ts',
  'apps/api/src/modules/reports/**',
  'apps/api/src/modules/search/**',
  'apps/api/src/lib/pagination.test.ts',
  // What migrations do to existing rows.
  'apps/api/src/**/*-migration.test.ts',
].map((glob) => (glob.endsWith('.test.ts') ? glob : `${glob}/*.test.ts`));

const apiProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `api:${db}`,
    include: db === 'pglite' ? ['apps/api/src/**/*.test.ts'] : BOTH_DATABASES,
    // A `.unit.test.ts` file needs no database (the provider adapters against their fake servers): it runs once, in unit.
    exclude: [...configDefaults.exclude, 'apps/api/src/**/*.unit.test.ts'],
    env: { TEST_DB: db },
    // One migrated template database per run; each file gets its own copy (apps/api/src/testing/test-database.ts).
    globalSetup: ['apps/api/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
  },
});

/**
 * Unit tests (node), component tests of the web app (happy-dom), API integration tests on embedded PGlite and
 * again on real PostgreSQL when TEST_DATABASE_URL is set (as .ci/run sets it), and end-to-end journeys in
 * Debian's Chromium against the built app.
 */
export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    sequence: { sequencer: JourneysFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            // The web build's JS budgets (bench/js-budget.test.ts), read from the build npm test makes first.
            'bench/**/*.test.ts',
            'apps/api/src/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          // happy-dom, and one DOM per worker rather than per file (setup.ts cleans up after each test): a third
          // of jsdom's CPU with an isolated DOM per file, for the same 129 tests.
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          isolate: false,
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // A payment settles after the simulator's delay and the page's next status check: seconds, not one.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
