import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { isDatabaseUp } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  route(app, 'GET /health', { access: 'public', rateClass: 'none' }, async (_request, reply) =>
    (await isDatabaseUp(db))
      ? reply.code(200).send({ status: 'ok', database: 'up' })
      : reply.code(503).send({ status: 'error', database: 'down' }),
  );
};
