import fs from 'node:fs';
import path from 'node:path';
import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { RECEIPT_LABELS, VIEW_RECEIPT } from '@sente/contracts/receipts';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocally } from '../apps/api/src/testing/local-server.ts';
import { lastMessage } from '../apps/api/src/testing/outbox.ts';
import { type VerifyRedirect, verifierFromDocs } from '../apps/api/src/testing/redirect-docs.ts';
import { createMerchant } from './support/accounts.ts';
import { expectAccessible, launchBrowser, newPage, savedDownload, screenshot } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';
import { enterDashboard, TINY_PNG } from './support/ui.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const MERCHANT = 'Kampala Parents School';

/** A line of the success screen's receipt, read as the payer does: the value beside its term. */
const receiptLine = (page: Page, term: string) =>
  page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd').textContent();
/** The success screen's Sente reference, the payment's transaction ID. */
const transactionIdShown = (page: Page) => receiptLine(page, RECEIPT_LABELS.reference);

type Tokens = { accessToken: string; refreshToken: string };
type Ref = { id: string; ref: string };
/** What the school's own site made of a redirect it received. */
type Landing = { url: string; verified: Record<string, string> | null };

/**
 * Journeys of the customer pages: customers on a phone pay each kind of link through the real pages and the test-mode
 * simulator; then the merchant finds every payment in the dashboard, with fees taken once.
 */
describe('customers pay on a phone, the merchant sees the money', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: Tokens;
  let fixed: Ref;
  let dynamic: Ref;
  let donation: Ref;
  let item: Ref;
  let closed: Ref;
  let sports: Ref;
  /** The school's own site, where the fixed link sends payers back: it verifies the redirect as docs/redirects.md says. */
  let schoolSite: LocalServer;
  const landings: Landing[] = [];

  async function call(pathname: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
    const response = await fetch(`${server.url}${pathname}`, {
      method,
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

  async function upload(folder: string, name: string, bytes: Buffer): Promise<string> {
    const form = new FormData();
    form.append('folder', folder);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${merchant.accessToken}` },
      body: form,
    });
    if (!response.ok) throw new Error(`upload answered ${response.status}`);
    return ((await response.json()) as { data: string }).data;
  }

  /**
   * A phone-sized tab, as most payers in Uganda open a shared link; one for every payer, kept from step to step (each
   * step opens its page afresh): the customer pages keep nothing in the browser between loads, and a new browser
   * context costs Chromium about four times what a later page in the same tab does.
   */
  let phoneTab: Page | undefined;
  const phone = async () => (phoneTab ??= await newPage(browser, server.url, 'phone'));

  /**
   * The merchant's desktop tab, kept from step to step: a new browser context and its first dashboard page cost Chromium
   * about four times what a later page in the same tab does. Closing the browser closes it.
   */
  let merchantTab: Page | undefined;
  const merchantPage = async () => (merchantTab ??= await newPage(browser, server.url));

  async function fillPayer(page: Page, names: string, phoneNumber: string) {
    await page.getByLabel('Your name').fill(names);
    await page.getByLabel('Mobile money number').fill(phoneNumber);
  }

  async function expectPaid(page: Page) {
    await expect.poll(() => page.getByRole('heading', { name: 'Approve on your phone' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: PAYMENT_MESSAGES.paymentSuccessful }).count()).toBe(1);
  }

  /** The school's site: checks the signature with the account's encryption key and answers what it found. */
  async function startSchoolSite(verify: VerifyRedirect) {
    return listenLocally(async (request, response) => {
      // The browser also asks for a favicon, which the school's site does not have.
      if (!request.url.startsWith('/thank-you?')) {
        response.writeHead(404).end();
        return;
      }
      const { current_account } = await call('/api/user/profile');
      const verified = verify(`http://school.example${request.url}`, current_account.api_keys.encryption_key);
      landings.push({ url: request.url, verified });
      response.writeHead(verified ? 200 : 400, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><title>School</title><main><h1>${verified ? 'Payment verified' : 'Payment not verified'}</h1>` +
          `<p>${verified ? `${verified.status}: ${verified.transaction_id}` : ''}</p></main></html>`,
      );
    });
  }

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchBrowser();
    merchant = await createMerchant(server, `payee.${Date.now()}@example.com`, 'Sente#2026', MERCHANT);
    schoolSite = await startSchoolSite(await verifierFromDocs());
    await call('/api/sente-account/update-logo', { company_logo: await upload('companylogos', 'logo.png', TINY_PNG) });
    fixed = await call('/api/payment-link/create', {
      title: 'Term 1 fees',
      description: 'Fees for the first term of 2027',
      fixed_amount: true,
      amount: 150_000,
      redirect_url: `${schoolSite.url}/thank-you?term=1`,
    });
    dynamic = await call('/api/payment-link/create', {
      title: 'School uniform',
      fixed_amount: false,
      extra_fields: [
        { type: 'text', label: 'Student name' },
        { type: 'multi-text', label: 'Notes' },
        { type: 'select', label: 'Class', options: ['P5', 'P6', 'P7'] },
        { type: 'checkbox', label: 'Items', options: ['Shirt', 'Shorts', 'Sweater'] },
        { type: 'radio', label: 'Size', options: ['Small', 'Medium', 'Large'] },
      ],
    });
    donation = await call('/api/donation-link/create', {
      title: 'New library',
      description: 'Books and shelves for the P7 library',
      target: 5_000_000,
      beneficiary: 'P7 pupils',
    });
    item = await call('/api/donation-link/create_digital_item', {
      title: 'Holiday workbook',
      description: 'Exercises for the long holiday',
      price: 15_000,
      original_price: 20_000,
      image: await upload('uploads', 'cover.png', TINY_PNG),
      file: await upload('products', 'workbook.pdf', PDF),
      buyer_note: 'Print pages 1 to 12 first.',
    });
    sports = await call('/api/payment-link/create', { title: 'Sports day', fixed_amount: true, amount: 10_000 });
    closed = await call('/api/payment-link/create', { title: 'Old trip', fixed_amount: true, amount: 40_000 });
    await call(`/api/payment-link/enable_or_disable/${closed.id}`, { is_disabled: true });
  });

  afterAll(async () => {
    await browser?.close();
    await schoolSite?.close();
    await server?.stop();
  });

  it('a parent pays a fixed payment link with MTN and is taken back to the school, whose site verifies the payment', async () => {
    const page = await phone();
    await page.goto(`/pay/${fixed.ref}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Term 1 fees' }).count()).toBe(1);
    expect(await page.getByText('TEST MODE — no real money moves').count()).toBe(1);
    expect(await page.getByText(MERCHANT).count()).toBe(1);
    expect(await page.getByText('UGX 150,000').first().isVisible()).toBe(true);
    await screenshot(page, 'checkout-01-fixed-form');

    await page.getByRole('button', { name: 'Pay UGX 150,000' }).click();
    expect(await page.getByText('Enter your name').count()).toBeGreaterThan(0);

    await fillPayer(page, 'Sarah Namubiru', '0772 123 456');
    // The prefix tells the network: MTN is chosen for the payer.
    expect(await page.getByRole('radio', { name: 'MTN Mobile Money' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Pay UGX 150,000' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Approve on your phone' }).count()).toBe(1);
    await screenshot(page, 'checkout-02-waiting');
    await expect.poll(() => page.getByRole('heading', { name: PAYMENT_MESSAGES.paymentSuccessful }).count()).toBe(1);
    const transactionId = await transactionIdShown(page);
    expect(transactionId).toMatch(/^SNT[A-Z2-9]{12}$/);
    // The success screen stays (its countdown leaves after 15 s, decision 068): the parent goes on by the button. It is
    // checked by axe in the next journey, whose link has no redirect. The school's own query stays, before Sente's.
    await page.getByRole('link', { name: `Continue to ${MERCHANT}` }).click();
    await page.waitForURL((url) => url.href.startsWith(`${schoolSite.url}/thank-you?term=1&sente_id=`));
    // The school's site trusted the redirect without asking Sente: the signature held, with the payment's reference.
    await expect.poll(() => page.getByRole('heading', { name: 'Payment verified' }).count()).toBe(1);
    expect(await page.getByText(`successful: ${transactionId}`).count()).toBe(1);
    expect(landings).toHaveLength(1);
    expect(landings[0]!.verified).toMatchObject({
      transaction_id: transactionId,
      status: 'successful',
      amount: '150000',
      currency: 'UGX',
      reference: '',
    });
    expect(landings[0]!.verified!.id).toMatch(/^[0-9a-f-]{36}$/);
    await screenshot(page, 'checkout-02b-school-site-verified');
  });

  it('a parent pays a dynamic link with Airtel, answering every kind of extra input', async () => {
    const page = await phone();
    await page.goto(`/pay/${dynamic.ref}`);
    await page.getByLabel('Amount (UGX)').fill('75000');
    await page.getByLabel('Student name').fill('Daniel Mukasa');
    await page.getByLabel('Notes').fill('Collect on Friday');
    await page.getByLabel('Class').selectOption('P6');
    await page.getByRole('checkbox', { name: 'Shirt' }).check();
    await page.getByRole('checkbox', { name: 'Sweater' }).check();
    await page.getByRole('radio', { name: 'Medium' }).check();
    await fillPayer(page, 'Grace Mukasa', '0752 123 456');
    expect(await page.getByRole('radio', { name: 'Airtel Money' }).isChecked()).toBe(true);
    await expectAccessible(page, 'pay: dynamic link with extra inputs');
    await screenshot(page, 'checkout-04-dynamic-form');
    await page.getByRole('button', { name: 'Pay UGX 75,000' }).click();
    await expectPaid(page);
    const reference = await transactionIdShown(page);
    expect(reference).toMatch(/^SNT[A-Z2-9]{12}$/);
    expect(await receiptLine(page, RECEIPT_LABELS.amount)).toBe('UGX 75,000');
    expect(await receiptLine(page, RECEIPT_LABELS.paidTo)).toBe(MERCHANT);
    expect(await receiptLine(page, RECEIPT_LABELS.for)).toBe('School uniform');
    expect(await receiptLine(page, RECEIPT_LABELS.date)).toMatch(/ EAT$/);
    await expectAccessible(page, 'pay: success');
    await screenshot(page, 'checkout-03-success');

    // The receipt page itself (printed, the till slip, the PDF) is the demo-school journey's.
    expect(await page.getByRole('link', { name: VIEW_RECEIPT }).getAttribute('href')).toMatch(/\/r\/[A-Za-z0-9_-]+$/);
  });

  it('a well-wisher donates and gets a receipt by e-mail; the progress moves', async () => {
    const page = await phone();
    await page.goto(`/fund/${donation.ref}`);
    await expect.poll(() => page.getByText('For P7 pupils').count()).toBe(1);
    await page.getByLabel('Amount (UGX)').fill('50,000');
    await fillPayer(page, 'Peter Ochieng', '0782 555 123');
    await page.getByLabel('E-mail').fill('peter.ochieng@example.com');
    await expectAccessible(page, 'fund: donation');
    await screenshot(page, 'checkout-05-donation-form');
    await page.getByRole('button', { name: 'Donate UGX 50,000' }).click();
    await expectPaid(page);
    await expect
      .poll(() => lastMessage(path.join(server.dataDir, 'outbox'), 'peter.ochieng@example.com')?.text ?? '')
      .toContain('UGX 50,000');

    await page.goto(`/fund/${donation.ref}`);
    await expect.poll(() => page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50000');
    await screenshot(page, 'checkout-06-donation-progress');
  });

  it('a buyer pays for a digital item by card, downloads the file and is told the link was e-mailed too', async () => {
    const page = await phone();
    await page.goto(`/checkout/${item.ref}`);
    // The struck-out price, as a screen reader says it: 'was' and the old price.
    await expect.poll(() => page.getByText(/^was UGX/).textContent()).toContain('UGX 20,000');
    await page.getByLabel('Your name').fill('Joan Atim');
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry').fill('12/29');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Pay UGX 15,000' }).click();
    // A buyer's download link also goes by e-mail, so that closing the page does not lose it: the address is asked for.
    expect(await page.getByText(PAYMENT_MESSAGES.emailRequiredForDownload).count()).toBeGreaterThan(0);
    await page.getByLabel('E-mail').fill('joan.atim@example.com');
    await screenshot(page, 'checkout-07-item-card-form');
    await page.getByRole('button', { name: 'Pay UGX 15,000' }).click();
    await expect.poll(() => page.getByRole('heading', { name: PAYMENT_MESSAGES.paymentSuccessful }).count()).toBe(1);
    expect(await page.getByText('Print pages 1 to 12 first.').count()).toBe(1);
    expect(await page.getByText('We also sent the download link to joan.atim@example.com').count()).toBe(1);
    await expectAccessible(page, 'checkout: success with download');
    await screenshot(page, 'checkout-08-item-success');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
    expect(fs.readFileSync(await savedDownload(download))).toEqual(PDF);
    expect(lastMessage(path.join(server.dataDir, 'outbox'), 'joan.atim@example.com')?.text).toContain('/download');
  });

  it('a payment the network refuses shows as failed, and nothing is credited', async () => {
    const page = await phone();
    await page.goto(`/pay/${fixed.ref}`);
    await fillPayer(page, 'Moses Kato', '0772 120 001');
    await page.getByRole('button', { name: 'Pay UGX 150,000' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Payment failed' }).count()).toBe(1);
    await expectAccessible(page, 'pay: failed');
    await screenshot(page, 'checkout-09-failed');
    await page.getByRole('button', { name: 'Try again' }).click();
    // What was typed is kept for the retry.
    expect(await page.getByLabel('Your name').inputValue()).toBe('Moses Kato');
  });

  it('a disabled link says plainly that it is not taking payments', async () => {
    const page = await phone();
    await page.goto(`/pay/${closed.ref}`);
    await expect.poll(() => page.getByText(PAYMENT_MESSAGES.linkUnavailable).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Pay/ }).count()).toBe(0);
    await page.goto('/pay/no-such-link');
    await expect.poll(() => page.getByText(PAYMENT_MESSAGES.linkNotFound).count()).toBe(1);
    await screenshot(page, 'checkout-10-not-found');
  });

  it('a sister pays from the same phone under her own name (families share phones)', async () => {
    const page = await phone();
    await page.goto(`/pay/${sports.ref}`);
    await fillPayer(page, 'Ruth Namubiru', '0772123456');
    await page.getByRole('button', { name: 'Pay UGX 10,000' }).click();
    await expectPaid(page);
  });

  it('the merchant sees each payment in collections, customers, the live page, the link sums and the dashboard', async () => {
    const page = await merchantPage();
    await enterDashboard(page, merchant, '/collections');
    const rows = page.getByRole('table', { name: 'Collections' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(6);
    // Badges draw their word in capitals, and innerText reads what is drawn.
    const table = await rows.allInnerTexts();
    expect(table.filter((row) => /successful/i.test(row))).toHaveLength(5);
    // Each payment of the shared phone keeps the name it was paid with.
    expect(table.filter((row) => row.includes('+256 772 123 456')).map((row) => row.match(/\w+ Namubiru/)?.[0])).toEqual([
      'Ruth Namubiru',
      'Sarah Namubiru',
    ]);
    expect(table.find((row) => row.includes('Moses Kato'))).toMatch(/failed/i);
    expect(table.find((row) => row.includes('Joan Atim'))).toMatch(/Card[\s\S]*UGX 15,000/);
    expect(table.find((row) => row.includes('Grace Mukasa'))).toContain('Airtel Money');
    await expectAccessible(page, 'collections');
    await screenshot(page, 'checkout-11-collections');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('Collections Received.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await savedDownload(download));
    const names = workbook.worksheets[0]!.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.join('|')] : []));
    expect(
      names.filter((row) => /Sarah Namubiru|Ruth Namubiru|Grace Mukasa|Peter Ochieng|Joan Atim|Moses Kato/.test(row)),
    ).toHaveLength(6);

    await page.getByRole('link', { name: 'Customers' }).click();
    const customers = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
    // A customer is recorded by a successful payment: the refused one made none. The shared phone is one customer,
    // under the latest name, with the earlier one beside it.
    await expect.poll(() => customers.count()).toBe(4);
    const customerText = (await customers.allInnerTexts()).join('\n');
    expect(customerText).toContain('peter.ochieng@example.com');
    expect(customerText).not.toContain('Moses Kato');
    const family = page.getByRole('table', { name: 'Customers' }).getByRole('row', { name: /\+256 772 123 456/ });
    expect(await family.getByText('Ruth Namubiru', { exact: true }).isVisible()).toBe(true);
    expect(await family.getByText('Also paid as Sarah Namubiru', { exact: true }).isVisible()).toBe(true);
    expect((await family.getByRole('cell').allTextContents()).slice(-2)).toEqual(['2', 'UGX 160,000']);
    await expectAccessible(page, 'customers');
    await screenshot(page, 'checkout-12-customers');

    await page.getByRole('link', { name: 'Payment Links' }).click();
    // The failed payment does not count: the sum is the one successful payment.
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Term 1 fees/ })
          .getByRole('link', { name: 'UGX 150,000' })
          .count(),
      )
      .toBe(1);
    expect(
      await page
        .getByRole('row', { name: /School uniform/ })
        .getByRole('link', { name: 'UGX 75,000' })
        .count(),
    ).toBe(1);
    await screenshot(page, 'checkout-13-payment-link-sums');

    await page
      .getByRole('row', { name: /School uniform/ })
      .getByRole('link', { name: 'UGX 75,000' })
      .click();
    await page.waitForURL(`**/live/${dynamic.ref}`);
    await expect.poll(() => page.getByTestId('live-total').textContent()).toBe('UGX 75,000');
    const live = page.getByRole('table', { name: 'Live collections' });
    const headers = await live.locator('thead th').allInnerTexts();
    expect(headers.slice(-5)).toEqual(['Student name', 'Notes', 'Class', 'Items', 'Size']);
    const liveRow = await live.locator('tbody tr').first().textContent();
    for (const answer of ['Daniel Mukasa', 'Collect on Friday', 'P6', 'Shirt, Sweater', 'Medium'])
      expect(liveRow).toContain(answer);
    await screenshot(page, 'checkout-14-live');
    await page.getByRole('link', { name: 'Close live page' }).click();
    await page.waitForURL('**/payment-links');

    await page.getByRole('link', { name: 'Donation Links' }).click();
    await expect.poll(() => page.getByRole('row', { name: /New library/ }).textContent()).toContain('UGX 50,000');

    await page.getByRole('link', { name: 'Overview' }).click();
    // 300,000 paid in five successful payments, less the 3% collection fee of each: 291,000.
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('UGX 291,000');
    await expect.poll(() => page.getByRole('list', { name: 'Recent collections' }).getByRole('listitem').count()).toBe(6);
    // The chart's figures, from the daily roll-up: the five successful payments, 300,000 in all (summed over the
    // week's rows, so a run across Kampala's midnight still adds up).
    const figures = page.getByRole('table', { name: 'Transactions, last 7 days' });
    const received = async () =>
      (await figures.locator('tbody tr td:nth-child(2)').allTextContents()).reduce(
        (sum, cell) => sum + Number(cell.replace(/[^\d]/g, '')),
        0,
      );
    await expect.poll(received).toBe(300_000);
    await page.locator('.recharts-surface').first().waitFor();
    await expectAccessible(page, 'dashboard');
    await screenshot(page, 'checkout-15-dashboard');

    const verify = await server.ops('ledger:verify');
    expect(verify.code, verify.output).toBe(0);
  });

  it('Collections fits its seven columns on a 1,280 px screen; a narrower one keeps the scroll cue, a phone gets cards', async () => {
    const page = await merchantPage();
    await enterDashboard(page, merchant, '/collections');
    const region = page.getByRole('region', { name: 'Collections table' });
    const badges = page.getByRole('table', { name: 'Collections' }).locator('tbody tr td:last-child .mantine-Badge-root');
    await expect.poll(() => badges.count()).toBe(6);
    const widths = () => region.evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth }));
    const { scroll, client } = await widths();
    expect(scroll).toBeLessThanOrEqual(client);
    // Every Status badge lies inside the table's box, not under its right edge's shade.
    const box = (await region.boundingBox())!;
    for (const badge of await badges.all()) {
      const drawn = (await badge.boundingBox())!;
      expect(drawn.x + drawn.width).toBeLessThanOrEqual(box.x + box.width);
    }
    expect(await page.getByText(/More columns/).count()).toBe(0);
    await screenshot(page, 'checkout-16-collections-1280');

    // The table's smallest screen (Mantine's md, 992 px) leaves it short of room: it scrolls, and says so.
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(() => page.getByText('More columns to the right: scroll sideways').count()).toBe(1);
    const narrow = await widths();
    expect(narrow.scroll).toBeGreaterThan(narrow.client);
    await expectAccessible(page, 'collections at 1000 px');
    await screenshot(page, 'checkout-17-collections-1000');

    // The payers' phone tab: the merchant's session is set in it before the dashboard loads.
    const small = await phone();
    await enterDashboard(small, merchant, '/collections');
    const cards = small.getByRole('list', { name: 'Collections' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(6);
    expect(await small.getByRole('table', { name: 'Collections' }).count()).toBe(0);
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(small, 'collections on a phone');
    await screenshot(small, 'checkout-18-collections-phone');

    // The customers' cards say the shared phone's earlier name too.
    await small.goto('/customers');
    const family = small.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: 'Ruth Namubiru' });
    await expect.poll(() => family.getByText('Also paid as Sarah Namubiru', { exact: true }).count()).toBe(1);
    await expectAccessible(small, 'customers on a phone');
    await screenshot(small, 'checkout-19-customers-phone');
  });
});
