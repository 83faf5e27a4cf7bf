import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { SHORT_LINK_MESSAGES } from '@sente/contracts/short-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const SITE = 'https://pay.sente.test';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: SITE });
});
afterAll(() => t.close());

const shorten = (payload: unknown, url = '/api/payment-link/shorten_url') =>
  t.app.inject({ method: 'POST', url, payload: payload as object });
const error = (message: string) => ({ status: 'error', message });

describe('POST /api/payment-link/shorten_url and /api/shorten_url', () => {
  it('answers the spec shape without a token, the same code for the same URL on either path', async () => {
    const res = await shorten({ long_url: `${SITE}/pay/AbC123` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'SUCCESS',
      short_url: expect.stringMatching(/^https:\/\/pay\.sente\.test\/s\/[0-9A-Za-z]{7}$/),
      data: { short_url: body.short_url },
    });
    expect((await shorten({ long_url: `${SITE}/pay/AbC123` })).json().short_url).toBe(body.short_url);
    expect((await shorten({ long_url: `  ${SITE}/pay/AbC123  ` }, '/api/shorten_url')).json().short_url).toBe(body.short_url);
    const other = (await shorten({ long_url: `${SITE}/checkout/XyZ789` }, '/api/shorten_url')).json();
    expect(other.status).toBe('SUCCESS');
    expect(other.short_url).not.toBe(body.short_url);
    const rows = await t.database.db.selectFrom('short_links').selectAll().execute();
    expect(rows.filter((row) => row.long_url === `${SITE}/pay/AbC123`)).toHaveLength(1);
  });

  it('gives one code to the same URL shortened many times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => shorten({ long_url: `${SITE}/fund/Race01` })));
    const codes = new Set(answers.map((res) => res.json().short_url));
    expect(codes.size).toBe(1);
  });

  it.each([
    ['another site', 'https://evil.example/pay/AbC123'],
    ['another port', 'https://pay.sente.test:8443/pay/AbC123'],
    ['plain http', 'http://pay.sente.test/pay/AbC123'],
    ['a look-alike host', 'https://pay.sente.test.evil.example/pay/x'],
    ['credentials in the URL', 'https://user:pass@pay.sente.test/pay/x'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', '/pay/AbC123'],
    ['not a URL', 'hello there'],
  ])('refuses %s', async (_, longUrl) => {
    const res = await shorten({ long_url: longUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(LINK_MESSAGES.shortenOnlyOwnSite));
  });

  it.each([[{}], [{ long_url: '' }], [{ long_url: 42 }]])('asks for the link when given %j', async (payload) => {
    const res = await shorten(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ...error(SHORT_LINK_MESSAGES.longUrlMissing),
      errors: [SHORT_LINK_MESSAGES.longUrlMissing],
    });
  });
});

describe('GET /s/:code', () => {
  it('redirects to the long URL', async () => {
    const longUrl = `${SITE}/pay/Redirect1?utm=sms`;
    const { short_url } = (await shorten({ long_url: longUrl })).json();
    const res = await t.app.inject({ method: 'GET', url: new URL(short_url).pathname });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(longUrl);
  });

  it.each(['/s/Zz9Zz9Z', '/s/short', '/s/too-long-code'])('answers 404 for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });

  it("answers 400 for a code holding a NUL byte, as every path does, on the public pages' page (decision 076)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/s/%00' });
    expect([res.statusCode, res.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
    expect(res.body).toContain(MESSAGES.invalidPathValue);
  });

  it('answers the not-found message for an unknown code, in the envelope to a client that asks for JSON', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/s/Zz9Zz9Z' });
    expect(page.body).toContain(SHORT_LINK_MESSAGES.shortLinkNotFound);
    const res = await t.app.inject({ method: 'GET', url: '/s/Zz9Zz9Z', headers: { accept: 'application/json' } });
    expect(res.json()).toMatchObject(error(SHORT_LINK_MESSAGES.shortLinkNotFound));
  });
});

describe('rate limit', () => {
  it('limits shortening per caller', async () => {
    const limited = await createTestApp({ PUBLIC_URL: SITE, SHORTEN_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const call = () =>
        limited.app.inject({ method: 'POST', url: '/api/shorten_url', payload: { long_url: `${SITE}/pay/Limit1` } });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
