import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error.ts';

/** Where in the request a bad value sat, in the words of the message: 'title', 'extra_fields.0.label', 'ref'. */
type Where = string;

/**
 * The first place in `value` (an already parsed body, query or set of path parameters) holding text that no
 * field may store: a NUL byte (PostgreSQL refuses 0x00 in text) or a lone UTF-16 surrogate (not valid in
 * jsonb, nor in UTF-8). Keys are checked as well as values.
 */
export function firstInvalidText(value: unknown, where: Where = ''): Where | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : where || 'The request';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstInvalidText(item, where ? `${where}.${index}` : String(index));
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = where ? `${where}.${key}` : key;
      if (!isStorableText(key)) return where || 'The request';
      const found = firstInvalidText(item, here);
      if (found) return found;
    }
  }
  return undefined;
}

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The one input layer in front of every route (issue 12): before any handler or schema sees the request, text
 * that no column can hold is a 400 naming the field, in the body, the query string and the path alike. The
 * JSON parser already refuses `__proto__` and `constructor.prototype` keys (Fastify's defaults), and bad JSON
 * is a 400 from the error handler. Multipart bodies are checked by the upload handler, which reads them itself.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const params = firstInvalidText(request.params);
    if (params) throw badRequest(MESSAGES.invalidPathValue);
    const place = firstInvalidText(request.query) ?? firstInvalidText(request.body);
    if (place) throw badRequest(MESSAGES.invalidCharacter(place));
  });
});
