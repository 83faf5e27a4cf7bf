import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { SMS_RECEIPTS_MESSAGES } from '@sente/contracts/sms-receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import type { FilesService } from '../files/service.ts';
import type { UsersService } from '../users/service.ts';
import { businessRoutes } from './business-routes.ts';
import type { AccountsService } from './service.ts';

type Opts = { accounts: AccountsService; users: UsersService; files: FilesService };

export const accountsRoutes: FastifyPluginAsyncZod<Opts> = async (app, opts) => {
  const { accounts, users } = opts;
  await businessRoutes(app, opts);
  const signedIn = { access: 'session', rateClass: 'write' } as const;
  const manager = { access: { account: 'manageAccount' }, rateClass: 'write' } as const;

  route(app, 'POST /api/sente-account/create-account', signedIn, async (request, reply) => {
    const { account_name } = request.body;
    const user = await users.requireUser(request.auth.userId);
    const id = await accounts.create({ id: user.id, email: user.email }, account_name);
    return reply.code(201).send(answer({ id, account_name }, MESSAGES.accountCreated));
  });

  route(app, 'POST /api/sente-account/switch-account', signedIn, async (request) => {
    await accounts.switchTo(request.auth.userId, request.body.sente_account_id);
    return answer(null, MESSAGES.accountSwitched);
  });

  route(app, 'POST /api/sente-account/update-logo', manager, async (request) => {
    const { company_logo } = request.body;
    await accounts.updateLogo(request.account.id, company_logo);
    return answer({ company_logo }, LINK_MESSAGES.logoSaved);
  });

  // SMS receipts cost the account money, so only those who manage it turn them on (decision 068).
  route(app, 'POST /api/sente-account/sms-receipts', manager, async (request) => {
    const { enabled } = request.body;
    await accounts.setSmsReceipts(request.account.id, enabled);
    return answer({ enabled }, enabled ? SMS_RECEIPTS_MESSAGES.on : SMS_RECEIPTS_MESSAGES.off);
  });

  route(app, 'POST /api/keys/set-environment', manager, async (request) => {
    const { environment } = request.body;
    await accounts.setEnvironment(request.account.row, environment);
    return answer(
      { active_environment: environment },
      MESSAGES.environmentChanged(environment === 'production' ? 'live' : 'test'),
    );
  });
};
