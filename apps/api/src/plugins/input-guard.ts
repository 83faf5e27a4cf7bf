import { MAX_INPUT_DEPTH } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error.ts';

/** Where in the request a bad value sat, in the words of the message: 'title', 'extra_fields.0.label', 'ref'. */
type Where = string;

/** What makes a request unfit to reach a route: text no field may store (and where), or nesting beyond the limit. */
export type InputProblem = { kind: 'character'; where: Where } | { kind: 'depth' };

/** One value still to look at: its place, how deeply it sits, and the key that named it (checked when it is reached). */
type Pending = { value: unknown; where: Where; depth: number; key?: { text: string; parent: Where } };

/**
 * The first problem in `value` (an already parsed body, query or set of path parameters), in reading order: text
 * that no field may store, a NUL byte (PostgreSQL refuses 0x00 in text) or a lone UTF-16 surrogate (not valid in
 * jsonb, nor in UTF-8), in a key or a value; or objects and arrays nested deeper than MAX_INPUT_DEPTH levels
 * (`{"a":{"b":1}}` is 2). The walk keeps its own stack, so no input can exhaust the call stack, and it stops at the
 * limit, so nothing after it (a schema, a handler) ever sees deeper input.
 */
export function firstInputProblem(value: unknown): InputProblem | undefined {
  const pending: Pending[] = [{ value, where: '', depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: here, where, depth, key } = next;
    if (key && !isStorableText(key.text)) return { kind: 'character', where: key.parent || 'The request' };
    if (typeof here === 'string') {
      if (!isStorableText(here)) return { kind: 'character', where: where || 'The request' };
    } else if (here && typeof here === 'object') {
      if (depth > MAX_INPUT_DEPTH) return { kind: 'depth' };
      const inside = (name: string) => (where ? `${where}.${name}` : name);
      const children: Pending[] = Array.isArray(here)
        ? here.map((item, index) => ({ value: item, where: inside(String(index)), depth: depth + 1 }))
        : Object.entries(here).map(([name, item]) => ({
            value: item,
            where: inside(name),
            depth: depth + 1,
            key: { text: name, parent: where },
          }));
      // Last child first onto the stack, so that the first is looked at first.
      pending.push(...children.reverse());
    }
  }
  return undefined;
}

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

const refusal = (problem: InputProblem) =>
  problem.kind === 'depth'
    ? badRequest(MESSAGES.nestedTooDeep(MAX_INPUT_DEPTH))
    : badRequest(MESSAGES.invalidCharacter(problem.where));

/**
 * The one input layer in front of every route (decision 016): before any handler or schema sees the request, text
 * that no column can hold is a 400 naming the field, in the body, the query string and the path alike, and a body
 * nested deeper than MAX_INPUT_DEPTH is a 400 naming the limit (decision 044). The JSON parser (secure-json-parse, which
 * walks without recursion too) already refuses `__proto__` and `constructor.prototype` keys (Fastify's defaults),
 * and bad JSON is a 400 from the error handler. Multipart bodies are checked by the upload handler, which reads them
 * itself.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (firstInputProblem(request.params)) throw badRequest(MESSAGES.invalidPathValue);
    const problem = firstInputProblem(request.query) ?? firstInputProblem(request.body);
    if (problem) throw refusal(problem);
    // A route that takes a body and was sent none (or JSON null) is checked as an empty one: each missing field is
    // named by its own message rather than the request refused as a whole.
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
  });
});
