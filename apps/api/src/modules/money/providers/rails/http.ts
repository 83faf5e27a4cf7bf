import { setTimeout as sleep } from 'node:timers/promises';
import { backoffMs } from '../../../../lib/backoff.ts';

/** How a live adapter calls its provider: each attempt with a timeout, bounded retries on 5xx and network errors. */
export type RailHttpOptions = {
  /** The provider's base URL, without a trailing slash. */
  baseUrl: string;
  /** How long one attempt may take before it is abandoned. */
  timeoutMs: number;
  /** Further attempts after the first when it timed out, failed to connect or answered 5xx. */
  retries: number;
  /** The wait before the first retry; it doubles for each further one. */
  retryDelayMs: number;
};

/** A provider's answer: its status, its JSON body (null when it was empty or not JSON) and its raw text. */
export type RailResponse = { status: number; body: unknown; text: string };

/**
 * The provider could not be reached: every attempt timed out, failed to connect or answered 5xx. The message names the
 * call and the last cause, never a header, so no token or key reaches a log.
 */
export class ProviderUnreachable extends Error {
  constructor(
    readonly call: string,
    readonly lastCause: string,
  ) {
    super(`${call}: provider unreachable (${lastCause})`);
  }
}

export type RailRequest = {
  method: 'GET' | 'POST' | 'PUT';
  /** Path below the base URL, starting with `/`. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded or raw text instead, with its own content type in `headers`. */
  rawBody?: string;
  /**
   * Whether a failed attempt may be repeated. Only for a call that cannot take money twice: a read, a token, or a
   * request carrying our own reference id, which the provider refuses (409) the second time.
   */
  retry: boolean;
  /**
   * Whether a 5xx answer's body (JSON, or null) is final: returned at once, never retried. For a provider's 5xx that
   * says asking again cannot help (MTN's 500 with a setup code, decision 040).
   */
  final5xx?: (body: unknown) => boolean;
};

/** What `call` names the request by in errors: method and path, with ids in the path left as they are (ours). */
const describe = (request: RailRequest) => `${request.method} ${request.path}`;

/** One request to a provider, with its timeout and, when `retry` allows, its bounded retries. */
export async function railRequest(options: RailHttpOptions, request: RailRequest): Promise<RailResponse> {
  const attempts = request.retry ? options.retries + 1 : 1;
  let lastCause = 'no attempt';
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (attempt > 0) await sleep(backoffMs({ firstMs: options.retryDelayMs, capMs: Number.POSITIVE_INFINITY }, attempt));
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...request.headers,
        },
        body: request.json !== undefined ? JSON.stringify(request.json) : request.rawBody,
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      lastCause =
        error instanceof Error && error.name === 'TimeoutError' ? `timed out after ${options.timeoutMs} ms` : 'connection failed';
      continue;
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      lastCause = `answer cut off (${response.status})`;
      continue;
    }
    const body = parseJson(text);
    if (response.status >= 500 && !request.final5xx?.(body)) {
      lastCause = `answered ${response.status}`;
      continue;
    }
    return { status: response.status, body, text };
  }
  throw new ProviderUnreachable(describe(request), lastCause);
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * An access token kept until shortly before it expires, so each call does not ask for a new one; `invalidate` drops it
 * (the provider answered 401 with it). Concurrent callers share one request for a new token.
 */
export function tokenCache(fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>, marginSeconds = 60) {
  let current: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;
  return {
    async get(): Promise<string> {
      if (current && Date.now() < current.until) return current.token;
      pending ??= fetchToken()
        .then(({ token, expiresInSeconds }) => {
          const keepMs = Math.max(0, expiresInSeconds - Math.min(marginSeconds, expiresInSeconds / 2)) * 1000;
          current = { token, until: Date.now() + keepMs };
          return token;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    invalidate(): void {
      current = null;
    },
  };
}
