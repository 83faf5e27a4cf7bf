import { TEAM_MESSAGES } from '@sente/contracts/messages';
import { invitationInput, staffInviteInput } from '@sente/contracts/team';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/http-error.ts';
import type { TeamService } from './service.ts';

/**
 * Spec §7 'Team, keys and webhooks' and /api/staff/list. Every member sees the team (the list holds open invitations
 * only for those who manage it); DESIGN §7: only owners and administrators invite and remove. An invitation is joined
 * when its invitee proves the invited mailbox (verify-account or login-otp), see README "Team".
 */
export async function teamRoutes(app: FastifyInstance, { team }: { team: TeamService }) {
  const manage = { preHandler: app.requireAccount('manageAccount'), config: { rateClass: 'write' } } as const;

  app.get<{ Querystring: { cursor?: unknown } }>(
    '/api/staff/list',
    { preHandler: app.requireAccount('view'), config: { rateClass: 'read' } },
    async (request) => {
      const { cursor } = request.query;
      return { status: 'success', data: await team.list(request.account, cursor === undefined ? undefined : String(cursor)) };
    },
  );

  app.post('/api/staff/register', manage, async (request, reply) => {
    await team.invite(request.account, request.auth.userId, parseInput(staffInviteInput, request.body));
    return reply.code(201).send({ status: 'success', message: TEAM_MESSAGES.inviteSent, data: null });
  });

  // The invitation link's page (public: the invitee may have no account yet) and its accept (any signed-in user whose
  // address it was sent to), limited like the other endpoints that take a secret from an e-mail.
  const limited = { config: { rateClass: 'signIn' } } as const;
  app.get('/api/staff/invitation', limited, async (request) => {
    const { invite } = parseInput(invitationInput, request.query);
    return { status: 'success', data: await team.invitation(invite) };
  });

  app.post('/api/staff/accept', { ...limited, preHandler: app.authenticate }, async (request) => {
    const { invite } = parseInput(invitationInput, request.body);
    const accepted = await team.accept(invite, request.auth.userId);
    return { status: 'success', message: TEAM_MESSAGES.invitationJoined(accepted.account_name), data: accepted };
  });

  app.post<{ Params: { id: string } }>('/api/staff/hide_staff/:id', manage, async (request) => {
    await team.remove(request.account.id, request.params.id);
    return { status: 'success', message: TEAM_MESSAGES.memberRemoved, data: null };
  });
}
