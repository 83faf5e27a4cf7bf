/**
 * Every public page (a pay, donation or checkout page, a receipt, a poster, a short link) answers a bad, unknown or
 * cut-off address with a small HTML page and a message a payer understands, never with JSON (decision 076); the
 * API under /api and /v1 keeps its envelope.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_PATH_VALUE_LENGTH } from '@sente/contracts/constants';
import { SHARING_MESSAGES } from '@sente/contracts/link-sharing';
import { PAYMENT_MESSAGES as M } from '@sente/contracts/payments';
import { PUBLIC_PAGE } from '@sente/contracts/public-pages';
import { RECEIPT_PAGE } from '@sente/contracts/receipt-page';
import { SHORT_LINK_MESSAGES } from '@sente/contracts/short-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDigitalItem, createDonationLink, createMerchant, createPaymentLink, PAYMENTS_ENV } from '../testing/payments.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const PAY_HTML = '<!doctype html><title>customer page</title>';

let t: TestApp;
let dist: string;
let refs: { pay: string; fund: string; checkout: string };

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>dashboard</title><script src="/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'pay.html'), PAY_HTML);
  t = await createTestApp({ ...PAYMENTS_ENV, WEB_DIST_DIR: dist, PUBLIC_RATE_LIMIT_PER_MINUTE: '100000' });
  const merchant = await createMerchant(t, 'Public Pages Shop');
  const [link, donation, item] = await Promise.all([
    createPaymentLink(t, merchant),
    createDonationLink(t, merchant),
    createDigitalItem(t, merchant),
  ]);
  refs = { pay: link.ref, fund: donation.ref, checkout: item.ref };
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** As a browser opens an address: it asks for a page. */
const open = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

async function expectPage(url: string, status: number, message: string) {
  for (const res of [await open(url), await t.app.inject({ method: 'GET', url })]) {
    expect([url, res.statusCode], url).toEqual([url, status]);
    expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    expect(res.body, url).toContain(`<p>${message.replace(/'/g, '&#39;')}</p>`);
    expect(res.body, url).not.toContain('<script');
    expect(res.body, url).not.toContain('"status":"error"');
  }
}

describe('a bad, unknown or cut-off public address', () => {
  it('answers the pay, donation and checkout pages of an unknown or cut-off ref with a 404 page', async () => {
    for (const kind of ['pay', 'fund', 'checkout'] as const) {
      const ref = refs[kind];
      expect((await open(`/${kind}/${ref}`)).body).toBe(PAY_HTML);
      await expectPage(`/${kind}/${ref.slice(0, -2)}`, 404, M.linkNotFound);
      await expectPage(`/${kind}/no-such-link`, 404, M.linkNotFound);
      await expectPage(`/${kind}/${'x'.repeat(60)}`, 404, M.linkNotFound);
      await expectPage(`/${kind}/`, 404, M.linkNotFound);
      await expectPage(`/${kind}/%E0%A4%A`, 400, PUBLIC_PAGE.badAddress);
    }
  });

  it('answers an unknown, cut-off or overlong receipt code with a page', async () => {
    await expectPage('/r/nothing-here', 404, RECEIPT_PAGE.notFound);
    await expectPage('/r/AbCdEfGhIjKlMn', 404, RECEIPT_PAGE.notFound);
    await expectPage(`/r/${'x'.repeat(150)}`, 400, PUBLIC_PAGE.badAddress);
    await expectPage(`/r/${'x'.repeat(MAX_PATH_VALUE_LENGTH + 1)}`, 400, PUBLIC_PAGE.badAddress);
  });

  it("answers an unknown or cut-off link's poster, and a poster size it does not know, with a page", async () => {
    await expectPage('/posters/no-such-link', 404, M.linkNotFound);
    await expectPage(`/posters/${refs.pay.slice(0, -1)}`, 404, M.linkNotFound);
    await expectPage(`/posters/${refs.pay}?size=letter`, 400, SHARING_MESSAGES.posterSizeInvalid);
  });

  it('answers an unknown or cut-off short link with a page', async () => {
    await expectPage('/s/Zz9Zz9Z', 404, SHORT_LINK_MESSAGES.shortLinkNotFound);
    await expectPage('/s/Zz9', 404, SHORT_LINK_MESSAGES.shortLinkNotFound);
  });

  it('keeps the envelope for the API, /v1, and a client that asks for JSON', async () => {
    for (const url of [
      '/api/public/links/no-such-link',
      '/v1/payments/no-such-payment',
      '/api/public/links/no-such-link/qr.png',
    ]) {
      const res = await open(url);
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([
        url,
        expect.any(Number),
        expect.stringContaining('json'),
      ]);
      expect(res.json().status).toBe('error');
    }
    const res = await t.app.inject({ method: 'GET', url: '/r/nothing-here', headers: { accept: 'application/json' } });
    expect([res.statusCode, res.json()]).toEqual([404, { status: 'error', message: RECEIPT_PAGE.notFound }]);
  });
});
