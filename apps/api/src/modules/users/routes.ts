import { updateProfileInput } from '@sente/contracts/accounts';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/http-error.ts';
import type { UsersService } from './service.ts';

export async function usersRoutes(app: FastifyInstance, opts: { users: UsersService }) {
  const { users } = opts;

  app.get('/api/user/profile', { preHandler: app.authenticate, config: { rateClass: 'read' } }, async (request) => ({
    status: 'success',
    data: await users.loadProfile(request.auth.userId),
  }));

  app.post('/api/user/update-profile', { preHandler: app.authenticate, config: { rateClass: 'write' } }, async (request) => {
    await users.updateProfile(request.auth.userId, parseInput(updateProfileInput, request.body));
    return { status: 'success', message: MESSAGES.profileUpdated, data: await users.loadProfile(request.auth.userId) };
  });
}
