import { MESSAGES } from '@sente/contracts/messages';
import { PHONE_MESSAGES } from '@sente/contracts/phone-verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import type { PhoneVerification } from './phone-verification.ts';
import type { UsersService } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; phoneVerification: PhoneVerification }> = async (
  app,
  { users, phoneVerification },
) => {
  route(
    app,
    'GET /api/user/profile',
    {
      access: 'session',
      rateClass: 'read',
    },
    async (request) => answer(await users.loadProfile(request.auth.userId)),
  );

  route(
    app,
    'POST /api/user/update-profile',
    {
      access: 'session',
      rateClass: 'write',
    },
    async (request) => {
      await users.updateProfile(request.auth.userId, request.body);
      return answer(await users.loadProfile(request.auth.userId), MESSAGES.profileUpdated);
    },
  );

  // Decision 070: the member proves the profile's phone with a texted code.
  route(app, 'POST /api/user/phone/send-code', { access: 'session', rateClass: 'write' }, async (request) => {
    const sentAt = await phoneVerification.sendCode(request.auth.userId);
    return answer({ last_code_sent_at: sentAt.toISOString() }, PHONE_MESSAGES.codeSent);
  });

  route(app, 'POST /api/user/phone/verify', { access: 'session', rateClass: 'write' }, async (request) => {
    await phoneVerification.verify(request.auth.userId, request.body.code);
    return answer(null, PHONE_MESSAGES.verified);
  });
};
