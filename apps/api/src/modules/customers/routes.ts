import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import { scopeOf } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The customers list and its download, in the account's active environment. */
export const customersRoutes: FastifyPluginAsyncZod<Services> = async (app, { customers }) => {
  const view = { access: { account: 'view' }, rateClass: 'read' } as const;

  route(app, 'GET /api/customers', view, async (request) => answer(await customers.customers(scopeOf(request), request.query)));

  // What the customers list finds, streamed like the collections export.
  route(app, 'GET /api/customers/download', view, async (request, reply) =>
    reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="Customers.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(customers.workbook(scopeOf(request), request.query.q, request.log)),
  );
};
