import { answerOf, nothing } from '../api.ts';
import {
  callbackBody,
  callbackPath,
  callbackReceived,
  healthDown,
  healthUp,
  opsInput,
  opsResult,
  smsDeliveryPath,
} from '../system.ts';
import type { RouteSchemas } from './shared.ts';

/** MTN MoMo sends its callback by PUT or POST. */
const providerCallback = {
  params: callbackPath,
  body: callbackBody,
  response: { 200: callbackReceived },
} as const;

/** The health check, the operator endpoint, the providers' callbacks and the SMS gateways' delivery reports. */
export const systemRoutes = {
  'GET /health': { querystring: nothing, response: { 200: healthUp, 503: healthDown } },
  'POST /ops/run': { body: opsInput, response: { 200: answerOf(opsResult) } },
  'POST /api/providers/:provider/callback/:secret': providerCallback,
  'PUT /api/providers/:provider/callback/:secret': providerCallback,
  'POST /api/sms/delivery/:gateway/:secret': { params: smsDeliveryPath, body: callbackBody, response: { 200: callbackReceived } },
} as const satisfies Record<string, RouteSchemas>;
