import { MAX_BODY_BYTES, MAX_PATH_VALUE_LENGTH } from '@sente/contracts/constants';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type Config, trustProxyOption } from './config.ts';
import type { Database } from './db/database.ts';
import { startJobsWorker } from './jobs/worker.ts';
import type { RouteFacts } from './lib/route.ts';
import type { Secrets } from './lib/secrets.ts';
import type { Mailer } from './mail/mailer.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { alertsRoutes } from './modules/alerts/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { customersRoutes } from './modules/customers/routes.ts';
import { webhookDeliveriesRoutes } from './modules/developers/deliveries-routes.ts';
import { developersRoutes } from './modules/developers/routes.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { linksRoutes } from './modules/links/routes.ts';
import { merchantApiPlugin } from './modules/merchant-api/plugin.ts';
import { hideCallbackSecret, providerCallbackRoutes } from './modules/money/providers/routes.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { publicPaymentRoutes } from './modules/payments/public-routes.ts';
import { collectionsRoutes } from './modules/payments/routes.ts';
import { linkSharingRoutes } from './modules/payments/sharing/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { shortLinksRoutes } from './modules/short-links/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { teamRoutes } from './modules/team/routes.ts';
import { batchRoutes } from './modules/transfers/batches/routes.ts';
import { transfersRoutes } from './modules/transfers/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { authGuardPlugin } from './plugins/auth-guard.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorHandlerPlugin, sendError } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { requestContextPlugin } from './plugins/request-context.ts';
import { securityHeaders, securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { createServices, type Services } from './services.ts';
import { smsDeliveryRoutes } from './sms/routes.ts';

export type AppDeps = {
  config: Config;
  db: Kysely<Database>;
  mailer: Mailer;
  secrets: Secrets;
  logger: Logger;
  /** Keeps rate-limit counters of separate runs apart when they share one Redis. */
  rateLimitNamespace?: string;
};

/**
 * One registered route and the facts it declared (lib/route.ts): what the rights matrix, the route walks and the rate
 * classes' test read (decision 085). A fact is undefined where the route declared none, which those tests refuse.
 */
export type RouteEntry = { method: string; url: string; schema: FastifySchema | undefined } & Partial<RouteFacts>;

export type App = FastifyInstance & { services: Services; routeTable: readonly RouteEntry[] };

/** Builds the one HTTP app: external plugins, the SPA, then app plugins, then feature routes. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db, mailer, secrets, logger } = deps;
  const security = securityHeaders(config.PUBLIC_URL);
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    return503OnClosing: true,
    // request.ip (rate-limit buckets) and request.protocol come from the proxies TRUST_PROXY names, and only from them.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A provider callback's secret leaves the URL before anything logs it (providers/routes.ts).
    rewriteUrl: hideCallbackSecret,
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { maxParamLength: MAX_PATH_VALUE_LENGTH },
    // The router's own refusals (a bad percent-encoding, a path segment over maxParamLength) answer in the envelope
    // through the one error handler, as every other error does (decision 044), with the security headers every answer
    // has (no hook runs for them).
    frameworkErrors: (error, request, reply) =>
      security.before(request, reply, () => {
        security.after(request, reply);
        sendError(error, request, reply);
      }),
  });
  const services = createServices({ db, mailer, secrets, config, logger });
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const { method, url, schema } = route;
    // Read when the table is read: the fixed files' facts are set by hooks that run after this one (plugins/rate-limit.ts).
    route.config ??= {};
    const config = route.config;
    for (const one of [method].flat()) {
      if (one === 'HEAD') continue;
      routeTable.push({
        method: one,
        url,
        schema,
        get access() {
          return config.access;
        },
        get rateClass() {
          return config.rateClass;
        },
      });
    }
  });
  // Every route declares its request and response schemas in zod (contracts), which validate what comes in and
  // serialise what goes out (decision 046).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First: every hook and handler after it runs inside the request's context (who acts, its address).
  await app.register(requestContextPlugin);
  await app.register(securityPlugin, { headers: security });
  await app.register(errorHandlerPlugin);
  // Before every route, the SPA's files included: each route's rate class is read as it is registered.
  await app.register(rateLimitPlugin, {
    settings: config,
    namespace: deps.rateLimitNamespace ?? 'sente-rl',
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
  });
  // The web app's files are compressed once, at build time (spa.ts): registered before the compression of answers,
  // they are sent as built and never compressed again per request. Its history fallback answers only unknown paths.
  await app.register(spaPlugin, { distDir: config.WEB_DIST_DIR, findCustomerPage: services.payments.findPublicPage });
  await app.register(compressionPlugin);
  await app.register(inputGuardPlugin);
  await app.register(authGuardPlugin, services);

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { ...services, secureCookies: config.PUBLIC_URL.startsWith('https:') });
  await app.register(usersRoutes, services);
  await app.register(supportRoutes, {
    contacts: { phone: config.SUPPORT_PHONE, whatsapp: config.SUPPORT_WHATSAPP, email: config.SUPPORT_EMAIL },
  });
  await app.register(accountsRoutes, services);
  await app.register(linksRoutes, services);
  await app.register(filesRoutes, services);
  await app.register(shortLinksRoutes, services);
  await app.register(collectionsRoutes, services);
  await app.register(customersRoutes, services);
  await app.register(reportsRoutes, { db });
  await app.register(searchRoutes, { db });
  await app.register(publicPaymentRoutes, services);
  await app.register(linkSharingRoutes, services);
  await app.register(providerCallbackRoutes, { providerCallbacks: services.providerCallbacks });
  await app.register(smsDeliveryRoutes, { gateways: services.smsGateways, callbackSecret: secrets.callbackSecret });
  await app.register(transfersRoutes, services);
  await app.register(batchRoutes, services);
  await app.register(opsRoutes, { services, opsSecret: secrets.opsSecret });
  await app.register(teamRoutes, services);
  await app.register(alertsRoutes, services);
  await app.register(developersRoutes, services);
  await app.register(merchantApiPlugin, {
    merchantApi: services.merchantApi,
    publicUrl: config.PUBLIC_URL,
  });
  await app.register(webhookDeliveriesRoutes, services);

  // One worker: due payments, payouts and spent PIN tokens, and webhook deliveries, each on its interval (0: off).
  const worker = startJobsWorker({
    jobs: services.jobs,
    deliverWebhooks: (signal) => services.webhookDeliveries.deliverDue(signal),
    dueEveryMs: config.PAYMENT_WORKER_INTERVAL_MS,
    webhooksEveryMs: config.WEBHOOK_WORKER_INTERVAL_MS,
    logger,
  });
  app.addHook('onClose', () => worker.stop());
  return Object.assign(app, { services, routeTable });
}
