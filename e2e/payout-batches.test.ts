import { formatMoney } from '@sente/contracts/format';
import { maskRegisteredName } from '@sente/contracts/name-check';
import { normalizeUgandanPhone } from '@sente/contracts/payments';
import { BATCH_MESSAGES as B } from '@sente/contracts/payout-batches';
import { BATCH_SCREEN_TEXT as T } from '@sente/contracts/payout-batches-labels';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedHolder } from '../apps/api/src/modules/money/providers/simulated-holder.ts';
import { createMerchant } from './support/accounts.ts';
import { expectAccessible, launchBrowser, newPage, savedDownload, screenshot, VIEWPORTS } from './support/browser.ts';
import { chooseFile, payLink } from './support/business.ts';
import { createUser } from './support/members.ts';
import { type RunningServer, sharedServer } from './support/server.ts';
import { enterDashboard, expectToast } from './support/ui.ts';

type Tokens = { accessToken: string; refreshToken: string };

const PASSWORD = 'Sente#2026';
const PIN = '48213';
const ROWS = 200;
/** The sheet's rows the maker must fix (a number no network has, an amount under UGX 500, no name). */
const BAD = { phone: 17, amount: 58, name: 133 } as const;
/** The row paying a test number of the simulator's table (Sarah Nakato's) under another person's name. */
const MISMATCH = 90;
const MISMATCH_PHONE = '0752000012';
const SHEET_NAME = 'Peter Ssempala';
/** The row number the page shows for the sheet's n-th payout: the sheet's own line, under its header row. */
const lineOf = (n: number) => n + 1;

/** Row `n`'s amount as the sheet has it, and as the maker leaves it once fixed. */
const amountOf = (n: number) => 1_000 + (n % 5) * 500;
const FIXED_AMOUNT = 1_000;
/** The batch's total once fixed, and its charges: the payout charge of each row (FEE_PAYOUT_FLAT, UGX 1,000). */
const TOTAL = Array.from({ length: ROWS }, (_, i) => (i + 1 === BAD.amount ? FIXED_AMOUNT : amountOf(i + 1))).reduce(
  (sum, amount) => sum + amount,
);
const CHARGES = ROWS * 1_000;

/** Row `n`'s MTN number: all different, none ending as the simulator's failing (0001) or pending (0002) numbers do. */
const phoneOf = (n: number) => `0772${String(100_000 + n * 7).padStart(6, '0')}`;

/** The name the simulator has registered behind a number (its table, else a name made from the number's digits). */
function registeredName(phone: string): string {
  const holder = simulatedHolder(normalizeUgandanPhone(phone) ?? '');
  if (holder.status !== 'registered') throw new Error(`The simulator has no name behind ${phone}`);
  return holder.name;
}

/** The sheet a school's bursar would upload: 200 teachers of UGX 1,000 to 3,000, three rows wrong, one name another's. */
function sheet(): string {
  const lines = ['phone,amount,name,reference,narrative'];
  for (let n = 1; n <= ROWS; n++) {
    const phone = n === BAD.phone ? '0700 12' : n === MISMATCH ? MISMATCH_PHONE : phoneOf(n);
    const amount = n === BAD.amount ? '100' : String(amountOf(n));
    const name = n === BAD.name ? '' : n === MISMATCH ? SHEET_NAME : registeredName(phoneOf(n));
    lines.push([phone, amount, name, `T-${n}`, 'November salary'].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A maker uploads a sheet of 200 payouts with three bad rows and one name that does not match the simulator's, fixes the
 * rows in place and submits; the maker cannot approve their own batch; another member accepts the mismatch by name and
 * approves with the wallet PIN; every row is paid by the simulator, watched on the page's counts, and the result
 * downloads.
 */
describe('payout batches: a sheet of payouts, fixed in place, approved by a second member with the PIN, paid', () => {
  const stamp = Date.now();
  const makerEmail = `bursar.${stamp}@example.com`;
  const approverEmail = `head.${stamp}@example.com`;
  let server: RunningServer;
  let browser: Browser;
  let maker: Tokens;
  let approver: Tokens;
  let batchUrl: string;

  /**
   * One tab for the maker, the approver and the phone, kept from step to step: `enterDashboard` sets whose session it
   * holds before the page loads, and a new browser context costs Chromium about four times what a later page in the
   * same tab does. Closing the browser closes it.
   */
  let kept: Page | undefined;
  const tab = async () => (kept ??= await newPage(browser, server.url));

  async function call(tokens: Tokens, pathname: string, body?: unknown) {
    const response = await fetch(`${server.url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${tokens.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { data: any; message?: string };
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${json.message}`);
    return json.data;
  }

  /** The figure the batch page's counts show for a term ('Paid', 'Errors'). */
  const figure = (page: Page, term: string) =>
    page.getByRole('region', { name: 'Row counts' }).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');

  /** Picks the rows the batch page lists, as a person clicks a segment of the control. */
  const showRows = (page: Page, label: string) =>
    page
      .locator('label')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .click();

  async function typePin(page: Page) {
    await page.getByLabel('Wallet PIN digit 1').click();
    await page.keyboard.type(PIN);
  }

  /** Edits the sheet's n-th payout through its form: clears a field and types the right value. */
  async function fixRow(page: Page, n: number, field: string, value: string) {
    const row = lineOf(n);
    await page.getByRole('button', { name: `Edit row ${row}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: `Edit row ${row}` });
    await form.getByRole('textbox', { name: field }).fill(value);
    await form.getByRole('button', { name: 'Save row' }).click();
    await expect.poll(() => form.count()).toBe(0);
  }

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchBrowser();
    [maker, approver] = await Promise.all([
      createMerchant(server, makerEmail, PASSWORD, 'Gulu Teachers SACCO'),
      createUser(server, approverEmail, PASSWORD, 'Brian'),
    ]);
    const { code, output } = await server.ops('members:set-role', makerEmail, approverEmail, 'administrator');
    expect(code, output).toBe(0);
    const account = (await call(maker, '/api/user/profile')).current_account;
    const approverId = (await call(approver, '/api/user/profile')).user_id;
    await call(approver, '/api/wallet/set_pin', {
      user_id: approverId,
      sente_account_id: account.id,
      active_environment: 'test',
      pin: PIN,
    });
    // 1,000,000 paid, less the 3 % fee: 970,000 in the test wallet, more than the batch's total with its charges.
    const link = await call(maker, '/api/payment-link/create', { title: 'Fees', fixed_amount: true, amount: 1_000_000 });
    await payLink(server.url, link.ref, { names: 'Moses Kato', phone: '0772 123 456', channel: 'MTN_UG' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the maker uploads the sheet, fixes its three bad rows in place, and submits it', async () => {
    const page = await tab();
    await enterDashboard(page, maker, '/settlements?view=batches');
    await expect.poll(() => page.getByText(T.empty).count()).toBe(1);
    await expectAccessible(page, 'batches: empty');
    await screenshot(page, 'batches-01-empty');

    await page.getByRole('button', { name: T.newBatch }).click();
    const modal = page.getByRole('dialog', { name: 'New payout batch' });
    await modal.getByLabel('Batch reference').fill('Teachers November');
    await chooseFile(page, modal.getByRole('button', { name: /^Sheet/ }), {
      name: 'teachers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(sheet()),
    });
    await expectAccessible(page, 'batches: new batch');
    await screenshot(page, 'batches-02-new-batch');
    await modal.getByRole('button', { name: 'Upload' }).click();
    await expectToast(page, B.uploaded);
    await expect.poll(() => page.url()).toMatch(/\/settlements\/batches\/[\w-]+$/);
    batchUrl = new URL(page.url()).pathname;

    // The names are checked in the background: every valid row gets its result, and the page stops at 3 errors.
    await expect.poll(() => figure(page, 'Errors').textContent()).toBe('3');
    await expect.poll(() => page.getByText(/Checking names/).count(), { timeout: 30_000 }).toBe(0);
    const submit = page.getByRole('button', { name: 'Submit for approval' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByText(B.hasErrors).count()).toBe(1);

    await showRows(page, 'Issues');
    // The rows with an error, and the one whose name does not match, which the approver will judge.
    for (const n of [...Object.values(BAD), MISMATCH]) {
      await expect.poll(() => page.getByRole('button', { name: `Edit row ${lineOf(n)}`, exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole('button', { name: /^Edit row/ }).count()).toBe(4);
    await expectAccessible(page, 'batch: draft, issues');
    await screenshot(page, 'batches-03-draft-issues');

    await page.getByRole('button', { name: `Edit row ${lineOf(BAD.phone)}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: `Edit row ${lineOf(BAD.phone)}` });
    expect(await form.getByText('Not an MTN or Airtel Uganda number.').count()).toBe(1);
    await expectAccessible(page, 'batch: edit row');
    await screenshot(page, 'batches-04-edit-row');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await fixRow(page, BAD.phone, 'Phone', phoneOf(BAD.phone));
    await fixRow(page, BAD.amount, 'Amount (UGX)', String(FIXED_AMOUNT));
    await fixRow(page, BAD.name, 'Name', registeredName(phoneOf(BAD.name)));
    await expect.poll(() => figure(page, 'Errors').textContent()).toBe('0');
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true);
    await submit.click();
    await expectToast(page, B.submitted);

    // The maker made the batch: no Approve, no Accept name, only the wait and its end.
    await expect.poll(() => page.getByText(T.waitingForApproval).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Accept name' }).count()).toBe(0);
    await expectAccessible(page, 'batch: awaiting approval, maker');
    await screenshot(page, 'batches-05-awaiting-maker');
  });

  it('another member accepts the name that does not match and approves with the PIN; every row is paid', async () => {
    const page = await tab();
    await enterDashboard(page, approver, batchUrl);
    await showRows(page, 'Names');
    const accept = page.getByRole('button', { name: 'Accept name' });
    await expect.poll(() => accept.count()).toBe(1);
    const approve = page.getByRole('button', { name: 'Approve' });
    expect(await approve.isDisabled()).toBe(true);
    await accept.click();
    const confirm = page.getByRole('dialog', { name: 'Accept name' });
    const registered = maskRegisteredName(registeredName(MISMATCH_PHONE));
    expect(await confirm.textContent()).toContain(T.acceptName(SHEET_NAME, registered));
    await expectAccessible(page, 'batch: accept name');
    await screenshot(page, 'batches-06-accept-name');
    await confirm.getByRole('button', { name: 'Accept name' }).click();
    await expectToast(page, B.nameAccepted);

    await expect.poll(() => approve.isEnabled()).toBe(true);
    await approve.click();
    const pinStep = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await expect.poll(() => pinStep.count()).toBe(1);
    expect(await pinStep.getByText(formatMoney(TOTAL), { exact: true }).count()).toBe(1);
    expect(await pinStep.getByText(formatMoney(CHARGES), { exact: true }).count()).toBe(1);
    await typePin(page);
    await pinStep.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, B.approved);

    // The page reads the batch again while it pays: it waits on the counts, never on a clock.
    await expect.poll(() => figure(page, 'Paid').textContent(), { timeout: 60_000 }).toBe(String(ROWS));
    expect(await figure(page, 'Failed').textContent()).toBe('0');
    // The rows shown are read once more when the batch is done: the accepted row is paid, not left as sent.
    const status = page.getByRole('row').filter({ hasText: SHEET_NAME }).getByRole('cell').last();
    await expect.poll(() => status.textContent()).toBe('Paid');
    await expect.poll(() => page.getByText('Completed', { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'batch: paid');
    await screenshot(page, 'batches-07-paid');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download result' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await savedDownload(download));
    expect(book.worksheets[0]!.actualRowCount).toBeGreaterThan(ROWS);
  });

  it('the batch shows in the list, paid, on a phone too', async () => {
    const page = await tab();
    await page.setViewportSize(VIEWPORTS.phone);
    await enterDashboard(page, maker, '/settlements?view=batches');
    const card: Locator = page.getByRole('listitem').filter({ hasText: 'Teachers November' });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByText('Completed').count()).toBe(1);
    expect(await card.getByText(`${ROWS} paid`).count()).toBe(1);
    await expectAccessible(page, 'batches: list, phone');
    await screenshot(page, 'batches-08-list-phone');
    await page.goto(batchUrl);
    await expect.poll(() => figure(page, 'Paid').textContent()).toBe(String(ROWS));
    await screenshot(page, 'batches-09-paid-phone');
  });
});
