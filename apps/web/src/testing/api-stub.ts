import type { ApiFailure, ApiSuccess } from '@sente/contracts/api';
import { issueMessages } from '@sente/contracts/validation';
import { vi } from 'vitest';
import type { z } from 'zod';

type Method = 'GET' | 'POST';
/** 'POST /api/sign-up': a method and a path without its query. */
export type RouteKey = `${Method} /${string}`;

/** A request the app sent: JSON bodies parsed, a FormData body (an upload) as it was. */
export type SentRequest = { method: Method; path: string; headers: Record<string, string>; body: unknown };
export type Answer = { status: number; body: ApiSuccess<unknown> | ApiFailure };
type Reply = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

/** A success envelope (DESIGN §3), with the server's message when given. */
export const ok = (data: unknown = null, message?: string): Answer => ({
  status: 200,
  body: { status: 'success', data, ...(message ? { message } : {}) },
});

/** A failure envelope: the message, and the per-field `errors` when the server lists them. */
export const fail = (status: number, message: string, errors?: string[]): Answer => ({
  status,
  body: { status: 'error', message, ...(errors ? { errors } : {}) },
});

/**
 * Answers as the API does: the body parsed with the contract the route parses, a 400 carrying every
 * message when it fails (apps/api/src/lib/http-error.ts parseInput), else `answer`.
 */
export const parsedWith =
  (schema: z.ZodType, answer: Answer | ((request: SentRequest) => Answer)) =>
  (request: SentRequest): Answer => {
    const result = schema.safeParse(request.body);
    if (result.success) return typeof answer === 'function' ? answer(request) : answer;
    const errors = issueMessages(result.error);
    return fail(400, errors[0] ?? 'The request is not valid', errors);
  };

/** No answer at all (offline, server down): fetch rejects, as the browser's does. */
export const unreachable = (): Answer => {
  throw new TypeError('Failed to fetch');
};

const bodyOf = (body: BodyInit | null | undefined): unknown =>
  typeof body === 'string' ? JSON.parse(body) : (body ?? undefined);

/**
 * Replaces `fetch` (lib/api-client.ts calls it) with answers per method and path. A request with no
 * answer gets a 404 naming it, so a test fails visibly; every request is recorded, answered or not.
 */
export function stubApi(replies: Partial<Record<RouteKey, Reply>> = {}) {
  const requests: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET') as Method;
    const request: SentRequest = {
      method,
      path: `${url.pathname}${url.search}`,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: bodyOf(init.body),
    };
    requests.push(request);
    const reply = replies[`${method} ${url.pathname}` as RouteKey] ?? fail(404, `No stub for ${method} ${url.pathname}`);
    const answer = typeof reply === 'function' ? await reply(request) : reply;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return {
    requests,
    /** The requests sent to one route, in order. */
    sent: (route: RouteKey) => requests.filter((request) => `${request.method} ${request.path.split('?')[0]}` === route),
  };
}
