import { nothing } from '@sente/contracts/api';
import { shortCodeParams, shortenUrlAnswer, shortenUrlInput } from '@sente/contracts/short-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer } from '../../lib/answer.ts';
import type { Services } from '../../services.ts';

/** Spec §7: the payment links page and the digital items page each call their own path; both do the same. */
const SHORTEN_PATHS = ['/api/payment-link/shorten_url', '/api/shorten_url'];

export const shortLinksRoutes: FastifyPluginAsyncZod<Services> = async (app, { shortLinks }) => {
  for (const path of SHORTEN_PATHS) {
    app.post(
      path,
      { config: { rateClass: 'shorten' }, schema: { body: shortenUrlInput, response: { 200: shortenUrlAnswer } } },
      async (request) => {
        const short_url = await shortLinks.shorten(request.body.long_url);
        return answer({ short_url }, undefined, { status: 'SUCCESS', short_url });
      },
    );
  }

  app.get(
    '/s/:code',
    {
      config: { rateClass: 'public' },
      schema: { params: shortCodeParams, querystring: nothing, response: { 302: z.null().describe('To the long URL') } },
    },
    async (request, reply) => reply.redirect(await shortLinks.resolve(request.params.code), 302),
  );
};
