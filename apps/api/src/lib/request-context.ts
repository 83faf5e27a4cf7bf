import { AsyncLocalStorage } from 'node:async_hooks';
import { type Actor, describeActor } from './actor.ts';

/**
 * What every piece of work runs inside: who acts (null until a guard has proven it, and for anonymous requests) and,
 * for an HTTP request, its id, address and user agent. A repository or service reads it instead of taking a parameter.
 */
export type RequestContext = {
  actor: Actor | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
};

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` inside `context`: everything it awaits, however deep, reads the same context. */
export const runInContext = <T>(context: RequestContext, work: () => T): T => storage.run(context, work);

/**
 * Runs `work` as `actor`: the worker's jobs and the operator's commands. Inside a request (an operator command through
 * the running server) the request's id and address are kept; outside one they are null.
 */
export const runAs = <T>(actor: Actor, work: () => T): T =>
  storage.run({ requestId: null, ip: null, userAgent: null, ...storage.getStore(), actor }, work);

/** The context of the work in hand, or undefined outside any (a test calling a service directly). */
export const currentContext = (): RequestContext | undefined => storage.getStore();

/** Who is acting in the work in hand, or null when no one has been proven. */
export const currentActor = (): Actor | null => storage.getStore()?.actor ?? null;

/** The acting actor in its one-line form, for a row's "changed by"; null when no one has been proven. */
export function changedBy(): string | null {
  const actor = currentActor();
  return actor && describeActor(actor);
}
