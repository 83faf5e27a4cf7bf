import type { z } from 'zod';
import { accountRoutes } from './routes/accounts.ts';
import { authRoutes } from './routes/auth.ts';
import { customerRoutes } from './routes/customers.ts';
import { developerRoutes } from './routes/developers.ts';
import { fileRoutes } from './routes/files.ts';
import { linkRoutes } from './routes/links.ts';
import { merchantApiRoutes } from './routes/merchant-api.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { paymentRoutes } from './routes/payments.ts';
import { reportRoutes } from './routes/reports.ts';
import type { RouteSchemas } from './routes/shared.ts';
import { systemRoutes } from './routes/system.ts';
import { teamRoutes } from './routes/team.ts';
import { transferRoutes } from './routes/transfers.ts';

export type { RouteSchemas } from './routes/shared.ts';

/**
 * Every route of the app, keyed `METHOD url` as Fastify registers it, with the zod schemas of what it takes (params,
 * querystring, body, headers) and answers (response, by status), one file per feature under routes/. The API
 * registers each route from its key (apps/api/src/lib/route.ts: the method, the URL and these very schemas), the web
 * calls it by its key (apps/web/src/lib/api-client.ts, which takes the types below by `import type` only, so the
 * bundle holds no zod), and the web's test stubs answer through it (apps/web/src/testing/api-stub.ts), so a stub
 * cannot answer what the server never sends.
 */
export const ROUTES = {
  ...systemRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...linkRoutes,
  ...fileRoutes,
  ...paymentRoutes,
  ...customerRoutes,
  ...reportRoutes,
  ...transferRoutes,
  ...teamRoutes,
  ...notificationRoutes,
  ...developerRoutes,
  ...merchantApiRoutes,
} as const satisfies Record<string, RouteSchemas>;

export type Routes = typeof ROUTES;
export type RouteKey = keyof Routes;

type Part<K extends RouteKey, P extends string> = Routes[K] extends Record<P, infer S extends z.ZodType> ? S : never;
/** What a route's path parameters, query string and body take. */
export type RouteParams<K extends RouteKey> = z.input<Part<K, 'params'>>;
export type RouteQuery<K extends RouteKey> = z.input<Part<K, 'querystring'>>;
export type RouteBody<K extends RouteKey> = z.input<Part<K, 'body'>>;

type Success<R> = R extends { 200: infer S extends z.ZodType }
  ? S
  : R extends { 201: infer S extends z.ZodType }
    ? S
    : R extends { 302: infer S extends z.ZodType }
      ? S
      : never;
/** A route's success answer, as its response schema serialises it. */
export type RouteAnswer<K extends RouteKey> = z.output<Success<Routes[K]['response']>>;
