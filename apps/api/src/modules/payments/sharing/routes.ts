import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/route.ts';
import { renderPoster } from './poster.ts';
import type { LinkSharing } from './service.ts';

/**
 * A link's QR code and poster: public like its pay page, and showing nothing more than it does except the merchant
 * codes the merchant entered to be printed. A link that stops taking payments loses them within the hour of caching.
 */
const CACHE = 'public, max-age=3600';

export const linkSharingRoutes: FastifyPluginAsyncZod<{ linkSharing: LinkSharing }> = async (app, { linkSharing }) => {
  const read = { access: 'public', rateClass: 'public' } as const;

  route(app, 'GET /api/public/links/:ref/qr.png', read, async (request, reply) => {
    const png = await linkSharing.qrPng(request.params.ref);
    return reply.header('cache-control', CACHE).type('image/png').send(png);
  });

  route(app, 'GET /api/public/links/:ref/qr.svg', read, async (request, reply) => {
    const svg = await linkSharing.qrSvg(request.params.ref);
    return reply.header('cache-control', CACHE).type('image/svg+xml').send(svg);
  });

  route(app, 'GET /posters/:ref', read, async (request, reply) => {
    const poster = renderPoster(await linkSharing.poster(request.params.ref), request.query.size);
    return reply.header('cache-control', CACHE).type('text/html; charset=utf-8').send(poster);
  });
};
