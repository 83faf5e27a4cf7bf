import type { Logger } from 'pino';
import type { PaymentsService } from './service.ts';

/**
 * Settles due test payments and fails expired ones every `intervalMs`. The state lives in the database
 * (settle_at, expires_at), so a restart loses nothing and several processes may sweep side by side:
 * settle applies each outcome once whoever gets there first.
 */
export function startPaymentWorker(payments: PaymentsService, intervalMs: number, logger: Logger) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = payments
      .sweep()
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
