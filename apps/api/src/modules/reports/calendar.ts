import { kampalaDay } from '@sente/contracts/dates';
import type { ReportPeriod } from '@sente/contracts/report-periods';

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
