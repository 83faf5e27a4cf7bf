import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createPaymentLink, type Merchant, PAYMENTS_ENV, payId } from '../testing/payments.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { SAMPLES, uploadPath } from '../testing/upload-fixtures.ts';
import { bearer } from '../testing/users.ts';
import { HSTS } from './security.ts';

const PHONE = '0772123456';

describe('Cache-Control', () => {
  let t: TestApp;
  let merchant: Merchant;
  let paymentId: string;
  let logoPath: string;

  beforeAll(async () => {
    t = await createTestApp(PAYMENTS_ENV);
    merchant = await createMerchant(t, 'Cache Shop');
    const link = await createPaymentLink(t, merchant);
    paymentId = await payId(t, link.ref, { phone: PHONE });
    await t.app.services.jobs.runDue();
    logoPath = await uploadPath(t, merchant.accessToken, { bytes: SAMPLES.png, name: 'logo.png' }, 'companylogos');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = bearer(merchant.accessToken)) =>
    t.app.inject({ method: 'GET', url, headers });

  it('is no-store on the signed-in profile', async () => {
    const res = await get('/api/user/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(merchant.email);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("is no-store on a list carrying payers' phone numbers", async () => {
    const res = await get('/api/customers');
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json().data)).toContain('772123456');
    expect(res.headers['cache-control']).toBe('no-store');
    const collections = await get('/api/collections');
    expect(collections.json().data.items).toEqual([expect.objectContaining({ id: paymentId, msisdn: '256772123456' })]);
    expect(collections.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on the public payment status', async () => {
    const res = await get(`/api/public/payments/${paymentId}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: paymentId, status: 'successful' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on the refusals of an authenticated route', async () => {
    const stale = await get('/api/user/profile', bearer('not-a-token'));
    expect([stale.statusCode, stale.json().message]).toEqual([401, MESSAGES.unauthenticated]);
    expect(stale.headers['cache-control']).toBe('no-store');
    const bare = await get('/api/customers', {});
    expect(bare.statusCode).toBe(401);
    expect(bare.headers['cache-control']).toBe('no-store');
    const missing = await get('/api/payment-link/details/nosuchref0');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on any API answer that chose no caching, an unknown route included', async () => {
    const unknown = await get('/api/no-such-route', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { emailOrPhone: merchant.email, password: 'wrong' },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('leaves a public file its long caching, unless the request carried a token', async () => {
    const anonymous = await get(`/storage/${logoPath}`, {});
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const withToken = await get(`/storage/${logoPath}`);
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['cache-control']).toBe('no-store');
  });

  it('leaves /health to its own caching, and sends no HSTS over http', async () => {
    const health = await get('/health', {});
    expect(health.headers['cache-control']).toBeUndefined();
    expect(health.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Strict-Transport-Security', () => {
  const apps: TestApp[] = [];
  const appWith = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    apps.push(t);
    return t;
  };
  afterAll(() => Promise.all(apps.map((t) => t.close())));
  const hsts = async (t: TestApp, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: '/health', headers })).headers['strict-transport-security'];

  it('is sent on every answer when PUBLIC_URL is https', async () => {
    const t = await appWith({ PUBLIC_URL: 'https://pay.sente.ug' });
    expect(HSTS).toBe('max-age=15552000; includeSubDomains');
    expect(await hsts(t)).toBe(HSTS);
    const api = await t.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(api.statusCode).toBe(401);
    expect(api.headers['strict-transport-security']).toBe(HSTS);
  });

  it('is not sent over plain http, whatever an untrusted caller claims', async () => {
    const t = await appWith({ PUBLIC_URL: 'http://localhost:3000' });
    expect(await hsts(t)).toBeUndefined();
    expect(await hsts(t, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });

  it('is sent when a proxy TRUST_PROXY trusts says the request came over https', async () => {
    const t = await appWith({ PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: 'loopback' });
    expect(await hsts(t, { 'x-forwarded-proto': 'https' })).toBe(HSTS);
    expect(await hsts(t, { 'x-forwarded-proto': 'http' })).toBeUndefined();
  });
});

describe('TRUST_PROXY and the rate-limit buckets', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  /** Whether each of three sign-in attempts from each caller was refused for the rate (limit: two a minute). */
  async function attempts(
    env: Record<string, string>,
    callers: Record<string, string>[],
    remoteAddress = '127.0.0.1',
  ): Promise<number[][]> {
    const t = await createTestApp({ ...env, AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    apps.push(t);
    const codes: number[][] = [];
    for (const [index, headers] of callers.entries()) {
      const one: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          // NOTE: an address of each caller's own, so the per-account lock of wrong passwords plays no part.
          payload: { emailOrPhone: `nobody-${index}@example.com`, password: 'wrong' },
          headers,
          remoteAddress,
        });
        one.push(res.statusCode === 429 ? 429 : 0);
      }
      codes.push(one);
    }
    return codes;
  }
  const behind = (client: string) => ({ 'x-forwarded-for': client });

  it('without it, everyone behind the proxy shares one bucket', async () => {
    expect(await attempts({}, [behind('198.51.100.1'), behind('198.51.100.2')])).toEqual([
      [0, 0, 429],
      [429, 429, 429],
    ]);
  });

  it('with the proxy address, each client has its own bucket', async () => {
    expect(await attempts({ TRUST_PROXY: '127.0.0.1' }, [behind('198.51.100.1'), behind('198.51.100.2')])).toEqual([
      [0, 0, 429],
      [0, 0, 429],
    ]);
  });

  it('a caller that is not the trusted proxy cannot pick its bucket with a header', async () => {
    const callers = [behind('198.51.100.1'), behind('198.51.100.2')];
    expect(await attempts({ TRUST_PROXY: '10.0.0.0/8' }, callers, '203.0.113.9')).toEqual([
      [0, 0, 429],
      [429, 429, 429],
    ]);
  });

  it('with a hop count, the client is the address the last proxy saw, not what the client wrote before it', async () => {
    const callers = [
      behind('198.51.100.1'),
      behind('198.51.100.2'),
      behind('1.1.1.1, 198.51.100.7'),
      behind('2.2.2.2, 198.51.100.7'),
    ];
    expect(await attempts({ TRUST_PROXY: '1' }, callers)).toEqual([
      [0, 0, 429],
      [0, 0, 429],
      [0, 0, 429],
      [429, 429, 429],
    ]);
  });
});
