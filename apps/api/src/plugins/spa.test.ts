import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDigitalItem, createDonationLink, createMerchant, createPaymentLink } from '../testing/payments.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { spaPlugin } from './spa.ts';

const DASHBOARD_HTML = '<!doctype html><title>dashboard</title>';
const PAY_HTML = '<!doctype html><title>customer page</title>';
const LARGE_SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `'row ${i}'`).join(', ')}];`;

/** A stand-in for apps/web/dist: the two HTML entries and one hashed asset. */
function makeDist(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-dist-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = makeDist({
      'index.html': DASHBOARD_HTML,
      'pay.html': PAY_HTML,
      'assets/pay-abc123.js': 'export {};',
      'assets/no-copy-abc123.js': LARGE_SCRIPT,
    });
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers the customer pages with their own entry, never cached', async () => {
    const merchant = await createMerchant(t, 'Entry Shop');
    const [link, donation, item] = await Promise.all([
      createPaymentLink(t, merchant),
      createDonationLink(t, merchant),
      createDigitalItem(t, merchant),
    ]);
    for (const url of [`/pay/${link.ref}`, `/fund/${donation.ref}`, `/checkout/${item.ref}?utm=sms`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(PAY_HTML);
    }
  });

  it('answers every other page with the dashboard', async () => {
    for (const url of ['/', '/dashboard', '/payment-links/new', '/payments', '/pay']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, url).toBe(DASHBOARD_HTML);
    }
  });

  it('serves hashed assets for a year and keeps API paths and other methods as JSON 404s', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/pay-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const request of [
      { method: 'GET' as const, url: '/api/no-such-thing' },
      { method: 'GET' as const, url: '/docs/static/no-such-file.js' },
      { method: 'POST' as const, url: '/pay/abc123' },
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode, request.url).toBe(404);
      expect(res.json(), request.url).toEqual({ status: 'error', message: 'Not found' });
    }
  });

  it('sends the files as built: a file the build left without a compressed copy is never compressed per request', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/no-copy-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect([res.statusCode, res.headers['content-encoding'], res.body]).toEqual([200, undefined, LARGE_SCRIPT]);
  });

  it('leaves the merchant API and its reference to the API: /v1 answers its own 404s, /docs is the reference', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/v1/pay/abc123' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
    const reference = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([reference.statusCode, reference.body]).toEqual([200, expect.stringContaining('Sente API reference')]);
  });
});

describe('a build without the customer entry', () => {
  it('serves the customer pages with the dashboard entry', async () => {
    const dist = makeDist({ 'index.html': DASHBOARD_HTML });
    const app = Fastify();
    await app.register(spaPlugin, { distDir: dist, findCustomerPage: async () => undefined });
    const res = await app.inject({ method: 'GET', url: '/pay/abc123' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(DASHBOARD_HTML);
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
});

describe('the built web app, compressed at build time', () => {
  const script = LARGE_SCRIPT;
  let app: ReturnType<typeof Fastify>;
  let dist: string;
  beforeAll(async () => {
    // As the build leaves it (apps/web/vite.config.ts): each text file with its .br and .gz beside it.
    dist = makeDist({
      'index.html': DASHBOARD_HTML,
      'index.html.br': brotliCompressSync(DASHBOARD_HTML),
      'index.html.gz': gzipSync(DASHBOARD_HTML),
      'pay.html': PAY_HTML,
      'pay.html.br': brotliCompressSync(PAY_HTML),
      'assets/pay-abc123.js': script,
      'assets/pay-abc123.js.br': brotliCompressSync(script),
      'assets/pay-abc123.js.gz': gzipSync(script),
      'assets/logo-abc123.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    app = Fastify();
    await app.register(spaPlugin, { distDir: dist, findCustomerPage: async () => undefined });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli to a browser that accepts it, with the type, caching and Vary of the asset', async () => {
    const res = await get('/assets/pay-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(script.length / 2);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gzipped = await get('/assets/pay-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get('/assets/pay-abc123.js', acceptEncoding);
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.headers['content-type'], acceptEncoding).toBe('application/javascript; charset=utf-8');
      expect(plain.headers.vary, acceptEncoding).toBe('Accept-Encoding');
      expect(plain.body, acceptEncoding).toBe(script);
    }
  });

  it('sends the HTML entries of client routes compressed, and a file without a compressed copy as it is', async () => {
    const dashboard = await get('/payments', 'br, gzip');
    expect([dashboard.headers['content-encoding'], dashboard.headers['content-type']]).toEqual([
      'br',
      'text/html; charset=utf-8',
    ]);
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(dashboard.rawPayload).toString()).toBe(DASHBOARD_HTML);
    const payPage = await get('/pay/abc123', 'br');
    expect(brotliDecompressSync(payPage.rawPayload).toString()).toBe(PAY_HTML);
    // pay.html has no .gz: a gzip-only client gets it plain rather than nothing.
    const payPageGzipOnly = await get('/pay/abc123', 'gzip');
    expect([payPageGzipOnly.headers['content-encoding'], payPageGzipOnly.body]).toEqual([undefined, PAY_HTML]);

    const image = await get('/assets/logo-abc123.png', 'br, gzip');
    expect([image.statusCode, image.headers['content-encoding'], image.headers['content-type']]).toEqual([
      200,
      undefined,
      'image/png',
    ]);
  });
});
