import { MESSAGES } from '@sente/contracts/messages';
import { ROUTES } from '@sente/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import type { UsersService } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/user/profile',
    {
      preValidation: app.authenticate,
      config: { rateClass: 'read' },
      schema: ROUTES['GET /api/user/profile'],
    },
    async (request) => answer(await users.loadProfile(request.auth.userId)),
  );

  app.post(
    '/api/user/update-profile',
    {
      preValidation: app.authenticate,
      config: { rateClass: 'write' },
      schema: ROUTES['POST /api/user/update-profile'],
    },
    async (request) => {
      await users.updateProfile(request.auth.userId, request.body);
      return answer(await users.loadProfile(request.auth.userId), MESSAGES.profileUpdated);
    },
  );
};
