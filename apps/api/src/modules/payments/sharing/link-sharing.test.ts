import { SHARING_MESSAGES as S } from '@sente/contracts/link-sharing';
import { PAYMENT_MESSAGES as M } from '@sente/contracts/payments';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, post } from '../../../testing/http.ts';
import {
  createDigitalItem,
  createDonationLink,
  createMerchant,
  createPaymentLink,
  type Merchant,
  PAYMENTS_ENV,
} from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const SITE = 'https://pay.sente.test';
const DETAILS = {
  business_name: 'Kampala Books Ltd',
  business_industry: 'Retail',
  business_email: 'accounts@kampalabooks.example',
  business_phone: '+256772123456',
  reg_date: '2021-03-15',
  country: 'Uganda',
  city: 'Kampala',
  address_1: 'Plot 12, Kampala Road',
};

let t: TestApp;
let merchant: Merchant;
let links: { kind: string; ref: string; path: string }[];

const fetch = (url: string) => t.app.inject({ method: 'GET', url });

/** The text a QR code in a PNG holds, read the way a phone's camera would. */
async function decodePng(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** Where a short link leads: its redirect's target. */
async function followShortLink(shortUrl: string): Promise<string | undefined> {
  const res = await fetch(new URL(shortUrl).pathname);
  return res.statusCode === 302 ? res.headers.location : undefined;
}

beforeAll(async () => {
  t = await createTestApp({ ...PAYMENTS_ENV, PUBLIC_URL: SITE, PUBLIC_RATE_LIMIT_PER_MINUTE: '100000' });
  merchant = await createMerchant(t);
  const [link, donation, item] = await Promise.all([
    createPaymentLink(t, merchant, { title: 'Term 1 fees' }),
    createDonationLink(t, merchant),
    createDigitalItem(t, merchant),
  ]);
  links = [
    { kind: 'payment link', ref: link.ref, path: '/pay/' },
    { kind: 'donation link', ref: donation.ref, path: '/fund/' },
    { kind: 'digital item', ref: item.ref, path: '/checkout/' },
  ];
}, 60_000);
afterAll(() => t?.close());

describe('GET /api/public/links/:ref/qr.png and qr.svg', () => {
  it.each([0, 1, 2])("a PNG whose code is the link's short link, leading to its public page (%#)", async (index) => {
    const { ref, path } = links[index] as (typeof links)[number];
    const res = await fetch(`/api/public/links/${ref}/qr.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const text = await decodePng(res.rawPayload);
    expect(text).toMatch(new RegExp(`^${SITE}/s/[0-9A-Za-z]{7}$`));
    expect(await followShortLink(text as string)).toBe(`${SITE}${path}${ref}`);
  });

  it('an SVG of the same code: rendered to pixels, it decodes to the same short link', async () => {
    const { ref } = links[0] as (typeof links)[number];
    const png = await fetch(`/api/public/links/${ref}/qr.png`);
    const res = await fetch(`/api/public/links/${ref}/qr.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const rendered = await sharp(Buffer.from(res.body), { density: 300 }).png().toBuffer();
    expect(await decodePng(rendered)).toBe(await decodePng(png.rawPayload));
  });

  it('answers 404 for an unknown ref and a ref longer than any, as its pay page does', async () => {
    for (const ref of ['nosuchlink', 'x'.repeat(60)]) {
      for (const kind of ['qr.png', 'qr.svg']) {
        const res = await fetch(`/api/public/links/${ref}/${kind}`);
        expect([res.statusCode, res.json().message], `${ref} ${kind}`).toEqual([404, M.linkNotFound]);
      }
      expect((await fetch(`/posters/${ref}`)).statusCode).toBe(404);
    }
  });

  it('gives a disabled link no QR code and no poster, and says why: the poster a page, the codes the envelope', async () => {
    const closed = await createPaymentLink(t, merchant, { title: 'Closed' });
    expect(answer(await post(t, merchant, `/api/payment-link/enable_or_disable/${closed.id}`, { is_disabled: true }))[0]).toBe(
      200,
    );
    for (const kind of ['qr.png', 'qr.svg']) {
      const res = await fetch(`/api/public/links/${closed.ref}/${kind}`);
      expect([res.statusCode, res.headers['content-type'], res.json().message], kind).toEqual([
        404,
        'application/json; charset=utf-8',
        S.linkOff,
      ]);
    }
    const poster = await fetch(`/posters/${closed.ref}`);
    expect([poster.statusCode, poster.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(poster.body).toContain(S.linkOff);
    expect(poster.body).not.toContain('<svg');
  });
});

describe('GET /posters/:ref', () => {
  it('an A4 page with the title, the amount, the QR code and the short link; no merchant codes until entered', async () => {
    const { ref } = links[0] as (typeof links)[number];
    const res = await fetch(`/posters/${ref}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('@page { size: A4;');
    expect(res.body).toContain('<h1>Term 1 fees</h1>');
    expect(res.body).toContain('UGX 25,000');
    expect(res.body).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(res.body).toMatch(new RegExp(`<strong>${SITE}/s/[0-9A-Za-z]{7}</strong>`));
    expect(res.body).not.toContain('*165*3#');
    expect(res.body).toContain(`<p class="scan">${S.scanToPay}</p>`);
  });

  it("prints A5 and the merchant's MoMo Pay and Airtel Money codes as the USSD ways to pay", async () => {
    expect(
      answer(
        await post(t, merchant, '/api/user/update-business-details', {
          ...DETAILS,
          momo_merchant_code: '123456',
          airtel_merchant_code: '7654321',
        }),
      )[0],
    ).toBe(200);
    const { ref } = links[1] as (typeof links)[number];
    const res = await fetch(`/posters/${ref}?size=a5`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('@page { size: A5;');
    expect(res.body).toContain('Target UGX 1,000,000');
    expect(res.body).toContain(`<p class="scan">${S.scanToGive}</p>`);
    expect(res.body).not.toContain(S.scanToPay);
    expect(res.body).toContain('Pay with MTN MoMo: dial *165*3# and enter merchant code 123456');
    expect(res.body).toContain('Pay with Airtel Money: dial *185#, choose to pay a merchant and enter merchant code 7654321');
  });

  it('escapes what the merchant typed and refuses a size other than a4 or a5', async () => {
    const link = await createPaymentLink(t, merchant, { title: '<script>alert(1)</script> & fees' });
    const res = await fetch(`/posters/${link.ref}`);
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; fees');
    expect(res.body).not.toContain('<script>');
    const bad = await fetch(`/posters/${link.ref}?size=letter`);
    expect([bad.statusCode, bad.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
    expect(bad.body).toContain('Choose the poster size a4 or a5');
  });
});
