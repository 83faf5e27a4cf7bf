import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';
import type { RateClassName } from '../lib/route.ts';

/**
 * Account numbers are 10 random digits, so without a limit the look-ups (number -> account, account ->
 * holder's name) could be walked to list account names. A transfer needs one of each; 30 a minute per member and
 * per IP leaves people room to correct a mistyped number. Fixed here rather than a setting: nobody needs to tune it.
 */
export const ACCOUNT_LOOKUPS_PER_MINUTE = 30;

/**
 * Who a class counts apart: the caller's address (per route), the signed-in member (per route; a caller nobody
 * signed in is counted by address), or the /v1 API key (its account and environment, across every /v1 route).
 */
type CountedBy = 'ip' | 'member' | 'key';

type RateClass = { perMinute: number; per: readonly CountedBy[] };

type RateLimitSettings = Pick<
  Config,
  | 'READ_RATE_LIMIT_PER_MINUTE'
  | 'WRITE_RATE_LIMIT_PER_MINUTE'
  | 'AUTH_RATE_LIMIT_PER_MINUTE'
  | 'PIN_RATE_LIMIT_PER_MINUTE'
  | 'PAY_RATE_LIMIT_PER_MINUTE'
  | 'PUBLIC_RATE_LIMIT_PER_MINUTE'
  | 'SHORTEN_RATE_LIMIT_PER_MINUTE'
  | 'PROVIDER_CALLBACK_RATE_LIMIT_PER_MINUTE'
  | 'V1_RATE_LIMIT_PER_MINUTE'
>;

/** The classes, each with its limit (from its setting) and what it counts apart: declared here and nowhere else. */
function rateClasses(settings: RateLimitSettings): Record<Exclude<RateClassName, 'none'>, RateClass> {
  return {
    /** The dashboard's reads and writes, per member. */
    read: { perMinute: settings.READ_RATE_LIMIT_PER_MINUTE, per: ['member'] },
    write: { perMinute: settings.WRITE_RATE_LIMIT_PER_MINUTE, per: ['member'] },
    /** Sign-in, codes, resets and invitations: what takes a password or a secret from an e-mail. */
    signIn: { perMinute: settings.AUTH_RATE_LIMIT_PER_MINUTE, per: ['ip'] },
    /** What takes the wallet PIN or changes it. */
    pin: { perMinute: settings.PIN_RATE_LIMIT_PER_MINUTE, per: ['ip', 'member'] },
    lookup: { perMinute: ACCOUNT_LOOKUPS_PER_MINUTE, per: ['ip', 'member'] },
    /** A customer's payment attempts and cancels on the public pages. */
    money: { perMinute: settings.PAY_RATE_LIMIT_PER_MINUTE, per: ['ip'] },
    /** The public pages' reads (a payment's status is polled every 2 s) and the short-link redirect. */
    public: { perMinute: settings.PUBLIC_RATE_LIMIT_PER_MINUTE, per: ['ip'] },
    shorten: { perMinute: settings.SHORTEN_RATE_LIMIT_PER_MINUTE, per: ['ip'] },
    callback: { perMinute: settings.PROVIDER_CALLBACK_RATE_LIMIT_PER_MINUTE, per: ['ip'] },
    key: { perMinute: settings.V1_RATE_LIMIT_PER_MINUTE, per: ['key'] },
  };
}

/** The one 429: its Retry-After header is set from it by this plugin, whoever throws it. */
export class TooManyRequestsError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = MESSAGES.tooManyRequests,
  ) {
    super(429, message);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts a /v1 call of the `key` class, per API key (or per address while no valid key is presented), and throws
     * its 429: the key guard calls it between finding the key and refusing a bad one, so guessing keys is counted too.
     */
    countKeyRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    rateClass?: RateClassName;
  }
}

/** @fastify/static names the file each of its routes serves: those routes serve fixed files (class 'none'). */
const servesFixedFile = (route: RouteOptions) => typeof (route.config as { file?: unknown } | undefined)?.file === 'string';

/** A fixed file is anyone's and unlimited: the facts (lib/route.ts) of a route that serves one. */
function fixedFileFacts(config: NonNullable<RouteOptions['config']>) {
  config.rateClass ??= 'none';
  config.access ??= 'public';
}

/**
 * Every route of a context a fixed file's: for a plugin that serves fixed files (the API reference), whose route options
 * cannot be given facts. Register that plugin inside the context this is called in.
 */
export function fixedFileRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.config) fixedFileFacts(route.config);
  });
}

type Options = { redisUrl?: string; settings: RateLimitSettings; namespace: string };

type Limit = { max: number; remaining: number; ttlInSeconds: number; isExceeded: boolean };
type Counted = { isAllowed: true } | ({ isAllowed: false } & Limit);

/** Adds the X-RateLimit headers of a count, unless another count of the request is closer to its limit. */
function countHeaders(reply: FastifyReply, limit: Limit) {
  const shown = reply.getHeader('x-ratelimit-remaining');
  if (shown !== undefined && Number(shown) <= limit.remaining) return;
  reply
    .header('x-ratelimit-limit', String(limit.max))
    .header('x-ratelimit-remaining', String(limit.remaining))
    .header('x-ratelimit-reset', String(limit.ttlInSeconds));
}

/**
 * Rate limits live in process memory, or in Redis when REDIS_URL is set so that API replicas share them. A route
 * names its class with its facts (`rateClass: 'signIn'`, lib/route.ts); this plugin turns the class into counts: per
 * address in onRequest (before the body is read), per member after the route's own authentication.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { redisUrl, settings, namespace }: Options) => {
  const classes = rateClasses(settings);

  // Before @fastify/rate-limit's own onRoute hook, which reads the per-address limit this one sets.
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config ??= {};
    const config = route.config;
    if (config.rateClass === undefined && servesFixedFile(route)) fixedFileFacts(config);
    if (config.rateClass === undefined || config.rateClass === 'none') return;
    const { perMinute, per } = classes[config.rateClass];
    if (per.includes('ip')) config.rateLimit = { max: perMinute, timeWindow: '1 minute' };
    // After the route's own authentication, which names the member and runs in preValidation (decision 046), so that
    // a request its schema then refuses is counted too.
    if (per.includes('member')) route.preValidation = [...[route.preValidation ?? []].flat(), memberCount(route, perMinute)];
  });

  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : undefined;
  const options: RateLimitPluginOptions = {
    global: false,
    nameSpace: `${namespace}:`,
    keyGenerator: (request) => `${request.ip}:${request.routeOptions.url ?? request.url}`,
    addHeaders: { 'retry-after': false },
    errorResponseBuilder: (_request, context) => new TooManyRequestsError(Math.ceil(context.ttl / 1000)),
    ...(redis ? { redis, skipOnError: false } : {}),
  };
  await app.register(rateLimit, options);

  function memberCount(route: RouteOptions, perMinute: number) {
    const routeKey = `${[route.method].flat().join(',')} ${route.url}`;
    const count = app.createRateLimit({
      max: perMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) =>
        request.auth ? `member:${request.auth.userId}:${routeKey}` : `member-ip:${request.ip}:${routeKey}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => refuseOver(await count(request), reply);
  }

  const keyCount = app.createRateLimit({
    max: classes.key.perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.merchant ? `v1:key:${request.merchant.accountId}:${request.merchant.environment}` : `v1:ip:${request.ip}`,
  });
  app.decorate('countKeyRequest', async (request: FastifyRequest, reply: FastifyReply) =>
    refuseOver(await keyCount(request), reply),
  );

  // The one Retry-After: every 429 of the app is a TooManyRequestsError (the account throttle's included).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
});

function refuseOver(limit: Counted, reply: FastifyReply) {
  if (limit.isAllowed) return;
  countHeaders(reply, limit);
  if (limit.isExceeded) throw new TooManyRequestsError(limit.ttlInSeconds);
}
