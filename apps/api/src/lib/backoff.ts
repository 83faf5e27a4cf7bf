/** A doubling backoff: the wait after the first failure, and the longest wait. */
export type BackoffSchedule = { firstMs: number; capMs: number };

/** Every retry schedule of the server, named once; the provider calls' own comes from the settings. */
export const BACKOFF = {
  /** A claimed row whose apply failed (jobs/jobs.ts): 5 s, 10 s, 20 s, ... up to 15 min. */
  workerRetry: { firstMs: 5_000, capMs: 15 * 60_000 },
  /** The ceiling of a failed web hook delivery's jittered wait (developers/retry-schedule.ts): 30 s, 1 min, ... 6 h. */
  webhookDelivery: { firstMs: 30_000, capMs: 6 * 60 * 60_000 },
} as const satisfies Record<string, BackoffSchedule>;

/** The wait after the `failures`th failure in a row: `firstMs`, doubled at each further failure, never above `capMs`. */
export function backoffMs(schedule: BackoffSchedule, failures: number): number {
  return Math.min(schedule.capMs, schedule.firstMs * 2 ** Math.max(0, failures - 1));
}
