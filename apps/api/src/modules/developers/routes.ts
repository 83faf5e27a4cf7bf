import { DEVELOPER_MESSAGES as M } from '@sente/contracts/developers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import { scopeOf } from '../../plugins/auth-guard.ts';
import type { DevelopersService } from './service.ts';

/**
 * The Api Keys and Web Hooks pages, for owners, administrators and developers (docs/features.md#roles). The keys
 * themselves are read from the profile (`current_account.api_keys`); the webhook URLs are shared by both environments.
 */
export const developersRoutes: FastifyPluginAsyncZod<{ developers: DevelopersService }> = async (app, { developers }) => {
  const developer = { access: { account: 'manageDevelopers' }, rateClass: 'write' } as const;

  // NOTE: like every API answer to a request with a token, it is sent `Cache-Control: no-store` (plugins/security.ts).
  route(app, 'POST /api/keys/generate', developer, async (request) =>
    answer(await developers.generateKeys(request.account.id), M.keysGenerated),
  );

  route(app, 'GET /api/webhook', { ...developer, rateClass: 'read' }, async (request) =>
    answer(await developers.webhookUrls(request.account.id)),
  );

  route(app, 'POST /api/webhook/save-url', developer, async (request) => {
    const { accountId, environment } = scopeOf(request);
    const saved = await developers.saveWebhookUrls({ id: accountId, environment }, request.body);
    return answer(saved, M.webhooksUpdated);
  });
};
