import { DEVELOPER_MESSAGES as M, webhookUrlsInput } from '@sente/contracts/developers';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/http-error.ts';
import type { DevelopersService } from './service.ts';

/**
 * Spec §7 'Team, keys and webhooks'; DESIGN §7: owners, administrators and developers. The keys themselves are read
 * from the profile (`current_account.api_keys`); the webhook URLs are shared by both environments (DESIGN §4).
 */
export async function developersRoutes(app: FastifyInstance, { developers }: { developers: DevelopersService }) {
  const developer = { preHandler: app.requireAccount('manageDevelopers'), config: { rateClass: 'write' } } as const;

  // NOTE: like every API answer to a request with a token, it is sent `Cache-Control: no-store` (plugins/security.ts).
  app.post('/api/keys/generate', developer, async (request) => ({
    status: 'success',
    message: M.keysGenerated,
    data: await developers.generateKeys(request.account.id),
  }));

  app.get('/api/webhook', { ...developer, config: { rateClass: 'read' } }, async (request) => ({
    status: 'success',
    data: await developers.webhookUrls(request.account.id),
  }));

  app.post('/api/webhook/save-url', developer, async (request) => {
    const urls = parseInput(webhookUrlsInput, request.body);
    const account = { id: request.account.id, environment: request.account.row.active_environment };
    return { status: 'success', message: M.webhooksUpdated, data: await developers.saveWebhookUrls(account, urls) };
  });
}
