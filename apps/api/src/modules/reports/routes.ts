import { dashboardStatsQuery } from '@sente/contracts/reports';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { parseInput } from '../../lib/http-error.ts';
import { createReportsService } from './service.ts';

/** Spec §7 dashboard and reports: the charts' figures, in the account's active environment; every role may read them. */
export async function reportsRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  const reports = createReportsService({ db });

  app.get(
    '/api/reports/dashboard-stats',
    { preHandler: app.requireAccount('view'), config: { rateClass: 'read' } },
    async (request) => {
      const { period } = parseInput(dashboardStatsQuery, request.query);
      return {
        status: 'success',
        data: await reports.dashboardStats(
          { accountId: request.account.id, environment: request.account.row.active_environment },
          period,
        ),
      };
    },
  );
}
