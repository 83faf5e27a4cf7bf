import type { ReportPeriod } from '@sente/contracts/reports';

/** Africa/Kampala is UTC+3 all year (no daylight saving): a Kampala day starts at 21:00 UTC the day before. */
export const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Kampala calendar day of an instant, as 'YYYY-MM-DD'. */
export function kampalaDay(at: Date | string): string {
  return new Date(new Date(at).getTime() + KAMPALA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Kampala day starts ('2026-11-24' -> 2026-11-23T21:00:00Z). */
export function kampalaMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - KAMPALA_OFFSET_MS);
}

const DAYS: Record<Exclude<ReportPeriod, '12m'>, number> = { '7d': 7, '30d': 30 };

export type PeriodRange = {
  /** 'day': keys are 'YYYY-MM-DD'; 'month': keys are 'YYYY-MM'. */
  unit: 'day' | 'month';
  /** The chart's categories, oldest first, ending today (this month) in Kampala. */
  keys: string[];
  /** First and last Kampala day covered, inclusive. */
  from: string;
  to: string;
};

/** The keys and day range of a period ending at `now`: the last 7 or 30 Kampala days, or the last 12 months. */
export function periodRange(period: ReportPeriod, now: Date): PeriodRange {
  const today = kampalaDay(now);
  const cursor = new Date(`${today}T00:00:00Z`);
  const keys: string[] = [];
  if (period === '12m') {
    cursor.setUTCDate(1);
    cursor.setUTCMonth(cursor.getUTCMonth() - 11);
    const from = cursor.toISOString().slice(0, 10);
    for (let i = 0; i < 12; i++) {
      keys.push(cursor.toISOString().slice(0, 7));
      cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    }
    return { unit: 'month', keys, from, to: today };
  }
  cursor.setUTCDate(cursor.getUTCDate() - (DAYS[period] - 1));
  const from = cursor.toISOString().slice(0, 10);
  for (let i = 0; i < DAYS[period]; i++) {
    keys.push(cursor.toISOString().slice(0, 10));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return { unit: 'day', keys, from, to: today };
}
