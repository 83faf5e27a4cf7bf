import type { Right } from '@sente/contracts/constants';
import { ROUTES, type RouteKey, type Routes } from '@sente/contracts/routes';
import type {
  ContextConfigDefault,
  FastifyInstance,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Decision 045: every route names one of these classes; 'none' only for health and fixed files (SPA, API reference). */
export const RATE_CLASS_NAMES = [
  'none',
  'read',
  'write',
  'signIn',
  'pin',
  'lookup',
  'money',
  'public',
  'shorten',
  'callback',
  'key',
] as const;
export type RateClassName = (typeof RATE_CLASS_NAMES)[number];

/**
 * Who may call a route: anyone; any signed-in user, whatever their role; a member whose role on their current account
 * has the right; the merchant API's key (its context's guard); a provider's or SMS gateway's callback, by the secret in
 * its path; an operator, by OPS_SECRET.
 */
export type Access = 'public' | 'session' | { account: Right } | 'apiKey' | 'callback' | 'ops';

/**
 * What a route says about itself, declared with the route and nowhere else: the app's route table carries it, and the
 * rights matrix, the route walks and the rate classes' test read it from there (decision 085). A new fact (the action
 * an audit log records) is a new required field here, which every route then states and the table then carries.
 */
export type RouteFacts = { access: Access; rateClass: RateClassName };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** The words of the OpenAPI document a /v1 route adds to its entry's schemas. */
type DocumentWords = { tags?: string[]; operationId?: string; summary?: string; description?: string; hide?: boolean };

type RouteOptions<K extends RouteKey> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    Routes[K],
    ZodTypeProvider
  >,
  'schema' | 'config'
> & { schema?: DocumentWords } & RouteFacts;

type RouteHandler<K extends RouteKey> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Routes[K],
  ZodTypeProvider
>;

/** Any Fastify context: the route's types come from its catalogue entry, whatever the context's type provider. */
type Context = Pick<FastifyInstance, 'prefix'> & { route: (...args: never[]) => unknown };

/**
 * Declares the route of a catalogue key (@sente/contracts/routes): its method and URL are the key's, its schemas the
 * entry's very objects (the route walk checks it), so neither can drift from what the web calls and its stubs answer.
 * In a context registered with a prefix (/v1), the key's URL holds the prefix and the context adds it. Its facts go to
 * its config, where the route table reads them; a session or an account right puts the guard first in preValidation
 * (decision 046), so the declared right is the one enforced.
 */
export function route<K extends RouteKey>(app: Context, key: K, options: RouteOptions<K>, handler: RouteHandler<K>): void {
  const space = key.indexOf(' ');
  const path = key.slice(space + 1);
  const entry = ROUTES[key];
  const { access, rateClass, preValidation, ...rest } = options;
  const fastify = app as unknown as FastifyInstance;
  const guard =
    access === 'session' ? fastify.authenticate : typeof access === 'object' ? fastify.requireAccount(access.account) : undefined;
  const own = preValidation === undefined ? [] : [preValidation].flat();
  // The handler's types came from the entry in this function's signature; Fastify's overloads cannot follow a generic key.
  fastify.route({
    ...(rest as object),
    config: { access, rateClass },
    ...(guard || own.length > 0 ? { preValidation: guard ? [guard, ...own] : own } : {}),
    method: key.slice(0, space) as HTTPMethods,
    url: app.prefix && path.startsWith(`${app.prefix}/`) ? path.slice(app.prefix.length) : path,
    schema: options.schema ? { ...entry, ...options.schema } : entry,
    handler: handler as never,
  });
}
