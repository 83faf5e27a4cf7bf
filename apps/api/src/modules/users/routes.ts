import { updateProfileInput } from '@sente/contracts/accounts';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/http-error.ts';
import type { UsersService } from './service.ts';

export async function usersRoutes(app: FastifyInstance, opts: { users: UsersService }) {
  const { users } = opts;

  // NOTE: no-store, as the profile carries the account's API keys for the roles that may see them.
  app.get('/api/user/profile', { preHandler: app.authenticate }, async (request, reply) =>
    reply
      .header('cache-control', 'private, no-store')
      .send({ status: 'success', data: await users.loadProfile(request.auth.userId) }),
  );

  app.post('/api/user/update-profile', { preHandler: app.authenticate }, async (request) => {
    await users.updateProfile(request.auth.userId, parseInput(updateProfileInput, request.body));
    return { status: 'success', message: MESSAGES.profileUpdated, data: await users.loadProfile(request.auth.userId) };
  });
}
