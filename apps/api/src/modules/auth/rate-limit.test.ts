import { randomInt } from 'node:crypto';
import { MESSAGES } from '@sente/contracts/messages';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const redisUrl = process.env.REDIS_URL;

/** A caller address of this run's own, so its rate-limit keys can be found in a shared Redis. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Rate-limit keys of one caller address for POST /api/login (the plugin names them namespace + route + key). */
async function redisLoginKeys(ip: string): Promise<Record<string, string | null>> {
  if (!redisUrl) return {};
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`sente-test-*POST/api/login-${ip}:*`);
    const values = keys.length ? await redis.mget(...keys) : [];
    return Object.fromEntries(keys.map((key, i) => [key, values[i] ?? null]));
  } finally {
    await redis.quit();
  }
}

function rateLimitSuite(name: string, env: Record<string, string>, store: 'redis' | 'memory') {
  describe(name, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', ...env });
    });
    afterAll(() => t.close());

    const login = (ip: string, payload: object = { emailOrPhone: '', password: '' }) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: ip });

    it('answers the 4th POST /api/login within a minute with 429', async () => {
      const ip = randomIp();
      for (let i = 1; i <= 3; i++) {
        const res = await login(ip);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(MESSAGES.emailRequired);
        expect(res.headers['x-ratelimit-limit']).toBe('3');
        expect(res.headers['x-ratelimit-remaining']).toBe(String(3 - i));
      }
      const fourth = await login(ip, { emailOrPhone: 'someone@example.com', password: 'Whatever#1' });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ status: 'error', message: MESSAGES.tooManyRequests });
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(60);

      const keys = await redisLoginKeys(ip);
      if (store === 'redis') {
        expect(Object.values(keys)).toEqual(['4']);
      } else {
        expect(keys).toEqual({});
      }
    });

    it('counts each caller and each route apart', async () => {
      const ip = randomIp();
      for (let i = 0; i < 4; i++) await login(ip);
      expect((await login(ip)).statusCode).toBe(429);

      const otherCaller = await login(randomIp());
      expect(otherCaller.statusCode).toBe(400);
      expect(otherCaller.json().message).toBe(MESSAGES.emailRequired);

      const otherRoute = await t.app.inject({ method: 'POST', url: '/api/login-otp', payload: {}, remoteAddress: ip });
      expect(otherRoute.statusCode).toBe(400);
      expect(otherRoute.json().message).toBe(MESSAGES.emailRequired);
    });

    it('leaves routes that did not opt in unlimited', async () => {
      const ip = randomIp();
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/health', remoteAddress: ip });
        expect(res.statusCode).toBe(200);
      }
    });
  });
}

rateLimitSuite('rate limit in process memory (no REDIS_URL)', { REDIS_URL: '' }, 'memory');

describe.skipIf(!redisUrl)('with REDIS_URL', () => {
  rateLimitSuite('rate limit in Redis', redisUrl ? { REDIS_URL: redisUrl } : {}, 'redis');
});
