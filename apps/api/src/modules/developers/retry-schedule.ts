import { WEBHOOK_RETRY_WINDOW_HOURS } from '@sente/contracts/webhook-deliveries';
import { BACKOFF, backoffMs } from '../../lib/backoff.ts';

/** The shortest wait, so that a receiver that just failed is never called again at once. */
export const RETRY_FLOOR_MS = 1000;
/** Retries stop this long after the event was queued; the delivery is then failed. */
export const RETRY_WINDOW_MS = WEBHOOK_RETRY_WINDOW_HOURS * 60 * 60 * 1000;

/**
 * When to try a delivery again after its `attempts`th attempt failed at `now`: exponential backoff with full jitter
 * (a uniformly random wait up to the ceiling, so receivers that failed together are not all called again together),
 * or null when that would fall after the retry window counted from `createdAt`: the delivery has then failed.
 */
export function nextAttemptAt(createdAt: Date, attempts: number, now: Date, random: () => number = Math.random): Date | null {
  const wait = Math.max(RETRY_FLOOR_MS, Math.floor(random() * backoffMs(BACKOFF.webhookDelivery, attempts)));
  const at = new Date(now.getTime() + wait);
  return at.getTime() > createdAt.getTime() + RETRY_WINDOW_MS ? null : at;
}
