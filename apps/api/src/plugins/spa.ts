import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@sente/contracts/messages';
import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { PUBLIC_PAGE } from '@sente/contracts/public-pages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, notFound } from '../lib/http-error.ts';

const API_PREFIXES = ['/api/', '/v1/', '/docs/', '/storage/', '/s/', '/ops/', '/health'];
/** The customer pages are their own lean entry (pay.html), without the dashboard's code. */
const CUSTOMER_PAGE = /^\/(?:pay|fund|checkout)\/([^/?#]*)\/?(?:[?#].*)?$/;
const CUSTOMER_PAGE_PREFIXES = ['/pay/', '/fund/', '/checkout/'];

type Options = {
  distDir: string;
  /** Resolves when a customer page has a link to show; throws the 404 of an unknown link otherwise. */
  findCustomerPage: (ref: string) => Promise<void>;
};

/** The ref of a customer page's address, decoded; a path that holds none or one that does not decode is no page. */
function customerPageRef(url: string): string {
  const encoded = CUSTOMER_PAGE.exec(url)?.[1];
  if (!encoded) throw notFound(PAYMENT_MESSAGES.linkNotFound);
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw badRequest(PUBLIC_PAGE.badAddress);
  }
}

/**
 * Serves the built web app. Any other GET path falls back to an HTML entry so client routes load: the customer
 * pages to pay.html when their link is there (an unknown, cut-off or bad address answers the public pages' 404 or 400
 * page, decision 076), everything else to the dashboard's index.html.
 */
export const spaPlugin = fp(async (app: FastifyInstance, { distDir, findCustomerPage }: Options) => {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  // A build from before the customer pages had their own entry still serves them through index.html.
  const customerEntry = fs.existsSync(path.join(distDir, 'pay.html')) ? 'pay.html' : 'index.html';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts): sent as they are, br first.
      preCompressed: true,
      // NOTE: with send's own Cache-Control on, it overwrites the header set below (`public, max-age=0` everywhere).
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so assets never change under their name; the rest revalidates.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL answers brotli, gzip or plain bytes by Accept-Encoding, so a cache must key on it too.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    const isCustomerPage = CUSTOMER_PAGE_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (request.method === 'GET' && isCustomerPage) await findCustomerPage(customerPageRef(request.url));
    if (request.method !== 'GET' || isApi || !hasBuild) {
      throw notFound(MESSAGES.notFound);
    }
    return reply.sendFile(isCustomerPage ? customerEntry : 'index.html');
  });
});
