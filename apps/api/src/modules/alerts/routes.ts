import { NOTIFICATION_MESSAGES } from '@sente/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import type { NotificationSettingsService } from './settings.ts';

/**
 * Merchant alerts: each member chooses, for their current account, what they hear and how (any role: the
 * choices are their own); owners and administrators see who of the team hears what.
 */
export const alertsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationSettingsService }> = async (
  app,
  { notifications },
) => {
  route(app, 'GET /api/user/notifications', { access: { account: 'view' }, rateClass: 'read' }, async (request) =>
    answer(await notifications.load(request.account.id, request.auth.userId)),
  );

  route(app, 'POST /api/user/notifications', { access: { account: 'view' }, rateClass: 'write' }, async (request) =>
    answer(await notifications.save(request.account.id, request.auth.userId, request.body), NOTIFICATION_MESSAGES.saved),
  );

  route(app, 'GET /api/team/notifications', { access: { account: 'manageAccount' }, rateClass: 'read' }, async (request) =>
    answer(await notifications.team(request.account.id)),
  );
};
