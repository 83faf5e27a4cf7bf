import { z } from 'zod';
import { answerOf, cursorQuery, nothing, pageOf } from '../api.ts';
import { apiKeys, webhookUrls, webhookUrlsInput } from '../developers.ts';
import { webhookDelivery } from '../webhook-deliveries.ts';
import { byId, type RouteSchemas } from './shared.ts';

/** API keys, webhook addresses and their deliveries. */
export const developerRoutes = {
  'POST /api/keys/generate': { body: nothing, response: { 200: answerOf(apiKeys) } },
  'GET /api/webhook': { querystring: nothing, response: { 200: answerOf(webhookUrls) } },
  'POST /api/webhook/save-url': { body: webhookUrlsInput, response: { 200: answerOf(webhookUrls) } },
  'GET /api/webhook/deliveries': { querystring: cursorQuery, response: { 200: answerOf(pageOf(webhookDelivery)) } },
  'POST /api/webhook/deliveries/:id/resend': { params: byId, body: nothing, response: { 200: answerOf(webhookDelivery) } },
  'POST /api/webhook/test-event': { body: nothing, response: { 201: answerOf(z.array(webhookDelivery)) } },
} as const satisfies Record<string, RouteSchemas>;
