import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run long because they start processes of their own and wait on them (the benchmarks' smoke runs,
 * `npm start`, server replicas racing on PostgreSQL): they start right after the journeys, for the same reason. Left
 * to Vitest's order on a fresh clone (no timings cached, so by size), the smoke runs started among the last files and
 * ran on alone for a minute and a half at the end of the run.
 */
const LONG_WAITERS = [
  'bench/smoke.test.ts',
  'scripts/start.test.ts',
  'apps/api/src/modules/wallet/two-processes.test.ts',
  'apps/api/src/modules/money/providers/chaos-payouts.test.ts',
  'apps/api/src/modules/wallet/wallet-concurrency.test.ts',
  'apps/api/src/jobs/two-workers.test.ts',
];

/**
 * The end-to-end journeys start first: each one is long and spends most of its time waiting (a browser, a
 * server, the payment simulator), so the API and unit files fill the cores around them and the run ends with
 * short files instead of a long journey. The long waiters follow them. Within each part, Vitest's own order (slowest
 * known first).
 */
export class JourneysFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      if (spec.project.name === 'e2e') return 0;
      return LONG_WAITERS.some((file) => spec.moduleId.endsWith(file)) ? 1 : 2;
    };
    return [0, 1, 2].flatMap((part) => sorted.filter((spec) => rank(spec) === part));
  }
}
