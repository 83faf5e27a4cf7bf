import { ERROR_CODES, type Right, roleHasRight, type StaffRole } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { MemberActor, MemberInScope } from '../lib/actor.ts';
import { forbidden, HttpError, unauthorized } from '../lib/http-error.ts';
import type { MoneyScope } from '../lib/money-scope.ts';
import type { AccountRow } from '../modules/accounts/tables.ts';
import type { SessionAuth, SessionService } from '../modules/auth/sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preValidation (decision 046): a valid access token of a live session. */
    authenticate: preValidationAsyncHookHandler;
    /** preValidation (decision 046): authenticated, with a current account on which the caller's role has the right. */
    requireAccount: (right: Right) => preValidationAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The signed-in user, their session and how its sign-in was proven (`amr`, RFC 8176). */
    auth: SessionAuth;
    account: { id: string; role: StaffRole; row: AccountRow };
    /** The signed-in member in their current account, built once by requireAccount (also the context's actor). */
    actor: MemberActor;
  }
}

type Deps = { sessions: SessionService };

/**
 * The caller's current account in its active environment, as requireAccount resolved it: the scope of every
 * account-scoped read and write. Only after requireAccount.
 */
export const scopeOf = (request: FastifyRequest): MoneyScope => ({
  accountId: request.account.id,
  environment: request.account.row.active_environment,
});

/** The signed-in member and the scope they act in: who creates a link or moves money. Only after requireAccount. */
export const actorOf = (request: FastifyRequest): MemberInScope => ({ ...request.actor, ...scopeOf(request) });

/** The one place a member actor is made: from the session and the membership requireAccount proved. */
export function memberActor(request: FastifyRequest): MemberActor {
  return {
    kind: 'member',
    userId: request.auth.userId,
    sessionId: request.auth.sessionId,
    accountId: request.account.id,
    role: request.account.role,
    amr: request.auth.amr,
  };
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized(MESSAGES.unauthenticated);
  return match[1];
}

export const authGuardPlugin = fp(async (app: FastifyInstance, { sessions }: Deps) => {
  app.decorateRequest('auth', null as unknown as FastifyRequest['auth']);
  app.decorateRequest('account', null as unknown as FastifyRequest['account']);
  app.decorateRequest('actor', null as unknown as FastifyRequest['actor']);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.auth = await sessions.authenticate(bearerToken(request));
  });

  // Session, user and membership in one query (decision 027): the check every dashboard request pays.
  app.decorate('requireAccount', (right: Right) => async (request: FastifyRequest) => {
    const { auth, membership } = await sessions.authorize(bearerToken(request));
    request.auth = auth;
    if (!membership) throw new HttpError(409, MESSAGES.noCurrentAccount, { code: ERROR_CODES.noCurrentAccount });
    if (!roleHasRight(membership.role, right)) throw forbidden(MESSAGES.forbiddenForRole);
    request.account = { id: membership.account.id, role: membership.role, row: membership.account };
    request.actor = memberActor(request);
    request.requestContext.actor = request.actor;
  });
});
