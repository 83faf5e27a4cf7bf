import { TEAM_MESSAGES } from '@sente/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import type { TeamService } from './service.ts';

/**
 * The Team page and /api/staff/list. Every member sees the team (the list holds open invitations only for those
 * who manage it); only owners and administrators invite and remove (docs/features.md#roles). An invitation is joined
 * when its invitee proves the invited mailbox (verify-account or login-otp), see docs/features.md, "Team".
 */
export const teamRoutes: FastifyPluginAsyncZod<{ team: TeamService }> = async (app, { team }) => {
  const manage = { access: { account: 'manageAccount' }, rateClass: 'write' } as const;

  route(
    app,
    'GET /api/staff/list',
    {
      access: { account: 'view' },
      rateClass: 'read',
    },
    async (request) => answer(await team.list(request.account, request.query.cursor)),
  );

  route(app, 'POST /api/staff/register', manage, async (request, reply) => {
    await team.invite(request.account, request.actor, request.body);
    return reply.code(201).send(answer(null, TEAM_MESSAGES.inviteSent));
  });

  // The invitation link's page (public: the invitee may have no account yet) and its accept (any signed-in user whose
  // address it was sent to), limited like the other endpoints that take a secret from an e-mail.
  const limited = { rateClass: 'signIn' } as const;
  route(app, 'GET /api/staff/invitation', { ...limited, access: 'public' }, async (request) =>
    answer(await team.invitation(request.query.invite)),
  );

  route(
    app,
    'POST /api/staff/accept',
    {
      ...limited,
      access: 'session',
    },
    async (request) => {
      const accepted = await team.accept(request.body.invite, request.auth.userId);
      return answer(accepted, TEAM_MESSAGES.invitationJoined(accepted.account_name));
    },
  );

  route(app, 'POST /api/staff/hide_staff/:id', manage, async (request) => {
    await team.remove(request.account.id, request.params.id);
    return answer(null, TEAM_MESSAGES.memberRemoved);
  });
};
