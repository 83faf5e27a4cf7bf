import type { FastifyInstance } from 'fastify';
import type { ProviderCallbacks } from './callbacks.ts';

type Callback = { Params: { provider: string; secret: string } };

/**
 * One callback URL per live provider (issue 15, docs/providers.md): MTN MoMo sends its callback once, by PUT or POST,
 * and never retries; Airtel Money posts its own shape. Both are answered at once; the outcome comes from the provider's
 * status, asked afterwards (callbacks.ts).
 */
export async function providerCallbackRoutes(
  app: FastifyInstance,
  { providerCallbacks, perMinute }: { providerCallbacks: ProviderCallbacks; perMinute: number },
) {
  app.addHook('onClose', () => providerCallbacks.idle());
  app.route<Callback>({
    method: ['POST', 'PUT'],
    url: '/api/providers/:provider/callback/:secret',
    bodyLimit: 16 * 1024,
    config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
    handler: async (request) => {
      await providerCallbacks.receive(request.params.provider, request.params.secret, request.body);
      return { status: 'success', data: { received: true } };
    },
  });
}
