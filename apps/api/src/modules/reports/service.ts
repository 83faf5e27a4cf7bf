import type { ReportPeriod } from '@sente/contracts/report-periods';
import type { DashboardStats } from '@sente/contracts/reports';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { periodRange } from './calendar.ts';
import { sums } from './repository.ts';

export function createReportsService({ db }: { db: Kysely<Database> }) {
  return {
    /**
     * The dashboard stats from the daily roll-up only: successful collections of the scope less their refunds
     * (decision 057), by Kampala day or month.
     */
    async dashboardStats(scope: MoneyScope, period: ReportPeriod, now = new Date()): Promise<DashboardStats> {
      const range = periodRange(period, now);
      const index = new Map(range.keys.map((key, i) => [key, i]));
      const data = range.keys.map(() => 0);
      const dataUsd = range.keys.map(() => 0);
      const groupSumByChannel = { MTN_UG: 0, AIRTEL: 0 };
      for (const row of await sums(db, scope, range)) {
        const i = index.get(row.key);
        if (i === undefined) continue;
        const amount = Number(row.amount);
        if (row.currency === 'USD') {
          dataUsd[i] = (dataUsd[i] ?? 0) + amount;
          continue;
        }
        data[i] = (data[i] ?? 0) + amount;
        if (row.channel === 'MTN_UG' || row.channel === 'AIRTEL') groupSumByChannel[row.channel] += amount;
      }
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      return {
        period,
        keys: range.keys,
        data,
        data_usd: dataUsd,
        groupSumByChannel,
        total: sum(data),
        total_usd: sum(dataUsd),
      };
    },
  };
}
