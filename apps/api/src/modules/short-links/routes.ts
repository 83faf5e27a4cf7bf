import { type ShortenUrlAnswer, shortenUrlInput } from '@sente/contracts/short-links';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/http-error.ts';
import type { Services } from '../../services.ts';

/** Spec §7: the payment links page and the digital items page each call their own path; both do the same. */
const SHORTEN_PATHS = ['/api/payment-link/shorten_url', '/api/shorten_url'];

export async function shortLinksRoutes(app: FastifyInstance, { shortLinks }: Services) {
  for (const path of SHORTEN_PATHS) {
    app.post(path, { config: { rateClass: 'shorten' } }, async (request): Promise<ShortenUrlAnswer> => {
      const { long_url } = parseInput(shortenUrlInput, request.body);
      const short_url = await shortLinks.shorten(long_url);
      return { status: 'SUCCESS', short_url, data: { short_url } };
    });
  }

  app.get('/s/:code', { config: { rateClass: 'public' } }, async (request, reply) => {
    const { code } = request.params as { code: string };
    return reply.redirect(await shortLinks.resolve(code), 302);
  });
}
