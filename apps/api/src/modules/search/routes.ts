import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import { scopeOf } from '../../plugins/auth-guard.ts';
import { createSearchService } from './service.ts';

/** Decision 051: the header search, in the account's active environment; every role may read it. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  const search = createSearchService({ db });

  route(app, 'GET /api/search', { access: { account: 'view' }, rateClass: 'read' }, async (request) =>
    answer(await search.search(scopeOf(request), request.query.q)),
  );
};
