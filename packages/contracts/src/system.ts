import { z } from 'zod';
import { answerOf } from './api.ts';

/**
 * What the routes the web app never calls take and answer: the health check, the operator endpoint and the
 * providers' callbacks. They live here so that the route catalogue (routes.ts) holds every route of the app.
 */

/** GET /health: what a load balancer or monitor reads, the answer's status code and whether the database answered. */
export const healthUp = z.object({ status: z.literal('ok'), database: z.literal('up') });
export const healthDown = z.object({ status: z.literal('error'), database: z.literal('down') });

/** POST /ops/run: one operator command (docs/operations.md) and its arguments. */
export const opsInput = z.object({ command: z.string().max(100), args: z.array(z.string().max(500)).max(20) });
/** What a command answers: whether it did its work, what to print, and what it found (rows, a summary), as it is. */
export const opsResult = z.object({ ok: z.boolean(), message: z.string(), data: z.unknown().optional() });
export type OpsResult = z.output<typeof opsResult>;

/** The secret segment is `-` by the time the route sees it (the API's hideCallbackSecret puts it in a header). */
export const callbackPath = z.object({ provider: z.string(), secret: z.string() });
/** Whatever the provider sends: its own parser reads it, and refuses what is not its callback. */
export const callbackBody = z.unknown();
export const callbackReceived = answerOf(z.object({ received: z.literal(true) }));

/**
 * POST /api/sms/delivery/:gateway/:secret: an SMS gateway's delivery report, form-encoded as Africa's Talking
 * and Twilio post it; the secret segment is `-` by the time the route sees it, as for the providers' callbacks.
 */
export const smsDeliveryPath = z.object({ gateway: z.string(), secret: z.string() });

/** What the SMS router and its delivery reports answer: the router's refusals, and a report's. */
export const SMS_MESSAGES = {
  quietHours: 'Promotional texts go only from 08:00 to 20:00 Kampala time',
  notSent: 'No SMS gateway took the message',
  wrongSecret: 'This delivery report URL is not valid',
  noGateways: 'No SMS gateway is configured',
  unknownGateway: 'No SMS gateway of that name is configured',
  notAReport: "The body is not this gateway's delivery report",
  unknownMessage: 'No message of this gateway has that id',
} as const;
