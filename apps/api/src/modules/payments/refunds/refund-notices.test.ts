/**
 * What the payer is told of a refund once it is paid (decision 073): an SMS when the account has SMS receipts on (none
 * when off), and the refund's e-mail links the payment's receipt page. The receipt (page, slip, PDF) shows how to
 * reach the merchant: its business details' phone and e-mail.
 */

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RECEIPT_PAGE as P } from '@sente/contracts/receipt-page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../../testing/http.ts';
import { lastMessage } from '../../../testing/outbox.ts';
import { createPaymentLink, type Merchant, payId } from '../../../testing/payments.ts';
import { pdfText } from '../../../testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { pinToken, WALLET_ENV } from '../../../testing/transfers.ts';
import { createAlice } from '../../../testing/transfers-more.ts';

let t: TestApp;
let alice: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  alice = await createAlice(t);
});
afterAll(() => t?.close());

const smsTo = (msisdn: string) => {
  const dir = path.join(t.dataDir, 'outbox', 'sms');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(`-${msisdn}.json`))
    .map((file) => (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { text: string }).text);
};

async function paidAndRefunded(phone: string, email: string): Promise<{ id: string; receiptUrl: string }> {
  const link = await createPaymentLink(t, alice, { title: 'Shoes', fixed_amount: false });
  const id = await payId(t, link.ref, { amount: 30_000, phone, email });
  await t.app.services.payments.settle(id, { status: 'successful', message: null });
  const res = await post(
    t,
    alice,
    `/api/collections/${id}/refund`,
    { amount: 12_000, reason: 'Wrong size', pin_token: await pinToken(t, alice) },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode).toBe(201);
  await t.app.services.jobs.runDue({ now: new Date(Date.now() + 60_000) });
  const receiptUrl = (await get(t, alice, `/api/collections/${id}`)).json().data.receipt_url as string;
  return { id, receiptUrl };
}

describe('a refund paid', () => {
  it('texts the payer when SMS receipts are on, with the amount and the receipt link, and e-mails the link', async () => {
    expect((await post(t, alice, '/api/sente-account/sms-receipts', { enabled: true })).statusCode).toBe(200);
    const { receiptUrl } = await paidAndRefunded('0772640640', 'nakato@example.com');
    await expect.poll(() => smsTo('256772640640').find((text) => text.includes('refunded'))).toBeDefined();
    const refundSms = smsTo('256772640640').find((text) => text.includes('refunded'))!;
    expect(refundSms).toContain('UGX 12,000 refunded to you by');
    expect(refundSms).toContain(`Receipt: ${receiptUrl}`);
    expect(refundSms.length).toBeLessThanOrEqual(160);
    await expect.poll(() => lastMessage(t.outboxDir, 'nakato@example.com')?.subject).toMatch(/^Refund: UGX 12,000 from /);
    expect(lastMessage(t.outboxDir, 'nakato@example.com')!.text).toContain(receiptUrl);
  });

  it('sends no SMS when SMS receipts are off', async () => {
    expect((await post(t, alice, '/api/sente-account/sms-receipts', { enabled: false })).statusCode).toBe(200);
    await paidAndRefunded('0772650650', 'okello@example.com');
    await expect.poll(() => lastMessage(t.outboxDir, 'okello@example.com')?.subject).toMatch(/^Refund: /);
    expect(smsTo('256772650650')).toEqual([]);
  });
});

describe("the receipt's merchant contacts", () => {
  it("shows the business details' phone and e-mail on the page, the slip and the PDF, and none before they are saved", async () => {
    const link = await createPaymentLink(t, alice, { title: 'Bag', fixed_amount: false });
    const id = await payId(t, link.ref, { amount: 5_000, phone: '0772660660' });
    await t.app.services.payments.settle(id, { status: 'successful', message: null });
    const receipt = new URL((await get(t, alice, `/api/collections/${id}`)).json().data.receipt_url).pathname;
    const open = async (query = '') =>
      (await t.app.inject({ method: 'GET', url: `${receipt}${query}`, headers: { accept: 'text/html' } })).body;

    // The labels as the page escapes them.
    const [phoneLabel, emailLabel] = [P.merchantPhone, P.merchantEmail].map((label) => label.replace("'", '&#39;'));
    expect(await open()).not.toContain(phoneLabel);

    const saved = await post(t, alice, '/api/user/update-business-details', {
      business_name: 'Alice Shoes Ltd',
      business_industry: 'Retail',
      business_email: 'help@aliceshoes.example',
      business_phone: '0772 555 777',
      reg_date: '2021-03-15',
      country: 'Uganda',
      city: 'Kampala',
      address_1: 'Plot 1, Kampala Road',
      address_2: '',
    });
    expect(saved.statusCode).toBe(200);
    for (const html of [await open(), await open('?layout=slip')]) {
      expect(html).toContain(`<th scope="row">${phoneLabel}</th><td>+256 772 555 777</td>`);
      expect(html).toContain(`<th scope="row">${emailLabel}</th><td>help@aliceshoes.example</td>`);
    }
    const pdf = pdfText((await t.app.inject({ method: 'GET', url: `${receipt}?format=pdf` })).rawPayload);
    expect(pdf).toEqual(expect.arrayContaining(['+256 772 555 777', 'help@aliceshoes.example']));
  });
});
