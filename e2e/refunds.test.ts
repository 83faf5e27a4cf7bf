import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { REFUND_LABELS as L, REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support/browser.ts';
import { type MerchantSession, startMerchantSession } from './support/merchant-session.ts';
import { enterDashboard, expectToast } from './support/ui.ts';

const PIN = '24680';
const PAYER_EMAIL = 'amina.refund@example.com';

/**
 * Issue 31 journey: a merchant finds a payment by the payer's phone typed with spaces, opens it, refunds half with the
 * wallet PIN and sees the refund in the payment's timeline (with its webhook delivered) and in the wallet statement;
 * then refunds the rest, after which no third refund can be made. The payer gets the refund's receipt by e-mail.
 */
describe('refunds: find a payment, open it, refund half, then the rest', () => {
  let session: MerchantSession;
  let page: Page;
  let receiver: http.Server;
  const delivered: { type: string; data: { amount: number; status: string } }[] = [];

  async function call(pathname: string, body: unknown) {
    const response = await fetch(`${session.server.url}${pathname}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data: any; message?: string };
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${json.message}`);
    return json.data;
  }

  const drawer = () => page.getByRole('dialog', { name: 'Payment' });

  async function refund(amount: string, reason: string) {
    await drawer().getByRole('button', { name: L.refund }).click();
    const form = page.getByRole('dialog', { name: L.modalTitle });
    await form.getByLabel(L.amount).fill(amount);
    await form.getByLabel(L.reason).fill(reason);
    await form.getByRole('button', { name: L.continue }).click();
    const confirm = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await confirm.getByLabel('Wallet PIN digit 1').click();
    await page.keyboard.type(PIN);
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, R.started);
  }

  beforeAll(async () => {
    session = await startMerchantSession('refunds', 'Jinja Shoe House');
    page = session.page;
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        delivered.push(JSON.parse(body));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sente`;
    await call('/api/webhook/save-url', { collection_url: url, payment_url: url });
    await call('/api/wallet/set_pin', { pin: PIN, active_environment: 'test' });
  });
  afterAll(async () => {
    await session?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('finds the payment by a phone typed with spaces and opens it', async () => {
    const link = await call('/api/payment-link/create', { title: 'School shoes', fixed_amount: true, amount: 60_000 });
    for (const [names, phone, email] of [
      ['Amina Nakato', '0772987654', PAYER_EMAIL],
      ['Peter Okot', '0752111222', null],
    ] as const) {
      await fetch(`${session.server.url}/api/public/links/${link.ref}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ names, phone, channel: phone.startsWith('075') ? 'AIRTEL' : 'MTN_UG', email, extra_data: [] }),
      });
    }
    await expect
      .poll(async () => (await session.api('/api/collections?status=successful')).data.totalItems, { timeout: 20_000 })
      .toBe(2);
    await enterDashboard(page, session.tokens, '/collections');
    const filter = page.getByRole('region', { name: 'Filter collections' });
    await filter.getByRole('searchbox', { name: 'Search' }).fill('0772 987 654');
    await filter.getByText('1 collection', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Collections' }).getByRole('link', { name: /^SNT/ }).click();
    await drawer().getByText('Payment successful').first().waitFor();
    await drawer().getByRole('button', { name: L.refund }).waitFor();
  });

  it('refunds half with the PIN: the timeline shows it and its webhook delivered, the statement its line', async () => {
    await drawer().getByRole('button', { name: L.refund }).click();
    const form = page.getByRole('dialog', { name: L.modalTitle });
    await form.getByText(R.feeNotReturned(1800)).waitFor();
    await expectAccessible(page, 'the refund form');
    await screenshot(page, 'refunds-1-form');
    await form.getByRole('button', { name: L.cancel }).click();

    await refund('30000', 'Wrong size');
    const refunds = drawer().getByRole('region', { name: L.section });
    await expect.poll(() => refunds.getByText('Successful').count(), { timeout: 20_000 }).toBe(1);
    await drawer().getByText('Refund successful').waitFor();
    // The refund's webhook, delivered to the receiver and shown in the payment's timeline.
    await expect.poll(() => delivered.filter((event) => event.type === 'refund.successful').length, { timeout: 20_000 }).toBe(1);
    expect(delivered.find((event) => event.type === 'refund.successful')?.data).toMatchObject({ amount: 30_000 });
    await expect
      .poll(
        async () => {
          await page.reload();
          await drawer().getByText('Refund successful').waitFor();
          return drawer()
            .getByText(/refund\.successful to .* HTTP 204/)
            .count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await expect.poll(() => receipt()).toMatch(/^Refund: UGX 30,000 from Jinja Shoe House/);
    await expectAccessible(page, 'a payment refunded in half');
    await screenshot(page, 'refunds-2-half-refunded');

    await page.keyboard.press('Escape');
    await page.goto('/settlements?view=statement');
    const statement = page.getByRole('table', { name: 'Statement' });
    await statement.getByText('Refund to 0772 987 654').waitFor();
    await screenshot(page, 'refunds-3-statement');
  });

  it('refunds the rest; then no third refund can be made', async () => {
    await page.goto('/collections?q=0772987654');
    await page.getByRole('table', { name: 'Collections' }).getByRole('link', { name: /^SNT/ }).click();
    await refund('30000', 'Order cancelled');
    await expect.poll(() => drawer().getByTestId('refund-blocked').textContent(), { timeout: 20_000 }).toBe(R.refundedInFull);
    expect(await drawer().getByRole('button', { name: L.refund }).count()).toBe(0);
    const refunds = drawer().getByRole('region', { name: L.section });
    await expect.poll(() => refunds.getByText('Successful').count(), { timeout: 20_000 }).toBe(2);
    // The server refuses a third, whatever the screen shows.
    const id = new URL(page.url()).searchParams.get('payment');
    const { pin_token } = await call('/api/wallet/verify_pin', { pin: PIN });
    const third = await fetch(`${session.server.url}/api/collections/${id}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1, reason: 'Again', pin_token }),
    });
    expect([third.status, ((await third.json()) as { message: string }).message]).toEqual([400, R.refundedInFull]);
    await expectAccessible(page, 'a payment refunded in full');
    await screenshot(page, 'refunds-4-refunded-in-full');
  });

  /** The subject of the last e-mail the payer got. */
  function receipt(): string | undefined {
    const outbox = path.join(session.server.dataDir, 'outbox');
    const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
    for (const name of mails.reverse()) {
      const raw = fs.readFileSync(path.join(outbox, name), 'utf8');
      if (raw.includes(PAYER_EMAIL)) return /^Subject: (.*)$/m.exec(raw)?.[1]?.trim();
    }
    return undefined;
  }
});
