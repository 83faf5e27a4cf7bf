import { TEAM_MESSAGES } from '@sente/contracts/messages';
import { staffInviteInput } from '@sente/contracts/team';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { parseInput } from '../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthService } from '../auth/service.ts';
import { createTeamRepository } from './repository.ts';
import { createTeamService } from './service.ts';

type Deps = { db: Kysely<Database>; mailer: Mailer; publicUrl: string; auth: AuthService };

/**
 * Spec §7 'Team, keys and webhooks' and /api/staff/list; DESIGN §7: owners and administrators only. An invitation is
 * joined when its invitee proves the invited mailbox (verify-account or login-otp), see README "Team".
 */
export async function teamRoutes(app: FastifyInstance, { db, mailer, publicUrl, auth }: Deps) {
  const team = createTeamService({ repo: createTeamRepository(db), mailer, publicUrl });
  auth.onMailboxProven(async (user) => {
    await team.joinOpenInvitations(user);
  });
  const manage = { preHandler: app.requireAccount('manageAccount') };

  app.get<{ Querystring: { cursor?: unknown } }>('/api/staff/list', manage, async (request) => {
    const { cursor } = request.query;
    return { status: 'success', data: await team.list(request.account.id, cursor === undefined ? undefined : String(cursor)) };
  });

  app.post('/api/staff/register', manage, async (request, reply) => {
    await team.invite(request.account, request.auth.userId, parseInput(staffInviteInput, request.body));
    return reply.code(201).send({ status: 'success', message: TEAM_MESSAGES.inviteSent, data: null });
  });

  app.post<{ Params: { id: string } }>('/api/staff/hide_staff/:id', manage, async (request) => {
    await team.remove(request.account.id, request.params.id);
    return { status: 'success', message: TEAM_MESSAGES.memberRemoved, data: null };
  });
}
