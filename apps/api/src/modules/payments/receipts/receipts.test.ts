/**
 * Decision 068: the payer's receipt page by its unguessable code (its content, its escaping, its privacy), its till
 * slip and PDF, `receipt_url`, and the SMS receipt with its account setting.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RECEIPT_PAGE } from '@sente/contracts/receipt-page';
import { SMS_RECEIPTS_MESSAGES } from '@sente/contracts/sms-receipts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../../testing/http.ts';
import { apiKeysOf } from '../../../testing/merchant-api.ts';
import {
  createMerchant,
  createPaymentLink,
  type Merchant,
  PAYMENTS_ENV,
  payId,
  paymentStatus,
} from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { uploadPath } from '../../../testing/upload-fixtures.ts';
import { bearer } from '../../../testing/users.ts';

let t: TestApp;
let school: Merchant;
let other: Merchant;
let paidId: string;
let code: string;

const EXTRA = [
  { label: 'Student name', value: 'Nakato <b>Sarah</b>' },
  { label: 'Class', value: 'P.5' },
];

/** A 64x64 red PNG logo, as a merchant uploads it (the files module stores it as WebP, decision 060). */
const LOGO_PNG = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } } })
  .png()
  .toBuffer();

const settle = (id: string) => t.app.services.payments.settle(id, { status: 'successful', message: null });
const receiptCode = (url: string | undefined) => new URL(url ?? '').pathname.split('/r/')[1] ?? '';
/** As a browser asks for a page. */
const open = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
const smsOutbox = () => path.join(t.dataDir, 'outbox', 'sms');
const smsTo = (msisdn: string) =>
  fs.existsSync(smsOutbox())
    ? fs
        .readdirSync(smsOutbox())
        .filter((file) => file.endsWith(`-${msisdn}.json`))
        .map((file) => JSON.parse(fs.readFileSync(path.join(smsOutbox(), file), 'utf8')) as { text: string; purpose: string })
    : [];

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  school = await createMerchant(t, 'Kampala <Parents> School');
  other = await createMerchant(t, 'Other Shop');
  const link = await createPaymentLink(t, school, {
    title: 'Term 1 fees',
    fixed_amount: true,
    amount: 50_000,
    extra_fields: [
      { type: 'text', label: 'Student name' },
      { type: 'text', label: 'Class' },
    ],
  });
  paidId = await payId(t, link.ref, { names: 'Okello John', phone: '0772123456', extra_data: EXTRA });
  await settle(paidId);
  await t.app.services.payments.receiptsSent();
  code = receiptCode((await paymentStatus(t, paidId)).receipt_url);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/public/payments/:id receipt_url', () => {
  it('answers the receipt page of a successful payment, at an unguessable code that is not its id', async () => {
    const payment = await paymentStatus(t, paidId);
    expect(payment.receipt_url).toMatch(/^http:\/\/localhost:\d+\/r\/[A-Za-z0-9_-]{22}$/);
    expect(payment.paid_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(code).not.toContain(paidId.replace(/-/g, '').slice(0, 8));
    const row = await t.database.db
      .selectFrom('collections')
      .select('receipt_code')
      .where('id', '=', paidId)
      .executeTakeFirstOrThrow();
    expect(row.receipt_code).toBe(code);
  });

  it('answers none while the payment is pending', async () => {
    const link = await createPaymentLink(t, school);
    const pending = await paymentStatus(t, await payId(t, link.ref));
    expect(pending.status).toBe('pending');
    expect(pending.receipt_url).toBeUndefined();
  });
});

describe('GET /r/:code', () => {
  it('shows the merchant, payer, amount, time in EAT, references, what was paid for and the extra details, escaped', async () => {
    const res = await open(`/r/${code}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    for (const text of [
      'Kampala &lt;Parents&gt; School',
      'Okello John',
      'UGX 50,000',
      'Term 1 fees',
      '<th scope="row">Student name</th><td>Nakato &lt;b&gt;Sarah&lt;/b&gt;</td>',
      '<th scope="row">Class</th><td>P.5</td>',
      ' EAT',
      RECEIPT_PAGE.status.paid,
      RECEIPT_PAGE.testMode,
    ]) {
      expect(html).toContain(text);
    }
    const { transaction_id } = await paymentStatus(t, paidId);
    expect(html).toContain(transaction_id);
    expect(html).not.toContain('<b>Sarah');
    expect(html).not.toContain('<script');
    expect(html).toContain('@page{size:A4');
  });

  it('prints as an 80 mm till slip', async () => {
    const res = await open(`/r/${code}?layout=slip`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body class="slip">');
    expect(res.body).toContain('@page{size:80mm auto');
  });

  it('is a PDF with the amount in it, in either layout', async () => {
    for (const layout of ['a4', 'slip']) {
      const res = await open(`/r/${code}?format=pdf&layout=${layout}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.length).toBeGreaterThan(1000);
    }
  });

  it("heads the PDF with the account's logo, and draws none for an account without one or with another's file", async () => {
    const pdfOf = async (receipt: string) => (await open(`/r/${receipt}?format=pdf`)).rawPayload.toString('latin1');
    const image = '/Subtype /Image';
    expect(await pdfOf(code)).not.toContain(image);

    const logoPath = await uploadPath(t, school.accessToken, { bytes: LOGO_PNG, name: 'logo.png' }, 'companylogos');
    expect((await post(t, school, '/api/sente-account/update-logo', { company_logo: logoPath })).statusCode).toBe(200);
    for (const layout of ['a4', 'slip']) {
      const res = await open(`/r/${code}?format=pdf&layout=${layout}`);
      expect(res.rawPayload.toString('latin1')).toContain(image);
    }

    // A logo path naming another account's file (never set through the API, which checks it) prints nothing.
    const link = await createPaymentLink(t, other, { fixed_amount: true, amount: 5_000 });
    const otherPaid = await payId(t, link.ref, { phone: '0772123457' });
    await settle(otherPaid);
    const otherCode = receiptCode((await paymentStatus(t, otherPaid)).receipt_url);
    await t.database.db.updateTable('accounts').set({ company_logo: logoPath }).where('id', '=', other.accountId).execute();
    const res = await open(`/r/${otherCode}?format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).not.toContain(image);
  });

  it('is a plain 404 page for an unknown code, an id, a near code, and a payment not successful', async () => {
    const link = await createPaymentLink(t, other);
    const pendingId = await payId(t, link.ref);
    const pendingCode = (
      await t.database.db.selectFrom('collections').select('receipt_code').where('id', '=', pendingId).executeTakeFirstOrThrow()
    ).receipt_code;
    const near = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    for (const tried of ['nothing-here', paidId, near, code.toLowerCase(), pendingCode]) {
      const res = await open(`/r/${encodeURIComponent(tried)}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(RECEIPT_PAGE.notFound);
      expect(res.body).not.toContain('Kampala');
      expect(res.body).not.toContain('Other Shop');
    }
    expect((await open(`/r/${near}?format=pdf`)).statusCode).toBe(404);
  });

  it('answers a client that asks for JSON the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/r/nothing-here', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', message: RECEIPT_PAGE.notFound });
  });

  it('refuses a layout or format it does not know with a message', async () => {
    const res = await open(`/r/${code}?layout=letter`);
    expect([res.statusCode, res.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
    expect(res.body).toContain('layout must be a4 or slip');
  });

  it('shows a refund of the payment: pending until the provider pays it, then refunded', async () => {
    const keys = await apiKeysOf(t, school);
    const refund = await t.app.inject({
      method: 'POST',
      url: '/v1/refunds',
      headers: { authorization: `Bearer ${keys.test_key}` },
      payload: { collection_id: paidId, amount: 5000 },
    });
    expect(refund.statusCode).toBe(201);
    const pending = (await open(`/r/${code}`)).body;
    expect(pending).toContain(`<td>${RECEIPT_PAGE.status.refundPending}</td>`);
    expect(pending).toMatch(/<th scope="row">Refund pending<\/th><td>UGX 5,000 on .* EAT<\/td>/);
    await t.app.services.jobs.runDue({ now: new Date(Date.now() + 60_000) });
    const html = (await open(`/r/${code}`)).body;
    expect(html).toContain(RECEIPT_PAGE.status.partlyRefunded);
    expect(html).toMatch(/<th scope="row">Refunded<\/th><td>UGX 5,000 on .* EAT<\/td>/);
  });
});

describe('SMS receipts', () => {
  it('are off by default: a successful payment sends no SMS', async () => {
    expect(smsTo('256772123456')).toEqual([]);
  });

  it('are turned on by the account, then each successful payment texts its payer once, after the commit', async () => {
    const res = await post(t, school, '/api/sente-account/sms-receipts', { enabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: SMS_RECEIPTS_MESSAGES.on, data: { enabled: true } });
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(school.accessToken) });
    expect(profile.json().data.current_account.sms_receipts).toBe(true);
    const link = await createPaymentLink(t, school, { title: 'Uniform', amount: 30_000 });
    const id = await payId(t, link.ref, { phone: '0772000111' });
    await settle(id);
    await settle(id);
    await t.app.services.payments.receiptsSent();
    const payment = await paymentStatus(t, id);
    const texts = smsTo('256772000111');
    expect(texts).toHaveLength(1);
    expect(texts[0]?.purpose).toBe('transactional');
    expect(texts[0]?.text).toBe(
      `TEST: UGX 30,000 paid to Kampala <Parents> School. Ref ${payment.transaction_id}. Receipt: ${payment.receipt_url}`,
    );
    const events = await t.database.db
      .selectFrom('collection_events')
      .select(['kind', 'ok'])
      .where('collection_id', '=', id)
      .where('kind', '=', 'receipt_sms_sent')
      .execute();
    expect(events).toEqual([{ kind: 'receipt_sms_sent', ok: true }]);
  });

  it('are turned off again, and the setting refuses a body that is not a boolean', async () => {
    const off = await post(t, school, '/api/sente-account/sms-receipts', { enabled: false });
    expect(off.json()).toMatchObject({ message: SMS_RECEIPTS_MESSAGES.off, data: { enabled: false } });
    const bad = await post(t, school, '/api/sente-account/sms-receipts', { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    const link = await createPaymentLink(t, school);
    const id = await payId(t, link.ref, { phone: '0772000222' });
    await settle(id);
    await t.app.services.payments.receiptsSent();
    expect(smsTo('256772000222')).toEqual([]);
  });
});
