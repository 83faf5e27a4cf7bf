import { WEBHOOK_DELIVERY_MESSAGES as M } from '@sente/contracts/webhook-deliveries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebhookDeliveries } from './deliveries-service.ts';

type WithCursor = { Querystring: { cursor?: unknown } };
type WithId = { Params: { id: string } };

/** The session's account in its active environment: webhook deliveries are per environment (DESIGN §4). */
const scopeOf = (request: FastifyRequest) => ({
  accountId: request.account.id,
  environment: request.account.row.active_environment,
});

/** Issue 16: the Web Hooks page's delivery log, Resend and 'Send test event'; DESIGN §7: the API keys and webhooks right. */
export async function webhookDeliveriesRoutes(
  app: FastifyInstance,
  { webhookDeliveries }: { webhookDeliveries: WebhookDeliveries },
) {
  const developer = { preHandler: app.requireAccount('manageDevelopers'), config: { rateClass: 'write' } } as const;

  app.get<WithCursor>('/api/webhook/deliveries', { ...developer, config: { rateClass: 'read' } }, async (request) => {
    const { cursor } = request.query;
    return {
      status: 'success',
      data: await webhookDeliveries.list(scopeOf(request), cursor === undefined ? undefined : String(cursor)),
    };
  });

  app.post<WithId>('/api/webhook/deliveries/:id/resend', developer, async (request) => ({
    status: 'success',
    message: M.deliveryQueued,
    data: await webhookDeliveries.resend(scopeOf(request), request.params.id),
  }));

  app.post('/api/webhook/test-event', developer, async (request, reply) =>
    reply.code(201).send({
      status: 'success',
      message: M.testEventQueued,
      data: await webhookDeliveries.sendTestEvent(scopeOf(request)),
    }),
  );
}
