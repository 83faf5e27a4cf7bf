/**
 * Decisions 045 and 046: every registered route names a rate class and declares its request and response schemas in
 * zod, and each class limits what it says it does. The routes are read from the app's own route table, so a new route
 * without a class or a schema fails here without editing this file.
 */
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_ERROR_CODES } from '@sente/contracts/merchant-api';
import { MESSAGES } from '@sente/contracts/messages';
import { ROUTES as CATALOGUE, type RouteSchemas } from '@sente/contracts/routes';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RATE_CLASS_NAMES, type RateClassName } from '../lib/route.ts';
import { createMerchant, type Merchant } from '../testing/payments.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer } from '../testing/users.ts';
import { ACCOUNT_LOOKUPS_PER_MINUTE } from './rate-limit.ts';

/** Every setting of a class at 2: the third call of a minute is refused. */
const LIMIT = 2;
const AT_TWO = Object.fromEntries(
  ['READ', 'WRITE', 'AUTH', 'PIN', 'PAY', 'PUBLIC', 'SHORTEN', 'PROVIDER_CALLBACK', 'V1'].map((name) => [
    `${name}_RATE_LIMIT_PER_MINUTE`,
    String(LIMIT),
  ]),
);

/** A web build of two files, so that the SPA's file routes are walked too. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-rate-classes-web-'));
const WEB_FILES = ['/index.html', '/assets/main-abc123.js'];
for (const file of WEB_FILES) {
  fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
  fs.writeFileSync(path.join(webDist, file), '<!doctype html>');
}

/** The only routes that may go unlimited: the health check and fixed files (the web build, the API reference). */
const isUnlimited = (url: string) => url === '/health' || url === '/docs' || url.startsWith('/docs/') || WEB_FILES.includes(url);

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

let t: TestApp;
let ann: Merchant;
let ben: Merchant;

beforeAll(async () => {
  t = await createTestApp({ ...AT_TWO, WEB_DIST_DIR: webDist });
  // Two sign-ups use each sign-in route twice: within the limit of 2, from the one address the helpers use.
  ann = await createMerchant(t, 'Ann Textiles');
  ben = await createMerchant(t, 'Ben Motors');
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the route walk', () => {
  it('finds a named rate class on every registered route', () => {
    const missing = t.app.routeTable.filter(({ rateClass }) => rateClass === undefined);
    expect(missing).toEqual([]);
    for (const { method, url, rateClass } of t.app.routeTable) {
      expect(RATE_CLASS_NAMES, `${method} ${url}`).toContain(rateClass);
    }
    const unlimited = t.app.routeTable.filter(({ rateClass }) => rateClass === 'none');
    expect(unlimited.filter(({ url }) => !isUnlimited(url))).toEqual([]);
    expect(unlimited.map(({ url }) => url)).toEqual(expect.arrayContaining(['/health', ...WEB_FILES]));
  });

  it('finds request and response zod schemas on every route but the fixed files', () => {
    const missing: string[] = [];
    for (const { method, url, schema, rateClass } of t.app.routeTable) {
      if (rateClass === 'none' && url !== '/health') continue;
      const declared = (part: unknown) => part instanceof z.ZodType;
      const needs = [
        ...(url.includes(':') ? (['params'] as const) : []),
        method === 'GET' ? ('querystring' as const) : ('body' as const),
      ];
      for (const part of needs) if (!declared(schema?.[part])) missing.push(`${method} ${url}: ${part}`);
      const answers = Object.entries((schema?.response ?? {}) as Record<string, unknown>);
      const success = answers.filter(([status, value]) => /^[23]\d\d$/.test(status) && declared(value));
      if (success.length === 0) missing.push(`${method} ${url}: response`);
    }
    expect(missing).toEqual([]);
  });

  // The catalogue is what the web's test stubs answer through, so it must be what the server declares.
  it("declares on every route but the fixed files the very schemas of its entry in the catalogue, and nothing else's", () => {
    const catalogue: Record<string, RouteSchemas> = CATALOGUE;
    const problems: string[] = [];
    const registered = new Set<string>();
    for (const { method, url, schema, rateClass } of t.app.routeTable) {
      if (rateClass === 'none' && url !== '/health') continue;
      const key = `${method} ${url}`;
      registered.add(key);
      const entry = catalogue[key];
      if (!entry) {
        problems.push(`${key}: no ROUTES entry`);
        continue;
      }
      for (const part of ['params', 'querystring', 'body', 'headers', 'response'] as const) {
        if (schema?.[part] !== entry[part]) problems.push(`${key}: ${part} is not the catalogue's`);
      }
    }
    for (const key of Object.keys(catalogue)) if (!registered.has(key)) problems.push(`${key}: no such route`);
    expect(problems).toEqual([]);
  });

  it('uses every class on some route', () => {
    const used = new Set(t.app.routeTable.map(({ rateClass }) => rateClass));
    expect([...used].sort()).toEqual([...RATE_CLASS_NAMES].sort());
  });
});

/** Who a class counts apart: addresses, signed-in members, or both at once. */
type Per = 'ip' | 'member' | 'both';
type Call = (ip: string, who: Merchant) => Promise<LightMyRequestResponse>;

const signedIn = (method: 'GET' | 'POST', url: string, payload?: object): Call => {
  return (ip, who) =>
    t.app.inject({ method, url, headers: bearer(who.accessToken), remoteAddress: ip, ...(payload ? { payload } : {}) });
};
const anonymous = (method: 'GET' | 'POST', url: string, payload?: object): Call => {
  return (ip) => t.app.inject({ method, url, remoteAddress: ip, ...(payload ? { payload } : {}) });
};

/** One route of each class, called with what it answers quickly (a refusal of the input counts like any call). */
const ROUTES: Record<Exclude<RateClassName, 'none'>, { call: Call; per: Per; limit?: number }> = {
  read: { call: signedIn('GET', '/api/user/profile'), per: 'member' },
  write: { call: signedIn('POST', '/api/user/update-profile', { firstname: '' }), per: 'member' },
  signIn: { call: anonymous('POST', '/api/login', { emailOrPhone: '', password: '' }), per: 'ip' },
  pin: { call: signedIn('POST', '/api/wallet/verify_pin', { pin: '' }), per: 'both' },
  lookup: {
    call: signedIn('POST', '/api/wallet/verify_sente_acc_number', { sente_account_number: '' }),
    per: 'both',
    limit: ACCOUNT_LOOKUPS_PER_MINUTE,
  },
  money: { call: anonymous('POST', `/api/public/payments/${randomUUID()}/cancel`), per: 'ip' },
  public: { call: anonymous('GET', '/api/public/links/nothing-here'), per: 'ip' },
  shorten: { call: anonymous('POST', '/api/shorten_url', {}), per: 'ip' },
  callback: { call: anonymous('POST', '/api/providers/mtn/callback/wrong', {}), per: 'ip' },
  key: { call: anonymous('GET', '/v1/balance'), per: 'ip' },
};

describe.each(Object.entries(ROUTES))('the %s class', (name, { call, per, limit = LIMIT }) => {
  it(`answers ${limit} calls a minute, then 429 in the envelope with Retry-After`, async () => {
    const ip = randomIp();
    for (let i = 0; i < limit; i++) {
      const res = await call(ip, ann);
      expect(res.statusCode, `call ${i + 1}`).not.toBe(429);
      expect(res.headers['x-ratelimit-limit'], `call ${i + 1}`).toBe(String(limit));
    }
    const refused = await call(ip, ann);
    expect(refused.statusCode).toBe(429);
    const envelope = { status: 'error', message: MESSAGES.tooManyRequests };
    expect(refused.json()).toEqual(name === 'key' ? { ...envelope, code: API_ERROR_CODES.rateLimited } : envelope);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');

    // Another caller is not held back by this one: another member at the same address where members are counted,
    // another address where addresses are, and both where both are; a member counted is refused at a new address too.
    const other = per === 'ip' ? await call(randomIp(), ann) : await call(per === 'both' ? randomIp() : ip, ben);
    expect(other.statusCode).not.toBe(429);
    if (per !== 'ip') expect((await call(randomIp(), ann)).statusCode).toBe(429);
  });
});
