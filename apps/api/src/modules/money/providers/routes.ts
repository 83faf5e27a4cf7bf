import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../../lib/answer.ts';
import { route } from '../../../lib/route.ts';
import type { ProviderCallbacks } from './callbacks.ts';

/** Where hideCallbackSecret puts the secret of a callback's path: set from the URL on every callback, never trusted from the caller. */
export const SECRET_HEADER = 'x-sente-callback-secret';
/** A provider's callback, or an SMS gateway's delivery report (sms/routes.ts), whose last segment is the secret. */
const CALLBACK_URL = /^(\/api\/(?:providers\/[^/?#]+\/callback|sms\/delivery\/[^/?#]+)\/)([^/?#]*)(.*)$/s;

/**
 * Fastify's rewriteUrl, run before routing and before the request is logged: a callback's secret path segment moves
 * into a header of the request, and the URL that is routed and logged carries `-` instead, so no log line or error
 * report holds the secret (decision 032: no credential logged).
 */
export function hideCallbackSecret(request: { url?: string; headers: Record<string, unknown> }): string {
  const url = request.url ?? '/';
  const match = CALLBACK_URL.exec(url);
  if (!match) return url;
  request.headers[SECRET_HEADER] = match[2] ?? '';
  return `${match[1]}-${match[3] ?? ''}`;
}

/**
 * One callback URL per live provider (decision 032, docs/providers.md): MTN MoMo sends its callback once, by PUT or POST,
 * and never retries; Airtel Money posts its own shape. Both are answered at once; the outcome comes from the provider's
 * status, asked afterwards (callbacks.ts).
 */
export const providerCallbackRoutes: FastifyPluginAsyncZod<{ providerCallbacks: ProviderCallbacks }> = async (
  app,
  { providerCallbacks },
) => {
  app.addHook('onClose', () => providerCallbacks.idle());
  // MTN MoMo sends its callback by PUT or POST.
  for (const key of [
    'POST /api/providers/:provider/callback/:secret',
    'PUT /api/providers/:provider/callback/:secret',
  ] as const) {
    route(app, key, { bodyLimit: 16 * 1024, access: 'callback', rateClass: 'callback' }, async (request) => {
      const secret = request.headers[SECRET_HEADER];
      await providerCallbacks.receive(request.params.provider, typeof secret === 'string' ? secret : '', request.body);
      return answer({ received: true as const });
    });
  }
};
