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
  'schema'
> & { schema?: DocumentWords };

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
 * In a context registered with a prefix (/v1), the key's URL holds the prefix and the context adds it.
 */
export function route<K extends RouteKey>(app: Context, key: K, options: RouteOptions<K>, handler: RouteHandler<K>): void {
  const space = key.indexOf(' ');
  const path = key.slice(space + 1);
  const entry = ROUTES[key];
  // The handler's types came from the entry in this function's signature; Fastify's overloads cannot follow a generic key.
  (app as unknown as FastifyInstance).route({
    ...(options as object),
    method: key.slice(0, space) as HTTPMethods,
    url: app.prefix && path.startsWith(`${app.prefix}/`) ? path.slice(app.prefix.length) : path,
    schema: options.schema ? { ...entry, ...options.schema } : entry,
    handler: handler as never,
  });
}
