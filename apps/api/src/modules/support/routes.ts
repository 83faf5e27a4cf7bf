import { ROUTES } from '@sente/contracts/routes';
import type { SupportContacts } from '@sente/contracts/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';

/** GET /api/support: the support contacts of the settings, for Help and Support; any signed-in user, any account. */
export const supportRoutes: FastifyPluginAsyncZod<{ contacts: SupportContacts }> = async (app, { contacts }) => {
  app.get(
    '/api/support',
    { preValidation: app.authenticate, config: { rateClass: 'read' }, schema: ROUTES['GET /api/support'] },
    async () => answer(contacts),
  );
};
