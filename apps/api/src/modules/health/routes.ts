import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { isDatabaseUp } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.get('/health', { config: { rateClass: 'none' } }, async (_request, reply) => {
    const up = await isDatabaseUp(db);
    return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'error', database: up ? 'up' : 'down' });
  });
}
