import { createAccountInput, setEnvironmentInput, switchAccountInput } from '@sente/contracts/accounts';
import { updateLogoInput } from '@sente/contracts/files';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/http-error.ts';
import type { FilesService } from '../files/service.ts';
import type { UsersService } from '../users/service.ts';
import { businessRoutes } from './business-routes.ts';
import type { AccountsService } from './service.ts';

export async function accountsRoutes(
  app: FastifyInstance,
  opts: { accounts: AccountsService; users: UsersService; files: FilesService },
) {
  const { accounts, users } = opts;
  await businessRoutes(app, opts);

  app.post(
    '/api/sente-account/create-account',
    { preHandler: app.authenticate, config: { rateClass: 'write' } },
    async (request, reply) => {
      const { account_name } = parseInput(createAccountInput, request.body);
      const user = await users.requireUser(request.auth.userId);
      const id = await accounts.create({ id: user.id, email: user.email }, account_name);
      return reply.code(201).send({ status: 'success', message: MESSAGES.accountCreated, data: { id, account_name } });
    },
  );

  app.post(
    '/api/sente-account/switch-account',
    { preHandler: app.authenticate, config: { rateClass: 'write' } },
    async (request) => {
      const { sente_account_id } = parseInput(switchAccountInput, request.body);
      await accounts.switchTo(request.auth.userId, sente_account_id);
      return { status: 'success', message: MESSAGES.accountSwitched, data: null };
    },
  );

  app.post(
    '/api/sente-account/update-logo',
    { preHandler: app.requireAccount('manageAccount'), config: { rateClass: 'write' } },
    async (request) => {
      const { company_logo } = parseInput(updateLogoInput, request.body);
      await accounts.updateLogo(request.account.id, company_logo);
      return { status: 'success', message: LINK_MESSAGES.logoSaved, data: { company_logo } };
    },
  );

  app.post(
    '/api/keys/set-environment',
    { preHandler: app.requireAccount('manageAccount'), config: { rateClass: 'write' } },
    async (request) => {
      const { environment } = parseInput(setEnvironmentInput, request.body);
      await accounts.setEnvironment(request.account.row, environment);
      return {
        status: 'success',
        message: MESSAGES.environmentChanged(environment === 'production' ? 'live' : 'test'),
        data: { active_environment: environment },
      };
    },
  );
}
