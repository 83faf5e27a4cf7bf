import type { TestApp } from './test-app.ts';
import { bearer } from './users.ts';

/** POST as a signed-in user (or member), with extra headers such as an Idempotency-Key. */
export function post(
  t: TestApp,
  who: { accessToken: string },
  url: string,
  payload: object = {},
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(who.accessToken), ...headers }, payload });
}

export function get(t: TestApp, who: { accessToken: string }, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(who.accessToken) });
}

/** POST without a session, as the sign-up, sign-in and reset pages send it; no payload sends no body. */
export function postPublic(t: TestApp, url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers });
}

/** The body of a refused call: the first message, and every message when the route lists them. */
export const error = (message: string, errors?: string[]) => ({ status: 'error', message, ...(errors ? { errors } : {}) });

/** Status and message together, so a failing assertion shows both. */
export const answer = (res: { statusCode: number; json: () => { message?: string } }) => [res.statusCode, res.json().message];
