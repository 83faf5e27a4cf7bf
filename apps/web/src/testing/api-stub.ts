import type { ApiFailure, ApiSuccess } from '@sente/contracts/api';
import { MESSAGES } from '@sente/contracts/messages';
import { ROUTES, type RouteSchemas } from '@sente/contracts/routes';
import { issueMessages } from '@sente/contracts/validation';
import { vi } from 'vitest';
import { z } from 'zod';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** 'POST /api/sign-up': a method and a path without its query. */
export type RouteKey = `${Method} /${string}`;

/** A request the app sent: JSON bodies parsed, a FormData body (an upload) as it was. */
export type SentRequest = { method: Method; path: string; headers: Record<string, string>; body: unknown };
/** An answer's body: the envelope of contracts api.ts, or (the wallet's older answers) whatever the route's schema holds. */
export type Answer = { status: number; body: ApiSuccess<unknown> | ApiFailure | Record<string, unknown> };
export type Reply = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

/** A success envelope, with the server's message when given. */
export const ok = (data: unknown = null, message?: string): Answer => ({
  status: 200,
  body: { status: 'success', data, ...(message ? { message } : {}) },
});

/**
 * One of the older answers (the wallet and transfer routes): `status: 'SUCCESS'`, and the fields the server sends
 * beside `data` (apps/api/src/lib/answer.ts).
 */
export const okSpec = (data: unknown = null, message?: string, beside: Record<string, unknown> = {}): Answer => ({
  status: 200,
  body: { ...beside, status: 'SUCCESS', ...(message ? { message } : {}), data },
});

/**
 * A failure envelope: the message, every message in `errors` when the server lists them, and `fields`, each path of
 * the body the server ties a message to (plugins/error-handler.ts).
 */
export const fail = (status: number, message: string, errors?: string[], fields?: Record<string, string>): Answer => ({
  status,
  body: { status: 'error', message, ...(errors ? { errors } : {}), ...(fields ? { fields } : {}) },
});

/** No answer at all (offline, server down): fetch rejects, as the browser's does. */
export const unreachable = (): Answer => {
  throw new TypeError('Failed to fetch');
};

const bodyOf = (body: BodyInit | null | undefined): unknown =>
  typeof body === 'string' ? JSON.parse(body) : (body ?? undefined);

const CATALOGUE: Record<string, RouteSchemas> = ROUTES;

/** Whether a catalogue key's path (`:param` one segment, `*` the rest) matches a path the app called. */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  for (const [index, part] of want.entries()) {
    if (part === '*') return true;
    const segment = got[index];
    if (segment === undefined || (part.startsWith(':') ? segment === '' : part !== segment)) return false;
  }
  return want.length === got.length;
}

/** The server's route for a method and path: as Fastify's router does, a fixed segment wins over a parameter. */
function routeOf(method: string, path: string): { key: string; schemas: RouteSchemas } | undefined {
  const fixedSegments = (key: string) => key.split('/').filter((part) => !part.startsWith(':') && part !== '*').length;
  const found = Object.keys(CATALOGUE)
    .filter((key) => key.startsWith(`${method} /`) && matches(key.slice(method.length + 1), path))
    .sort((a, b) => fixedSegments(b) - fixedSegments(a))[0];
  return found ? { key: found, schemas: CATALOGUE[found] as RouteSchemas } : undefined;
}

/** The stub of a route the server does not have, or an answer it never gives: the test that wrote it fails. */
class StubDrift extends Error {}
const drifts: StubDrift[] = [];

/** Throws the first drift of the test's stubs seen while the app ran (the app may have swallowed it): setup.ts. */
export function assertNoStubDrift() {
  const first = drifts[0];
  drifts.length = 0;
  if (first) throw first;
}

/**
 * The request's body refused as the server refuses it (plugins/input-guard.ts, plugins/error-handler.ts): absent is
 * `{}`, a body that is not an object gets our message, and every other problem its schema's message.
 */
function refusalOf(schemas: RouteSchemas, request: SentRequest): Answer | undefined {
  if (!schemas.body || request.body instanceof FormData) return undefined;
  const result = schemas.body.safeParse(request.body ?? {});
  if (result.success) return undefined;
  const notObject = result.error.issues.some((issue) => issue.code === 'invalid_type' && issue.path.length === 0);
  const errors = notObject ? [MESSAGES.bodyNotObject] : issueMessages(result.error);
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) if (issue.path.length > 0) fields[issue.path.join('.')] ??= issue.message;
  return fail(400, errors[0] ?? MESSAGES.invalidRequest, errors, Object.keys(fields).length > 0 ? fields : undefined);
}

/**
 * A success as the server would send it: with the route's own success status when the test said 200 and the route
 * answers only another (a 201), and the body encoded through the route's response schema, as the server's serialiser
 * does (unknown keys dropped). An answer the schema refuses is drift. Failures pass as they are.
 */
function served(key: string, schemas: RouteSchemas, answer: Answer): Answer {
  if (answer.status < 200 || answer.status > 299) return answer;
  const successes = Object.keys(schemas.response)
    .map(Number)
    .filter((status) => status >= 200 && status <= 299);
  const status = answer.status === 200 && !successes.includes(200) && successes[0] ? successes[0] : answer.status;
  const schema = schemas.response[status];
  if (!schema) throw new StubDrift(`The stub of ${key} answers ${status}, which the server never does`);
  const encoded = z.safeEncode(schema, answer.body);
  if (!encoded.success) {
    throw new StubDrift(`The stub of ${key} answers what the server never sends:\n${z.prettifyError(encoded.error)}`);
  }
  return { status, body: encoded.data as Answer['body'] };
}

/**
 * Replaces `fetch` (lib/api-client.ts calls it) with answers per method and path, each checked against the server's
 * route catalogue (@sente/contracts/routes): a stub of a route the server does not have throws, a body the route's
 * schema refuses is answered with the server's 400, and an answer the route's response schema refuses throws (and
 * fails the test, setup.ts, should the app catch it). A request with no answer gets a 404 naming it, so a test fails
 * visibly; every request is recorded, answered or not.
 */
export function stubApi(replies: Partial<Record<RouteKey, Reply>> = {}) {
  const routes = new Map<string, { key: string; schemas: RouteSchemas; reply: Reply }>();
  for (const [stubbed, reply] of Object.entries(replies) as [RouteKey, Reply][]) {
    const [method = '', path = ''] = stubbed.split(' ');
    const route = routeOf(method, path);
    if (!route) throw new StubDrift(`A stub of ${stubbed}, a route the server does not have`);
    // A fixed answer is checked now, where the test wrote it.
    routes.set(stubbed, { ...route, reply: typeof reply === 'function' ? reply : served(route.key, route.schemas, reply) });
  }

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
    const route = routes.get(`${method} ${url.pathname}`);
    const answer = route ? await answerOf(route, request) : fail(404, `No stub for ${method} ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return {
    requests,
    /** The requests sent to one route, in order. */
    sent: (route: RouteKey) => requests.filter((request) => `${request.method} ${request.path.split('?')[0]}` === route),
  };
}

async function answerOf(route: { key: string; schemas: RouteSchemas; reply: Reply }, request: SentRequest): Promise<Answer> {
  const refused = refusalOf(route.schemas, request);
  if (refused) return refused;
  if (typeof route.reply !== 'function') return route.reply;
  try {
    return served(route.key, route.schemas, await route.reply(request));
  } catch (error) {
    if (error instanceof StubDrift) drifts.push(error);
    throw error;
  }
}
