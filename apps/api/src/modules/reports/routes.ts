import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import { scopeOf } from '../../plugins/auth-guard.ts';
import { createReportsService } from './service.ts';

/**
 * The Overview's and Reports' charts (docs/features.md#reports): their figures, in the account's active environment;
 * every role may read them.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  const reports = createReportsService({ db });

  route(
    app,
    'GET /api/reports/dashboard-stats',
    {
      access: { account: 'view' },
      rateClass: 'read',
    },
    async (request) => answer(await reports.dashboardStats(scopeOf(request), request.query.period)),
  );
};
