import { nothing } from '@sente/contracts/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { isDatabaseUp } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';

/** What a load balancer or monitor reads: the answer's status code, and whether the database answered. */
const up = z.object({ status: z.literal('ok'), database: z.literal('up') });
const down = z.object({ status: z.literal('error'), database: z.literal('down') });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/health',
    { config: { rateClass: 'none' }, schema: { querystring: nothing, response: { 200: up, 503: down } } },
    async (_request, reply) =>
      (await isDatabaseUp(db))
        ? reply.code(200).send({ status: 'ok', database: 'up' })
        : reply.code(503).send({ status: 'error', database: 'down' }),
  );
};
