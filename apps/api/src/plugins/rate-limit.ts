import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from '../lib/http-error.ts';

type Limit = { max: number; timeWindow: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config for login, code and reset endpoints. */
    authRateLimit: Limit;
    /** Route config for the account look-ups: per IP, and per signed-in member. */
    accountLookupLimits: { rateLimit: Limit; memberRateLimit: Limit };
  }
  interface FastifyContextConfig {
    /**
     * A limit per signed-in member (request.auth.userId), beside the route's per-IP `rateLimit`. It is checked
     * after the route's own preHandlers, which must authenticate.
     */
    memberRateLimit?: Limit;
  }
}

/**
 * Issue 12: account numbers are 10 random digits, so without a limit the look-ups (number -> account, account ->
 * holder's name) could be walked to list account names. A transfer needs one of each; 30 a minute per member and
 * per IP leaves people room to correct a mistyped number. Fixed here rather than a setting: nobody needs to tune it.
 */
export const ACCOUNT_LOOKUPS_PER_MINUTE = 30;

type Options = { redisUrl?: string; perMinute: number; namespace: string };

/**
 * Rate limits live in process memory, or in Redis when REDIS_URL is set so that API replicas share them.
 * Only routes that opt in (auth, codes, reset, public payment endpoints, account look-ups) are limited.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { redisUrl, perMinute, namespace }: Options) => {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : undefined;
  await app.register(rateLimit, {
    global: false,
    nameSpace: `${namespace}:`,
    keyGenerator: (request) => `${request.ip}:${request.routeOptions.url ?? request.url}`,
    ...(redis ? { redis, skipOnError: false } : {}),
  });
  app.decorate('authRateLimit', { max: perMinute, timeWindow: '1 minute' });
  const lookups = { max: ACCOUNT_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' };
  app.decorate('accountLookupLimits', { rateLimit: lookups, memberRateLimit: lookups });

  // The per-member limit: the same store as the per-IP ones, keyed by the member and the route.
  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = route.config?.memberRateLimit;
    if (!limit) return;
    const routeKey = `${[route.method].flat().join(',')} ${route.url}`;
    const count = app.createRateLimit({ ...limit, keyGenerator: (request) => `member:${request.auth.userId}:${routeKey}` });
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.auth) throw new Error(`${routeKey}: memberRateLimit needs an authenticating preHandler before it`);
      const result = await count(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new HttpError(429, MESSAGES.tooManyRequests);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), check];
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
});
