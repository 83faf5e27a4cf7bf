// What every bench shares about how it runs: the smoke mode (BENCH_SMOKE=1: tiny sizes, a few seconds, the same code
// path as the full run, which bench/smoke.test.ts runs in `npm test` so a bench that stops working fails there), the
// settings it gives the app or server it measures (printed, so a figure says which limits it ran under). Kept free of
// the API's modules, so the benches of the web build load none.
import os from 'node:os';

export const SMOKE = process.env.BENCH_SMOKE === '1';

/** Begins the lines bench/smoke-runner.ts prints around each bench it runs, which bench/smoke.test.ts splits on. */
export const SMOKE_MARK = '@@bench-smoke';

/** The full run's size, or the smoke run's. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/**
 * Rate limits far above what a bench sends: a bench measures the route, not the member's limit of its class
 * (decision 045), which would refuse most of its requests.
 */
export const UNLIMITED = '100000000';

/**
 * Rate counts kept in the process's own memory rather than in a Redis the shell happens to name (REDIS_URL): a bench
 * measures one server, and a round trip to Redis on every request would be part of its figures unannounced.
 */
export const OWN_RATE_COUNTS = { REDIS_URL: '' };

/** Support's contacts, which production refuses to start without (apps/api/src/config.ts); a bench reaches no one. */
export const BENCH_SUPPORT_CONTACTS = {
  SUPPORT_PHONE: '+256 414 000 001',
  SUPPORT_WHATSAPP: '+256 772 000 001',
  SUPPORT_EMAIL: 'bench@sente.example',
};

/** Prints the run's mode, the machine's load and the settings the bench gave the app it measures. */
export function printSettings(settings: Record<string, string | number | undefined>): void {
  const given = Object.entries(settings)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value === '' ? '(none)' : value}`)
    .join(' ');
  console.log(
    `${SMOKE ? 'smoke run' : 'full run'}; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}; settings: ${given}`,
  );
}
