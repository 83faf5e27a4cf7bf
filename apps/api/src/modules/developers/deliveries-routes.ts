import { answerOf, cursorQuery, nothing, pageOf } from '@sente/contracts/api';
import { WEBHOOK_DELIVERY_MESSAGES as M, webhookDelivery } from '@sente/contracts/webhook-deliveries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer } from '../../lib/answer.ts';
import { scopeOf } from '../../plugins/auth-guard.ts';
import type { WebhookDeliveries } from './deliveries-service.ts';

const byId = z.object({ id: z.string() });

/**
 * Issue 16: the Web Hooks page's delivery log, Resend and 'Send test event', in the session's account and active
 * environment (deliveries are per environment, DESIGN §4); DESIGN §7: the API keys and webhooks right.
 */
export const webhookDeliveriesRoutes: FastifyPluginAsyncZod<{ webhookDeliveries: WebhookDeliveries }> = async (
  app,
  { webhookDeliveries },
) => {
  const developer = { preValidation: app.requireAccount('manageDevelopers'), config: { rateClass: 'write' } } as const;

  app.get(
    '/api/webhook/deliveries',
    {
      ...developer,
      config: { rateClass: 'read' },
      schema: { querystring: cursorQuery, response: { 200: answerOf(pageOf(webhookDelivery)) } },
    },
    async (request) => answer(await webhookDeliveries.list(scopeOf(request), request.query.cursor)),
  );

  app.post(
    '/api/webhook/deliveries/:id/resend',
    { ...developer, schema: { params: byId, body: nothing, response: { 200: answerOf(webhookDelivery) } } },
    async (request) => answer(await webhookDeliveries.resend(scopeOf(request), request.params.id), M.deliveryQueued),
  );

  app.post(
    '/api/webhook/test-event',
    { ...developer, schema: { body: nothing, response: { 201: answerOf(z.array(webhookDelivery)) } } },
    async (request, reply) =>
      reply.code(201).send(answer(await webhookDeliveries.sendTestEvent(scopeOf(request)), M.testEventQueued)),
  );
};
