import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MoneyScope } from '../../lib/money-scope.ts';
import type { Services } from '../../services.ts';

type WithCursor = { Querystring: { cursor?: unknown } };
type WithRef = { Params: { ref: string } };
type WithRefAndCursor = WithRef & WithCursor;

const scopeOf = (request: FastifyRequest): MoneyScope => ({
  accountId: request.account.id,
  environment: request.account.row.active_environment,
});
const cursorOf = (request: FastifyRequest<WithCursor>) => {
  const { cursor } = request.query;
  return cursor === undefined ? undefined : String(cursor);
};

/** Spec §7: collections, their export, the live page and customers, in the account's active environment. */
export async function collectionsRoutes(app: FastifyInstance, { collections }: Services) {
  const view = { preHandler: app.requireAccount('view'), config: { rateClass: 'read' } } as const;

  app.get<WithCursor>('/api/collections', view, async (request) => ({
    status: 'success',
    data: await collections.collections(scopeOf(request), cursorOf(request)),
  }));

  app.get('/api/collections/download', view, async (request, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="Collections Received.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(collections.collectionsWorkbook(scopeOf(request), request.log)),
  );

  app.get<WithRefAndCursor>('/api/payment-link/collections/:ref', view, async (request) => ({
    status: 'success',
    data: await collections.live(scopeOf(request), request.params.ref, cursorOf(request)),
  }));

  // The live page's Download: every collection of the link, however many, streamed like the collections export.
  app.get<WithRef>('/api/payment-link/collections/:ref/download', view, async (request, reply) => {
    const scope = scopeOf(request);
    const link = await collections.liveLink(scope, request.params.ref);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="Collections ${link.ref}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(collections.linkCollectionsWorkbook(scope, link, request.log));
  });

  app.get<WithCursor>('/api/customers', view, async (request) => ({
    status: 'success',
    data: await collections.customers(scopeOf(request), cursorOf(request)),
  }));
}
