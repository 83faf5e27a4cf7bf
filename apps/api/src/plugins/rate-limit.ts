import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config for login, code and reset endpoints. */
    authRateLimit: { max: number; timeWindow: string };
  }
}

type Options = { redisUrl?: string; perMinute: number; namespace: string };

/**
 * Rate limits live in process memory, or in Redis when REDIS_URL is set so that API replicas share them.
 * Only routes that opt in (auth, codes, reset, public payment endpoints) are limited.
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
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
});
