import type { SupportContacts } from '@sente/contracts/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';

/** GET /api/support: the support contacts of the settings, for Help and Support; any signed-in user, any account. */
export const supportRoutes: FastifyPluginAsyncZod<{ contacts: SupportContacts }> = async (app, { contacts }) => {
  route(app, 'GET /api/support', { access: 'session', rateClass: 'read' }, async () => answer(contacts));
};
