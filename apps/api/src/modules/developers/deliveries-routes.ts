import { WEBHOOK_DELIVERY_MESSAGES as M } from '@sente/contracts/webhook-deliveries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import { scopeOf } from '../../plugins/auth-guard.ts';
import type { WebhookDeliveries } from './deliveries-service.ts';

/**
 * Decision 025: the Web Hooks page's delivery log, Resend and 'Send test event', in the session's account and active
 * environment (deliveries are per environment); for the roles with the API keys and webhooks right
 * (docs/features.md#roles).
 */
export const webhookDeliveriesRoutes: FastifyPluginAsyncZod<{ webhookDeliveries: WebhookDeliveries }> = async (
  app,
  { webhookDeliveries },
) => {
  const developer = { access: { account: 'manageDevelopers' }, rateClass: 'write' } as const;

  route(
    app,
    'GET /api/webhook/deliveries',
    {
      ...developer,
      rateClass: 'read',
    },
    async (request) => answer(await webhookDeliveries.list(scopeOf(request), request.query.cursor)),
  );

  route(app, 'POST /api/webhook/deliveries/:id/resend', developer, async (request) =>
    answer(await webhookDeliveries.resend(scopeOf(request), request.params.id), M.deliveryQueued),
  );

  route(app, 'POST /api/webhook/test-event', developer, async (request, reply) =>
    reply.code(201).send(answer(await webhookDeliveries.sendTestEvent(scopeOf(request)), M.testEventQueued)),
  );
};
