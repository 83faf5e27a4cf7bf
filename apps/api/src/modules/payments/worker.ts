import type { Logger } from 'pino';

/**
 * Runs `sweep` every `intervalMs`: it settles due test payments and payouts and fails expired ones. The state
 * lives in the database (settle_at, expires_at), so a restart loses nothing and several processes may sweep
 * side by side: each outcome is applied once whoever gets there first.
 */
export function startPaymentWorker(sweep: () => Promise<unknown>, intervalMs: number, logger: Logger) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .catch((error) => logger.error({ err: error }, 'payment worker pass failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
