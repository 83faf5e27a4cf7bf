import { nothing } from '../api.ts';
import { notificationSettingsInput, notificationsAnswer, teamNotificationsAnswer } from '../notifications.ts';
import type { RouteSchemas } from './shared.ts';

/** Merchant alerts: a member's own choices, and the team's for its owners and administrators. */
export const notificationRoutes = {
  'GET /api/user/notifications': { querystring: nothing, response: { 200: notificationsAnswer } },
  'POST /api/user/notifications': { body: notificationSettingsInput, response: { 200: notificationsAnswer } },
  'GET /api/team/notifications': { querystring: nothing, response: { 200: teamNotificationsAnswer } },
} as const satisfies Record<string, RouteSchemas>;
