import { describe, expect, it } from 'vitest';
import { BACKOFF, backoffMs } from '../../lib/backoff.ts';
import { nextAttemptAt, RETRY_FLOOR_MS, RETRY_WINDOW_MS } from './retry-schedule.ts';

const { firstMs: RETRY_BASE_MS, capMs: RETRY_CAP_MS } = BACKOFF.webhookDelivery;

const HOUR = 60 * 60 * 1000;
const created = new Date('2026-11-24T08:00:00.000Z');
const at = (ms: number) => new Date(created.getTime() + ms);

describe('the webhook retry schedule', () => {
  it('doubles the longest wait after each failed attempt, from 30 s up to 6 h', () => {
    const ceilings = Array.from({ length: 14 }, (_, i) => backoffMs(BACKOFF.webhookDelivery, i + 1));
    expect(ceilings.slice(0, 5)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    for (let i = 1; i < ceilings.length; i++) expect(ceilings[i]).toBeGreaterThanOrEqual(ceilings[i - 1]!);
    expect(ceilings.at(-1)).toBe(RETRY_CAP_MS);
    expect(backoffMs(BACKOFF.webhookDelivery, 1000)).toBe(RETRY_CAP_MS);
  });

  it('waits a uniformly random time up to the ceiling (full jitter), never less than a second', () => {
    expect(nextAttemptAt(created, 3, created, () => 0.999999)).toEqual(at(Math.floor(0.999999 * 4 * RETRY_BASE_MS)));
    expect(nextAttemptAt(created, 3, created, () => 0.5)).toEqual(at(2 * RETRY_BASE_MS));
    expect(nextAttemptAt(created, 3, created, () => 0)).toEqual(at(RETRY_FLOOR_MS));
    const waits = Array.from({ length: 200 }, () => nextAttemptAt(created, 4, created)!.getTime() - created.getTime());
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(RETRY_FLOOR_MS);
    expect(Math.max(...waits)).toBeLessThanOrEqual(8 * RETRY_BASE_MS);
    expect(new Set(waits).size).toBeGreaterThan(100);
  });

  it('gives up once the next try would fall more than 3 days after the event', () => {
    expect(RETRY_WINDOW_MS).toBe(72 * HOUR);
    expect(nextAttemptAt(created, 20, at(60 * HOUR), () => 1)).toEqual(at(66 * HOUR));
    expect(nextAttemptAt(created, 20, at(66 * HOUR), () => 1)).toEqual(at(72 * HOUR));
    expect(nextAttemptAt(created, 20, at(67 * HOUR), () => 1)).toBeNull();
    expect(nextAttemptAt(created, 20, at(72 * HOUR), () => 0)).toBeNull();
  });

  it('retries a receiver that never answers 2xx for 3 days, then stops', () => {
    let now = created;
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const next = nextAttemptAt(created, attempts, now, () => 1);
      if (!next) break;
      expect(next.getTime()).toBeGreaterThan(now.getTime());
      now = next;
    }
    expect(now.getTime() - created.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(now.getTime() - created.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - RETRY_CAP_MS);
    expect(attempts).toBe(21);
  });
});
