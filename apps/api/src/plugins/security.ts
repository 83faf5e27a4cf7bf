import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Six months, subdomains included: what browsers remember once they have seen the site over https. */
export const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * The answer must not be kept by a browser or a shared cache: whatever a caller with a token sees (balances,
 * payers' phone numbers), and every API answer that did not choose its own caching. Routes that did choose
 * (a public file, `public, max-age=...`) keep theirs unless the request carried a token.
 */
function mustNotBeStored(request: FastifyRequest, reply: FastifyReply): boolean {
  const current = reply.getHeader('cache-control');
  if (typeof current === 'string' && /\bno-store\b/.test(current)) return false;
  if (request.headers.authorization !== undefined) return true;
  if (current !== undefined) return false;
  const path = request.url.split('?', 1)[0] ?? '';
  return path.startsWith('/api/') || path.startsWith('/ops/');
}

/**
 * Security headers. Mantine writes inline styles, so styles allow 'unsafe-inline'; scripts do not.
 * HSTS when the site is https (PUBLIC_URL), or the request came over https (directly, or through a proxy
 * TRUST_PROXY trusts with X-Forwarded-Proto). `before` runs as a request arrives, `after` as its answer leaves.
 */
export function securityHeaders(publicUrl: string) {
  // helmet itself, made once: @fastify/helmet made it afresh on every request, parsing the policy each time (about a
  // tenth of a list request's CPU).
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  const siteIsHttps = publicUrl.startsWith('https://');
  return {
    before: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) =>
      helmetHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
    after: (request: FastifyRequest, reply: FastifyReply) => {
      if (mustNotBeStored(request, reply)) reply.header('cache-control', 'no-store');
      if (siteIsHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    },
  };
}

export type SecurityHeaders = ReturnType<typeof securityHeaders>;

/**
 * The headers on every answer. The router's own refusals (a bad URL) are answered before any hook runs: app.ts gives
 * them the same headers through `securityHeaders` directly.
 */
export const securityPlugin = fp(async (app: FastifyInstance, { headers }: { headers: SecurityHeaders }) => {
  app.addHook('onRequest', headers.before);
  app.addHook('onSend', async (request, reply, payload) => {
    headers.after(request, reply);
    return payload;
  });
});
