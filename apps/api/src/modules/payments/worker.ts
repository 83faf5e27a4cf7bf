import type { Logger } from 'pino';

/**
 * Runs `pass` every `intervalMs`, one pass at a time: the payment worker settles due test payments and payouts and
 * fails expired ones; the webhook worker delivers due events. The state lives in the database (settle_at,
 * expires_at, next_attempt_at), so a restart loses nothing and several processes may run side by side: each outcome
 * is applied, each delivery attempt made, once whoever gets there first. `stop` tells the running pass through its
 * signal (a long one ends early) and waits for it.
 */
export function startWorker(name: string, pass: (signal: AbortSignal) => Promise<unknown>, intervalMs: number, logger: Logger) {
  const stopping = new AbortController();
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = pass(stopping.signal)
      .catch((error) => logger.error({ err: error }, `${name} pass failed`))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
