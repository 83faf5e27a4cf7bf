import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import type { Services } from '../../services.ts';

/** The payment links page and the digital items page each call their own path; both do the same. */
const SHORTEN_ROUTES = ['POST /api/payment-link/shorten_url', 'POST /api/shorten_url'] as const;

export const shortLinksRoutes: FastifyPluginAsyncZod<Services> = async (app, { shortLinks }) => {
  for (const key of SHORTEN_ROUTES) {
    route(app, key, { access: 'public', rateClass: 'shorten' }, async (request) => {
      const short_url = await shortLinks.shorten(request.body.long_url);
      return answer({ short_url }, undefined, { status: 'SUCCESS', short_url });
    });
  }

  route(
    app,
    'GET /s/:code',
    {
      access: 'public',
      rateClass: 'public',
    },
    async (request, reply) => reply.redirect(await shortLinks.resolve(request.params.code), 302),
  );
};
