import { SMS_MESSAGES } from '@sente/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../lib/answer.ts';
import { forbidden, notFound } from '../lib/http-error.ts';
import { route } from '../lib/route.ts';
import { safeEqual } from '../lib/secrets.ts';
import { SECRET_HEADER } from '../modules/money/providers/routes.ts';
import type { SmsRouter } from './gateways.ts';

/**
 * The SMS gateways' delivery reports: Africa's Talking and Twilio post them form-encoded, to a URL with the
 * callback secret as its last segment (hideCallbackSecret moves it into a header before anything logs the URL). The
 * form parser is this plugin's own, so no other route takes a form. Rate class `callback`, as the providers' callbacks.
 */
export const smsDeliveryRoutes: FastifyPluginAsyncZod<{ gateways: SmsRouter | null; callbackSecret: string }> = async (
  app,
  { gateways, callbackSecret },
) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  route(
    app,
    'POST /api/sms/delivery/:gateway/:secret',
    { bodyLimit: 16 * 1024, access: 'callback', rateClass: 'callback' },
    async (request) => {
      const secret = request.headers[SECRET_HEADER];
      if (!safeEqual(typeof secret === 'string' ? secret : '', callbackSecret)) throw forbidden(SMS_MESSAGES.wrongSecret);
      if (!gateways) throw notFound(SMS_MESSAGES.noGateways);
      if (!gateways.names.includes(request.params.gateway)) throw notFound(SMS_MESSAGES.unknownGateway);
      await gateways.receiveReport(request.params.gateway, request.body);
      return answer({ received: true as const });
    },
  );
};
