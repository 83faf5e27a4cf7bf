import { PUBLIC_PAGE, publicPageTitle } from '@sente/contracts/public-pages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/rich-text.ts';

/**
 * The addresses a payer opens in a browser (decision 076): the customer pages, a receipt, a poster, a short link. Each
 * answers a bad, unknown or cut-off address with the small page below, never with JSON; /api and /v1 keep the envelope.
 */
const PUBLIC_PAGE_PREFIXES = ['/pay/', '/fund/', '/checkout/', '/r/', '/posters/', '/s/'];

export const isPublicPage = (url: string) => PUBLIC_PAGE_PREFIXES.some((prefix) => url.startsWith(prefix));

/** A client that asks for JSON and not for a page (a script, a test of the envelope) gets the envelope. */
const asksForJson = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept.includes('json') && !accept.includes('text/html');
};

/** A page is what a browser GETs; any other method on these addresses keeps the envelope. */
export const answersWithPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && isPublicPage(request.url) && !asksForJson(request);

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f1f3f5}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}
h1{font-size:1.25rem;margin:0 0 .75rem}
p{margin:0;line-height:1.5}
`;

/** The page itself: a heading and a message, escaped, no script, no image; it opens on any phone. */
export function publicMessagePage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLES}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>
`;
}

/** Sends the page of a refusal: its status, the heading of that status and the refusal's message (a 5xx hides it). */
export function sendPublicPage(reply: FastifyReply, status: number, message: string) {
  const shown = status >= 500 ? PUBLIC_PAGE.failed : message;
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(publicMessagePage(publicPageTitle(status), shown));
}
