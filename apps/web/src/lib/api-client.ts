import type { ApiFailure } from '@sente/contracts/api';
import { MESSAGES } from '@sente/contracts/messages';
import type { RouteAnswer, RouteBody, RouteKey, RouteParams, RouteQuery } from '@sente/contracts/routes';
import { session } from './session.ts';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: string[] = [],
    readonly code?: string,
    /** A refused body's fields, each path with its message (`extra_fields.0.label`); see contracts api.ts. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

const sessionExpiredListeners = new Set<() => void>();
/** Called once a 401 could not be cured by a refresh: the app shows the toast and goes to /. */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

async function send(
  path: string,
  { method = 'GET', body, signal, headers: extra }: Options,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  // A FormData body (file uploads) goes as multipart: the browser sets the content type with its boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const payload = body === undefined ? {} : { body: multipart ? body : JSON.stringify(body) };
  return fetch(path, { method, headers, signal: signal ?? null, ...payload });
}

let refreshing: Promise<boolean> | null = null;

/**
 * One silent refresh shared by every request of this tab that met a 401 at the same time. Other tabs share the
 * tokens (localStorage) but not this promise: a twin refresh from another tab gets the same pair from the server
 * (decision 018), and a refresh refused after another tab stored a newer pair still counts as refreshed.
 */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = session.refreshToken();
    if (!refreshToken) return false;
    try {
      const response = await send(requestOf('POST /api/refresh-token').path, { method: 'POST', body: { refreshToken } }, null);
      if (!response.ok) return storedByAnotherTab(refreshToken);
      session.setTokens(((await response.json()) as RouteAnswer<'POST /api/refresh-token'>).data);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** True when the stored refresh token is no longer `presented` but a newer one another tab saved meanwhile. */
function storedByAnotherTab(presented: string): boolean {
  const stored = session.refreshToken();
  return stored !== null && stored !== presented;
}

async function toError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as ApiFailure | null;
  return new ApiError(
    body?.message || MESSAGES.somethingWentWrong,
    response.status,
    body?.errors ?? [],
    body?.code,
    body?.fields ?? {},
  );
}

/** Sends with the session's bearer token; a 401 gets one silent refresh, then ends the session. */
async function authorized(path: string, options: Options): Promise<Response> {
  let response: Response;
  try {
    const token = session.accessToken();
    response = await send(path, options, token);
    // Another tab may have refreshed while this request was out: its new access token needs no refresh of our own.
    const refreshedElsewhere = () => session.accessToken() !== null && session.accessToken() !== token;
    if (response.status === 401 && session.refreshToken() && (refreshedElsewhere() || (await refreshSession()))) {
      response = await send(path, options, session.accessToken());
    }
  } catch {
    throw new ApiError(MESSAGES.somethingWentWrong, 0);
  }
  if (response.status === 401 && session.accessToken()) {
    session.clear();
    for (const listener of sessionExpiredListeners) listener();
  }
  if (!response.ok) throw await toError(response);
  return response;
}

type Has<T> = [T] extends [never] ? false : true;
type Empty = Record<never, never>;
/** A part the route reads is required unless every field of it is optional. */
type Part<Name extends string, T, Extra = never> =
  Has<T> extends false ? { [P in Name]?: never } : Empty extends T ? { [P in Name]?: T | Extra } : { [P in Name]: T | Extra };

/**
 * What a call of a route sends, typed from its catalogue entry: its path's parameters, its query (an object, or the
 * query string a page's address already holds) and its body.
 */
export type CallInput<K extends RouteKey> = Part<'params', RouteParams<K>> &
  Part<'query', RouteQuery<K>, string> &
  Part<'body', RouteBody<K>> &
  Pick<Options, 'signal' | 'headers'>;
type CallArgs<K extends RouteKey> = Empty extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

/** The key's URL with the parameters filled in and the query added, and its method, body, signal and headers. */
function requestOf(key: RouteKey, input: CallInput<RouteKey> = {}): { path: string; options: Options } {
  const space = key.indexOf(' ');
  const params = (input.params ?? {}) as Record<string, string>;
  const path = key.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = input.query ?? '';
  const search =
    typeof query === 'string'
      ? query
      : Object.entries(query)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
          .join('&');
  const { body, signal, headers } = input;
  return {
    path: search ? `${path}?${search}` : path,
    options: {
      method: key.slice(0, space) as NonNullable<Options['method']>,
      ...(body === undefined ? {} : { body }),
      ...(signal ? { signal } : {}),
      ...(headers ? { headers } : {}),
    },
  };
}

/**
 * Calls a route of the catalogue (@sente/contracts/routes) by its key, with the session's bearer token; a 401 gets one
 * silent refresh, then ends the session. The types come from the catalogue by `import type`: no zod in the bundle.
 */
export async function call<K extends RouteKey>(key: K, ...[input]: CallArgs<K>): Promise<RouteAnswer<K>> {
  const { path, options } = requestOf(key, input as CallInput<RouteKey>);
  return (await (await authorized(path, options)).json()) as RouteAnswer<K>;
}

/** A route's URL, for a download whose button reads it with `apiBlob`. */
export function routePath<K extends RouteKey>(key: K, ...[input]: CallArgs<K>): string {
  return requestOf(key, input as CallInput<RouteKey>).path;
}

/**
 * A file the API answers (a spreadsheet export), read whole, with the same session handling as `call`; its path is
 * the one the download's page built with its filter.
 */
export async function apiBlob(path: string, options: Pick<Options, 'signal'> = {}): Promise<Blob> {
  return (await authorized(path, options)).blob();
}

/** A call made without the session (sign-in, sign-up, codes). */
export async function publicCall<K extends RouteKey>(key: K, body: RouteBody<K>): Promise<RouteAnswer<K>> {
  let response: Response;
  try {
    response = await send(requestOf(key).path, { method: 'POST', body }, null);
  } catch {
    throw new ApiError(MESSAGES.somethingWentWrong, 0);
  }
  if (!response.ok) throw await toError(response);
  return (await response.json()) as RouteAnswer<K>;
}

/** The server's message when it answered; the caller's fallback when no answer came (status 0). */
export function errorMessage(error: unknown, fallback: string = MESSAGES.somethingWentWrong): string {
  if (error instanceof ApiError && error.status === 0) return fallback;
  return error instanceof Error ? error.message || fallback : fallback;
}
