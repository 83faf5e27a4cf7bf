import { updateProfileInput, user } from '@sente/contracts/accounts';
import { answerOf, nothing } from '@sente/contracts/api';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import type { UsersService } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/user/profile',
    {
      preValidation: app.authenticate,
      config: { rateClass: 'read' },
      schema: { querystring: nothing, response: { 200: answerOf(user) } },
    },
    async (request) => answer(await users.loadProfile(request.auth.userId)),
  );

  app.post(
    '/api/user/update-profile',
    {
      preValidation: app.authenticate,
      config: { rateClass: 'write' },
      schema: { body: updateProfileInput, response: { 200: answerOf(user) } },
    },
    async (request) => {
      await users.updateProfile(request.auth.userId, request.body);
      return answer(await users.loadProfile(request.auth.userId), MESSAGES.profileUpdated);
    },
  );
};
