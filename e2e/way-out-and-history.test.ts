import fs from 'node:fs';
import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { PIN_MAX_ATTEMPTS, WALLET_MESSAGES } from '@sente/contracts/transfers';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from './support/accounts.ts';
import { expectAccessible, launchBrowser, newPage, savedDownload, screenshot } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';
import { enterDashboard, expectToast } from './support/ui.ts';

type Tokens = { accessToken: string; refreshToken: string };

const FIELDS = ['Student', 'Class', 'Term', 'Parent', 'Parent phone', 'Notes'].map((label) => ({
  type: 'text',
  label,
  options: [],
}));

/**
 * A payer stuck waiting for a mobile money prompt gets out (another number, or cancel); the merchant's live
 * page goes back through every payment, exports them all and shows where its columns run off the screen; and the
 * merchant changes and resets the wallet PIN without an operator.
 */
describe('a way out of a pending payment, the whole live history, the wallet PIN', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: Tokens;
  let email: string;
  let link: { id: string; ref: string };
  // One phone tab serves both payers (the pay page keeps nothing in the browser between loads) and one desktop tab
  // the merchant's live page and wallet PIN: a new context and its first page cost Chromium several times a later
  // page in a kept tab.
  let phone: Page;
  let desktop: Page;

  async function call(pathname: string, body?: unknown) {
    const response = await fetch(`${server.url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${merchant.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { data: any; message?: string };
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${json.message}`);
    return json.data;
  }

  async function startPaying(page: Page, phoneNumber: string) {
    await page.getByLabel('Your name').fill('Okello John');
    await page.getByLabel('Mobile money number').fill(phoneNumber);
    await page.getByRole('button', { name: 'Pay UGX 20,000' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Approve on your phone' }).count()).toBe(1);
  }

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchBrowser();
    email = `way-out.${Date.now()}@example.com`;
    merchant = await createMerchant(server, email, 'Sente#2026', 'Kampala Parents School');
    link = await call('/api/payment-link/create', { title: 'Term fees', fixed_amount: true, amount: 20_000 });
    [phone, desktop] = await Promise.all([newPage(browser, server.url, 'phone'), newPage(browser, server.url)]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a payer waiting for the prompt tries another number, and another payer cancels', async () => {
    const page = phone;
    await page.goto(`/pay/${link.ref}`);
    // A number ending 0002 stays pending in test mode: the prompt never comes.
    await startPaying(page, '0772000002');
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^(10:00|9:\d\d)$/);
    expect(await page.getByText('We wait up to 10 minutes for your approval').count()).toBe(1);
    await expectAccessible(page, 'waiting with a way out');
    await screenshot(page, 'way-out-1-waiting');

    await page.getByRole('button', { name: 'Try another number' }).click();
    await expect
      .poll(() => page.getByLabel('Mobile money number').evaluate((input) => input === document.activeElement))
      .toBe(true);
    await screenshot(page, 'way-out-2-another-number');
    await page.getByLabel('Mobile money number').fill('0772123456');
    await page.getByRole('button', { name: 'Pay UGX 20,000' }).click();
    await expect.poll(() => page.getByRole('heading', { name: PAYMENT_MESSAGES.paymentSuccessful }).count()).toBe(1);

    const second = phone;
    await second.goto(`/pay/${link.ref}`);
    await startPaying(second, '0701000002');
    await second.getByRole('button', { name: 'Cancel payment' }).click();
    await expect.poll(() => second.getByRole('heading', { name: 'Payment cancelled' }).count()).toBe(1);
    const cancelled = second.getByRole('region', { name: 'Payment cancelled' });
    expect(await cancelled.getByText(PAYMENT_MESSAGES.cancelled, { exact: true }).count()).toBe(1);
    await expectAccessible(second, 'payment cancelled');
    await screenshot(second, 'way-out-3-cancelled');

    // The first number's payment and the cancelled one failed; only the second number's was taken.
    const statuses = (await call(`/api/payment-link/collections/${link.ref}`)).items.map(
      (item: { collection: { status: string; msisdn: string } }) => `${item.collection.msisdn} ${item.collection.status}`,
    );
    expect(statuses.sort()).toEqual(['256701000002 failed', '256772000002 failed', '256772123456 successful']);
  });

  it('the live page goes back through every payment, exports them all, and shows where columns are hidden', async () => {
    const wide = await call('/api/payment-link/create', {
      title: 'Trip fees',
      fixed_amount: false,
      amount: 0,
      extra_fields: FIELDS,
    });
    const answers = (n: number) => FIELDS.map((field) => ({ label: field.label, value: `${field.label} ${n}` }));
    for (let n = 1; n <= 23; n++) {
      const response = await fetch(`${server.url}/api/public/links/${wide.ref}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          names: `Payer ${n}`,
          channel: 'MTN_UG',
          phone: '0772123456',
          amount: 1000 + n,
          extra_data: answers(n),
        }),
      });
      expect(response.status).toBe(201);
    }

    const page = desktop;
    await enterDashboard(page, merchant, `/live/${wide.ref}`);
    const table = page.getByRole('table', { name: 'Live collections' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(20);
    const region = page.getByRole('region', { name: 'Live collections table' });
    await expect.poll(() => page.getByText('More columns to the right: scroll sideways').count()).toBe(1);
    expect(await region.getAttribute('aria-describedby')).toBeTruthy();
    await expectAccessible(page, 'live page, first page');
    await screenshot(page, 'live-history-1-first-page');

    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(23);
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    await expect.poll(() => page.getByText('More columns to the left: scroll back').count()).toBe(1);
    await screenshot(page, 'live-history-2-scrolled');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('Trip fees collections.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(await savedDownload(download)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Collections')!;
    expect(sheet.rowCount).toBe(24);
    expect((sheet.getRow(1).values as unknown[]).slice(12, 18)).toEqual(FIELDS.map((field) => field.label));
  });

  it('the merchant creates, changes and resets the wallet PIN from the profile menu', async () => {
    const page = desktop;
    await enterDashboard(page, merchant, '/dashboard');
    const openDialog = async () => {
      await page.getByRole('button', { name: 'Open profile menu' }).click();
      await page.getByRole('navigation', { name: 'Profile menu' }).getByRole('button', { name: 'Wallet PIN' }).click();
    };
    const typePin = async (label: string, digits: string) => {
      await page.getByLabel(`${label} digit 1`, { exact: true }).click();
      await page.keyboard.type(digits);
    };

    await openDialog();
    await expect.poll(() => page.getByRole('dialog', { name: 'Create wallet PIN' }).count()).toBe(1);
    await typePin('New PIN', '24680');
    await typePin('Confirm new PIN', '24680');
    await page.getByRole('button', { name: 'Create PIN' }).click();
    await expectToast(page, WALLET_MESSAGES.pinCreated);

    await openDialog();
    const change = page.getByRole('dialog', { name: 'Change wallet PIN' });
    await expect.poll(() => change.count()).toBe(1);
    // A wrong current PIN: the server names the field, and its message shows under those boxes.
    await typePin('Current PIN', '11111');
    await typePin('New PIN', '13579');
    await typePin('Confirm new PIN', '13579');
    await change.getByRole('button', { name: 'Change PIN' }).click();
    const currentPin = change.getByLabel('Current PIN digit 1', { exact: true });
    await expect.poll(() => currentPin.getAttribute('aria-describedby')).toMatch(/-error$/);
    const describedBy = (await currentPin.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      WALLET_MESSAGES.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - 1),
    );
    await expectAccessible(page, 'change wallet PIN, refused');
    await screenshot(page, 'wallet-pin-0-refused');
    await typePin('Current PIN', '24680');
    await expectAccessible(page, 'change wallet PIN');
    await screenshot(page, 'wallet-pin-1-change');
    await change.getByRole('button', { name: 'Change PIN' }).click();
    await expectToast(page, WALLET_MESSAGES.pinChanged);

    await openDialog();
    await page.getByRole('button', { name: 'Forgot your PIN?' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset wallet PIN' });
    await reset.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => reset.getByRole('timer').count()).toBe(1);
    await typePin('Code', server.codeFor(email, 'Reset your Sente wallet PIN'));
    await typePin('New PIN', '97531');
    await typePin('Confirm new PIN', '97531');
    await expectAccessible(page, 'reset wallet PIN');
    await screenshot(page, 'wallet-pin-2-reset');
    await reset.getByRole('button', { name: 'Reset PIN' }).click();
    await expectToast(page, WALLET_MESSAGES.pinReset);

    const verified = await fetch(`${server.url}/api/wallet/verify_pin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${merchant.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pin: '97531' }),
    });
    expect(verified.status).toBe(200);
  });
});
