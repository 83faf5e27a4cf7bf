import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import type { UsersService } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  route(
    app,
    'GET /api/user/profile',
    {
      preValidation: app.authenticate,
      config: { rateClass: 'read' },
    },
    async (request) => answer(await users.loadProfile(request.auth.userId)),
  );

  route(
    app,
    'POST /api/user/update-profile',
    {
      preValidation: app.authenticate,
      config: { rateClass: 'write' },
    },
    async (request) => {
      await users.updateProfile(request.auth.userId, request.body);
      return answer(await users.loadProfile(request.auth.userId), MESSAGES.profileUpdated);
    },
  );
};
