import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { formatMoney } from '@sente/contracts/format';
import { formatPhone } from '@sente/contracts/payments';
import { REFUND_LABELS as L, REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PIN, DEMO_USER } from '../apps/api/src/modules/demo/demo-data.ts';
import { lastMessage } from '../apps/api/src/testing/outbox.ts';
import { signIn } from './support/accounts.ts';
import { expectAccessible, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { type RunningServer, startDemoServer } from './support/server.ts';
import { enterDashboard, expectToast } from './support/ui.ts';

/** The demo's payments this journey seeds (seed:demo): enough to search among, few enough to be quick. */
const DEMO_COLLECTIONS = '60';

/**
 * A refund (decision 053), on the demo (seed:demo): the demo merchant finds one of the school's payments by the payer's phone
 * typed with spaces, opens it, refunds half with the wallet PIN and sees the refund in the payment's timeline (with its
 * webhook delivered) and in the wallet statement; then refunds the rest, after which no third refund can be made.
 */
describe('refunds: a demo payment found, opened, refunded half, then the rest', () => {
  let server: RunningServer;
  let page: Page;
  let close: () => Promise<void>;
  let tokens: { accessToken: string; refreshToken: string };
  let receiver: http.Server;
  const delivered: { type: string; data: { amount: number; collection_id?: string } }[] = [];
  /** The demo payment refunded: its id, amount, payer's e-mail and number. */
  let payment: {
    id: string;
    amount: number;
    transaction_id: string;
    msisdn: string;
    payer_email: string | null;
    customer: { names: string };
  };

  async function call(pathname: string, body?: unknown) {
    const response = await fetch(`${server.url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data: any; message?: string };
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${json.message}`);
    return json.data;
  }

  const drawer = () => page.getByRole('dialog', { name: 'Payment' });

  async function refund(amount: number, reason: string) {
    await drawer().getByRole('button', { name: L.refund }).click();
    const form = page.getByRole('dialog', { name: L.modalTitle });
    await form.getByLabel(L.amount).fill(String(amount));
    await form.getByLabel(L.reason).fill(reason);
    await form.getByRole('button', { name: L.continue }).click();
    const confirm = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await confirm.getByLabel('Wallet PIN digit 1').click();
    await page.keyboard.type(DEMO_PIN);
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, R.started);
  }

  beforeAll(async () => {
    // A server of its own: the demo is seeded into its fresh DATA_DIR before it starts (the embedded database has one
    // owner), which the shared server's cannot be. The seed's own process makes this hook longer than the default.
    const demo = await startDemoServer(DEMO_COLLECTIONS, {
      SIMULATOR_DELAY_MS: '800',
      PAYMENT_WORKER_INTERVAL_MS: '200',
      // Its web hook receiver listens on 127.0.0.1.
      ALLOW_PRIVATE_WEBHOOKS: 'true',
    });
    server = demo;
    // It names where it wrote: the server's DATA_DIR.
    expect(demo.seeded).toContain(`from DATA_DIR ${server.dataDir}`);
    tokens = await signIn(server, DEMO_USER.email, DEMO_USER.password);
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
    // A successful MTN payment of the school with nothing refunded yet (the demo refunds its latest one itself).
    // One whose payer gave an e-mail (a digital item's buyer) when there is one, so the refund's receipt is seen too.
    const { items } = await call('/api/collections?status=successful&channel=MTN_UG');
    const details = await Promise.all(items.map((item: { id: string }) => call(`/api/collections/${item.id}`)));
    const unrefunded = details.filter((detail) => detail.refunds.length === 0);
    payment = unrefunded.find((detail) => detail.payer_email !== null) ?? unrefunded[0];
    const browser = await launchBrowser();
    page = await newPage(browser, server.url);
    close = () => browser.close();
  }, 180_000);
  afterAll(async () => {
    await close?.();
    await new Promise((resolve) => receiver?.close(resolve));
    await server?.stop();
  });

  it("finds the payment by the payer's phone typed with spaces and opens it", async () => {
    await enterDashboard(page, tokens, '/collections');
    const digits = payment.msisdn.slice(3);
    const typed = `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
    expect(typed).toMatch(/^07\d{2} \d{3} \d{3}$/);
    const filter = page.getByRole('region', { name: 'Filter collections' });
    await filter.getByRole('searchbox', { name: 'Search' }).fill(typed);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(typed);
    await page.getByRole('table', { name: 'Collections' }).getByRole('link', { name: payment.transaction_id }).click();
    await drawer().getByText('Payment successful').first().waitFor();
    await drawer().getByRole('button', { name: L.refund }).waitFor();
  });

  it('refunds half with the PIN: the timeline shows it and its webhook delivered, the statement its line', async () => {
    const half = Math.floor(payment.amount / 2);
    await drawer().getByRole('button', { name: L.refund }).click();
    const form = page.getByRole('dialog', { name: L.modalTitle });
    const opened = await call(`/api/collections/${payment.id}`);
    await form.getByText(R.feeNotReturned(opened.refundable, opened.fee)).waitFor();
    await expectAccessible(page, 'the refund form');
    await screenshot(page, 'refunds-1-form');
    await form.getByRole('button', { name: L.cancel }).click();

    await refund(half, 'Paid twice by mistake');
    const refunds = drawer().getByRole('region', { name: L.section });
    await expect.poll(() => refunds.getByText('Successful').count(), { timeout: 20_000 }).toBe(1);
    await drawer().getByText('Refund successful').waitFor();
    // The refund's webhook, delivered to the receiver and shown in the payment's timeline.
    const ours = () => delivered.filter((event) => event.type === 'refund.successful' && event.data.collection_id === payment.id);
    await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(1);
    expect(ours()[0]?.data).toMatchObject({ amount: half });
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
    if (payment.payer_email) {
      const receipt = () => lastMessage(path.join(server.dataDir, 'outbox'), payment.payer_email!)?.subject;
      await expect.poll(receipt).toBe(`Refund: ${formatMoney(half)} from Kampala Parents School`);
    }
    await expectAccessible(page, 'a payment refunded in half');
    await screenshot(page, 'refunds-2-half-refunded');

    await page.keyboard.press('Escape');
    await page.goto('/settlements?view=statement');
    const statement = page.getByRole('table', { name: 'Statement' });
    const line = statement
      .getByRole('row')
      .filter({ hasText: `Refund to ${payment.customer.names} (${formatPhone(payment.msisdn)})` })
      .first();
    await line.getByText(formatMoney(half)).waitFor();
    await screenshot(page, 'refunds-3-statement');
  });

  it('refunds the rest; then no third refund can be made', async () => {
    await page.goto(`/collections?q=${payment.transaction_id}`);
    await page.getByRole('table', { name: 'Collections' }).getByRole('link', { name: payment.transaction_id }).click();
    await refund(payment.amount - Math.floor(payment.amount / 2), 'Order cancelled');
    await expect.poll(() => drawer().getByTestId('refund-blocked').textContent(), { timeout: 20_000 }).toBe(R.refundedInFull);
    expect(await drawer().getByRole('button', { name: L.refund }).count()).toBe(0);
    const refunds = drawer().getByRole('region', { name: L.section });
    await expect.poll(() => refunds.getByText('Successful').count(), { timeout: 20_000 }).toBe(2);
    // The server refuses a third, whatever the screen shows.
    const { pin_token } = await call('/api/wallet/verify_pin', { pin: DEMO_PIN });
    const third = await fetch(`${server.url}/api/collections/${payment.id}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1, reason: 'Again', pin_token }),
    });
    expect([third.status, ((await third.json()) as { message: string }).message]).toEqual([400, R.refundedInFull]);
    await expectAccessible(page, 'a payment refunded in full');
    await screenshot(page, 'refunds-4-refunded-in-full');
  });
});
