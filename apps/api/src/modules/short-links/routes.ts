import { ROUTES } from '@sente/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import type { Services } from '../../services.ts';

/** Spec §7: the payment links page and the digital items page each call their own path; both do the same. */
const SHORTEN_PATHS = ['/api/payment-link/shorten_url', '/api/shorten_url'] as const;

export const shortLinksRoutes: FastifyPluginAsyncZod<Services> = async (app, { shortLinks }) => {
  for (const path of SHORTEN_PATHS) {
    app.post(path, { config: { rateClass: 'shorten' }, schema: ROUTES[`POST ${path}`] }, async (request) => {
      const short_url = await shortLinks.shorten(request.body.long_url);
      return answer({ short_url }, undefined, { status: 'SUCCESS', short_url });
    });
  }

  app.get(
    '/s/:code',
    {
      config: { rateClass: 'public' },
      schema: ROUTES['GET /s/:code'],
    },
    async (request, reply) => reply.redirect(await shortLinks.resolve(request.params.code), 302),
  );
};
