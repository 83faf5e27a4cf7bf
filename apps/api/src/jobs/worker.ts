import type { Logger } from 'pino';
import { systemActor } from '../lib/actor.ts';
import { runAs } from '../lib/request-context.ts';
import type { Jobs } from './jobs.ts';

/** One kind of work of the worker, run every `everyMs` (0: never in this process), one run at a time. */
export type Schedule = { name: string; everyMs: number; run: (signal: AbortSignal) => Promise<unknown> };

export type Worker = { stop: () => Promise<void> };

/**
 * The background worker of a process: one timer, ticking at the shortest interval, starts each schedule when its own
 * interval has come round and its previous run has ended. The state lives in the database, so a restart loses nothing
 * and several processes may run side by side. Each pass runs as the system actor named by its schedule. `stop` clears
 * the timer, tells the running passes through their signal (a long one ends early) and waits for them.
 */
export function startWorker(schedules: Schedule[], logger: Logger): Worker {
  const active = schedules.filter((schedule) => schedule.everyMs > 0);
  if (active.length === 0) return { stop: async () => {} };
  const tickMs = Math.min(...active.map((schedule) => schedule.everyMs));
  const stopping = new AbortController();
  const running = new Map<Schedule, Promise<unknown>>();
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
    for (const schedule of active) {
      if (running.has(schedule) || ticks % Math.max(1, Math.round(schedule.everyMs / tickMs)) !== 0) continue;
      const pass = Promise.resolve()
        .then(() => runAs(systemActor(schedule.name), () => schedule.run(stopping.signal)))
        .catch((error: unknown) => logger.error({ err: error }, `${schedule.name} pass failed`))
        .finally(() => running.delete(schedule));
      running.set(schedule, pass);
    }
  }, tickMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await Promise.all(running.values());
    },
  };
}

/**
 * The one worker of an API process (decision 029): the due rows (payments, payouts, spent PIN tokens) every
 * `PAYMENT_WORKER_INTERVAL_MS`, webhook deliveries every `WEBHOOK_WORKER_INTERVAL_MS`; either is off at 0. The two
 * are separate schedules so that a receiver slow to answer never holds up a settlement.
 */
export function startJobsWorker(deps: {
  jobs: Pick<Jobs, 'runDue'>;
  deliverWebhooks: (signal: AbortSignal) => Promise<unknown>;
  dueEveryMs: number;
  webhooksEveryMs: number;
  logger: Logger;
}): Worker {
  return startWorker(
    [
      { name: 'due jobs', everyMs: deps.dueEveryMs, run: (signal) => deps.jobs.runDue({ signal }) },
      { name: 'webhook deliveries', everyMs: deps.webhooksEveryMs, run: deps.deliverWebhooks },
    ],
    deps.logger,
  );
}
