import { kampalaDay } from '@sente/contracts/dates';
import { NAME_CHECK_MESSAGES } from '@sente/contracts/name-check';
import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { PAYOUT_RULE_LABELS, PAYOUT_RULE_MESSAGES } from '@sente/contracts/payout-rules';
import { WALLET_MESSAGES as M, PIN_MAX_ATTEMPTS, TRANSFER_MENU_LABELS, TRANSFER_OPTIONS } from '@sente/contracts/transfers';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAirtel, startFakeAirtel } from '../apps/api/src/testing/fake-airtel.ts';
import { type FakeMtn, type MtnRecord, startFakeMtn } from '../apps/api/src/testing/fake-mtn.ts';
import { liveRailsEnv } from '../apps/api/src/testing/live-rails-env.ts';
import { createMerchant } from './support/accounts.ts';
import { expectAccessible, launchBrowser, newPage, savedDownload, screenshot } from './support/browser.ts';
import { payLink } from './support/business.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { enterDashboard, expectToast, pasteInto } from './support/ui.ts';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Tokens = { accessToken: string; refreshToken: string };

const SENDER = 'Nakasero Hardware';
const RECEIVER = 'Jinja Fresh Produce';
const PIN = '48213';

/**
 * A merchant funded by a customer's payment creates a wallet PIN, sends money to another
 * merchant's account number and requests a transfer to the bank that an operator approves; both merchants see
 * the movements and balances, and the wrong-PIN and above-balance messages show where the merchant looks.
 * Then the merchant goes live, against fake MTN and Airtel servers the journey starts: a customer pays
 * through the public page, MTN calls back, and the merchant pays out live.
 */
describe('money out: wallet PIN, a transfer to another merchant, a settlement the operator approves', () => {
  let server: RunningServer;
  let browser: Browser;
  let sender: Tokens;
  let receiver: Tokens;
  let receiverNumber: string;
  let senderEmail: string;
  let mtn: FakeMtn;
  let airtel: FakeAirtel;

  async function call(tokens: Tokens | null, pathname: string, body?: unknown) {
    const response = await fetch(`${server.url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { data: any; message?: string };
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${json.message}`);
    return json.data;
  }

  /** A customer pays the sender's link through the public API, so its test wallet holds real ledger money. */
  async function fundSender(amount: number) {
    const link = await call(sender, '/api/payment-link/create', { title: 'Cement', fixed_amount: true, amount });
    await payLink(server.url, link.ref, { names: 'Moses Kato', phone: '0772 123 456', channel: 'MTN_UG' });
  }

  const profileOf = async (tokens: Tokens) => (await call(tokens, '/api/user/profile')).current_account;

  async function openTransfers(page: Page) {
    await page.getByRole('button', { name: 'Transfers', exact: true }).first().click();
  }

  /**
   * The journey's tab for a viewport, kept from step to step: a new browser context and its first dashboard page cost
   * Chromium about four times what a later page in the same tab does. Closing the browser closes them. The receiver
   * and the live payer use the phone's tab too: `enterDashboard` sets whose session the tab holds before its page
   * loads, and the customer pages read no stored session.
   */
  const tabs = new Map<'desktop' | 'phone', Page>();
  async function tab(viewport: 'desktop' | 'phone'): Promise<Page> {
    const kept = tabs.get(viewport);
    if (kept) return kept;
    const page = await newPage(browser, server.url, viewport);
    tabs.set(viewport, page);
    return page;
  }

  async function typePin(page: Page, label: string, pin: string) {
    await page.getByLabel(`${label} digit 1`).click();
    await page.keyboard.type(pin);
  }

  beforeAll(async () => {
    // A server of its own: its live rails are the fake MTN and Airtel started here, whose requests the steps inspect.
    [mtn, airtel] = await Promise.all([startFakeMtn(), startFakeAirtel()]);
    [server, browser] = await Promise.all([
      startServer({ SIMULATOR_DELAY_MS: '300', ...liveRailsEnv(mtn, airtel) }),
      launchBrowser(),
    ]);
    const stamp = Date.now();
    senderEmail = `sender.${stamp}@example.com`;
    [sender, receiver] = await Promise.all([
      createMerchant(server, senderEmail, 'Sente#2026', SENDER),
      createMerchant(server, `receiver.${stamp}@example.com`, 'Sente#2026', RECEIVER),
    ]);
    receiverNumber = (await profileOf(receiver)).account_number;
    // 200,000 paid, less the 3 % collection fee: 194,000 in the sender's test wallet.
    await fundSender(200_000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all([mtn?.close(), airtel?.close()]);
  });

  /** The request the fake MTN took of this product, once it has come. */
  async function mtnRequest(product: MtnRecord['product']): Promise<MtnRecord> {
    await expect.poll(() => [...mtn.records.values()].some((record) => record.product === product)).toBe(true);
    return [...mtn.records.values()].find((record) => record.product === product) as MtnRecord;
  }

  it('creates a PIN, is refused above the balance and with a wrong PIN, then sends to another merchant', async () => {
    const page = await tab('desktop');
    await enterDashboard(page, sender, '/settlements');
    await expect.poll(() => page.getByText(M.noSettlementsYet).count()).toBe(1);
    await screenshot(page, 'money-out-01-empty');

    // No PIN yet: the create-PIN modal comes first, and its own checks speak before the server is asked.
    await openTransfers(page);
    const createPin = page.getByRole('dialog', { name: 'Create wallet PIN' });
    await expect.poll(() => createPin.count()).toBe(1);
    await createPin.getByRole('button', { name: 'Create PIN' }).click();
    // Both rows of boxes are empty: each says so.
    expect(await createPin.getByText(M.pinEmpty).count()).toBe(2);
    await typePin(page, 'New wallet PIN', '123');
    await createPin.getByRole('button', { name: 'Create PIN' }).click();
    expect(await createPin.getByText(M.pinLength).count()).toBe(1);
    await createPin.getByRole('button', { name: 'Reset' }).click();
    // Asked twice: a confirmation that differs says so and empties, creating nothing.
    await typePin(page, 'New wallet PIN', PIN);
    await typePin(page, 'Confirm wallet PIN', '99999');
    await createPin.getByRole('button', { name: 'Create PIN' }).click();
    expect(await createPin.getByText(M.pinsDoNotMatch).count()).toBe(1);
    expect(await createPin.getByLabel('Confirm wallet PIN digit 1', { exact: true }).inputValue()).toBe('');
    await typePin(page, 'Confirm wallet PIN', PIN);
    await expectAccessible(page, 'transfers: create PIN');
    await screenshot(page, 'money-out-02-create-pin');
    await createPin.getByRole('button', { name: 'Create PIN' }).click();
    await expectToast(page, M.pinCreated);

    const modal = page.getByRole('dialog', { name: 'Transfers' });
    await expect.poll(() => modal.count()).toBe(1);
    await expect.poll(() => modal.getByTestId('transfer-balance').textContent()).toContain('UGX 194,000');
    await modal.getByRole('textbox', { name: 'Option' }).click();
    await page.getByRole('listbox', { name: 'Option' }).getByRole('option', { name: TRANSFER_OPTIONS.wallet_transfer }).click();
    await modal.getByLabel('Account number').fill(receiverNumber);
    // The whole balance, but the 500 charge comes out of it too: the most that can be sent shows under the field at
    // once, and still once after Continue, where it used to fail after the PIN.
    await modal.getByLabel('Amount').fill('194,000');
    const above = M.amountAboveMost(193_500, 500);
    await expect.poll(() => modal.getByText(above).count()).toBe(1);
    await modal.getByRole('button', { name: 'Continue' }).click();
    expect(await modal.getByText(above).count()).toBe(1);
    await expectAccessible(page, 'transfers: above balance');
    await screenshot(page, 'money-out-03-above-balance');

    await modal.getByLabel('Amount').fill('50000');
    // The reason is shown as HTML once sanitised: bold stays, the image and its handler never reach the page.
    await modal.getByLabel('Reason').fill('<b>Stock</b> for May <img src=x onerror="window.pwned=1">');
    await modal.getByRole('button', { name: 'Continue' }).click();

    const confirm = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await expect.poll(() => confirm.count()).toBe(1);
    expect(await confirm.getByText(RECEIVER).count()).toBe(1);
    expect(await confirm.getByText(receiverNumber).count()).toBe(1);
    expect(await confirm.getByText('UGX 50,000').count()).toBe(1);
    expect(await confirm.getByText('UGX 500', { exact: true }).count()).toBe(1);
    await screenshot(page, 'money-out-04-authenticate');

    await typePin(page, 'Wallet PIN', '11111');
    await confirm.getByRole('button', { name: 'Verify' }).click();
    // The refusal says how many tries are left before the lock.
    await expectToast(page, M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - 1));
    // A wrong PIN moves nothing, and the boxes empty for the next try.
    expect((await profileOf(sender)).userWallet.current_balance_sand_box).toBe(194_000);
    await expect.poll(() => confirm.getByLabel('Wallet PIN digit 1').inputValue()).toBe('');
    await typePin(page, 'Wallet PIN', PIN);
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, M.transferSuccessful);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const row = page.getByRole('row').filter({ hasText: 'UGX 50,000' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText('Grace Auma').count()).toBe(1);
    expect(await row.locator('b').textContent()).toBe('Stock');
    expect(await row.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await row.getByText('Successful').count()).toBe(1);
    expect(await row.getByText('charge UGX 500').count()).toBe(1);
    await expectAccessible(page, 'transfers: list');
    await screenshot(page, 'money-out-05-sent');

    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('UGX 143,500');
    // The USD wallet card shows only when that wallet holds money; this one is empty.
    expect(await page.getByTestId('usd-balance').count()).toBe(0);
  });

  it('the receiving merchant sees the transfer and the money in their own wallet', async () => {
    const page = await tab('phone');
    await enterDashboard(page, receiver, '/dashboard');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('UGX 50,000');
    await page.goto('/settlements');
    const card = page.getByRole('listitem').filter({ hasText: '+ UGX 50,000' });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByText(`From ${SENDER}`, { exact: false }).count()).toBe(1);
    await expectAccessible(page, 'transfers: received, phone');
    await screenshot(page, 'money-out-06-received-phone');
  });

  it('requests a transfer to the bank, which the operator approves; the spreadsheet holds both movements', async () => {
    await call(sender, '/api/sente-account/update-bank-details', {
      bank_name: 'Stanbic Bank Uganda',
      account_number: '9030012345678',
      account_name: SENDER,
    });
    const page = await tab('desktop');
    await enterDashboard(page, sender, '/settlements');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'UGX 50,000' }).count()).toBe(1);
    await openTransfers(page);
    const modal = page.getByRole('dialog', { name: 'Transfers' });
    await expect.poll(() => modal.count()).toBe(1);
    await expect.poll(() => modal.getByTestId('transfer-balance').textContent()).toContain('UGX 143,500');
    await modal.getByRole('textbox', { name: 'Option' }).click();
    await page.getByRole('listbox', { name: 'Option' }).getByRole('option', { name: TRANSFER_OPTIONS.settlement }).click();
    await modal.getByLabel('Amount').fill('100,000');
    await modal.getByLabel('Reason').fill('Weekly takings');
    await modal.getByRole('button', { name: 'Continue' }).click();

    const confirm = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await expect.poll(() => confirm.count()).toBe(1);
    expect(await confirm.getByText('UGX 2,000', { exact: true }).count()).toBe(1);
    // A PIN paste keeps its first 5 digits, whatever else came with them.
    await pasteInto(page, 'Wallet PIN digit 1', ` ${PIN.slice(0, 2)}-${PIN.slice(2)}999`);
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, M.requestSent);

    const row = page.getByRole('row').filter({ hasText: 'Weekly takings' });
    await expect.poll(() => row.getByText('Pending').count()).toBe(1);
    // The amount and its charge are held at once.
    expect((await profileOf(sender)).userWallet.current_balance_sand_box).toBe(41_500);

    const pending = await server.ops('settlements:list');
    const id = pending.output.match(/[0-9a-f]{8}-[0-9a-f-]{27}/)?.[0];
    expect(id).toBeDefined();
    const approved = await server.ops('settlements:approve', id as string);
    expect(approved.code).toBe(0);
    await page.reload();
    await expect.poll(() => row.getByText('Successful').count()).toBe(1);
    await screenshot(page, 'money-out-07-settlement-approved');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('Transfers.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await savedDownload(download));
    const sheet = workbook.worksheets[0];
    const cells = (sheet?.getSheetValues() ?? []).flat().map(String);
    expect(cells).toContain('Weekly takings');
    expect(cells.some((cell) => cell.includes('Stock'))).toBe(true);
    expect((await server.ops('ledger:verify')).code).toBe(0);

    // The Statement tab shows the settlement and its fee on lines of their own, and the balance after each.
    await page.getByRole('tab', { name: 'Statement' }).click();
    const statement = page.getByRole('table', { name: 'Statement' });
    await expect.poll(() => statement.getByRole('row').nth(1).textContent()).toContain('Settlement fee');
    expect(await statement.getByRole('row').nth(1).textContent()).toContain('UGX 41,500');
    // The period's figures above the lines end on the balance after the newest line.
    expect(await page.getByLabel('Period summary').textContent()).toContain('Closing balanceUGX 41,500');
    expect(await statement.getByRole('row').filter({ hasText: 'Settlement to Stanbic Bank Uganda' }).textContent()).toContain(
      'UGX 100,000',
    );
    await expectAccessible(page, 'transfers: statement');
    await screenshot(page, 'money-out-07b-statement');
    // The days read with the month by name ('Nov 01, 2026'), picked from a calendar.
    const [year, month] = kampalaDay(new Date()).split('-').map(Number) as [number, number];
    const from = page.getByRole('button', { name: 'From', exact: true });
    expect(await from.textContent()).toBe(`${SHORT_MONTHS[month - 1]} 01, ${year}`);
    await from.click();
    await page.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ }).waitFor();
    await expectAccessible(page, 'transfers: statement, a calendar open');
    await screenshot(page, 'money-out-07c-statement-calendar');
    await page.keyboard.press('Escape');

    // The Payout rules tab, beside the movements they limit: the owner caps each payout (above the payouts below).
    await page.getByRole('tab', { name: 'Payout rules' }).click();
    const rules = page.getByRole('form', { name: 'Payout rules' });
    await rules.getByLabel(PAYOUT_RULE_LABELS.per_payout_cap).fill('20000');
    expect(await rules.getByLabel(PAYOUT_RULE_LABELS.per_payout_cap).inputValue()).toBe('20,000');
    await expectAccessible(page, 'transfers: payout rules');
    await rules.getByRole('button', { name: 'Save Payout Rules' }).click();
    await expectToast(page, PAYOUT_RULE_MESSAGES.saved);
    expect((await call(sender, '/api/payout-rules')).per_payout_cap).toBe(20_000);
    await screenshot(page, 'money-out-07d-payout-rules');
  });

  it('pays out to a mobile-money number chosen in the Transfers menu, after its registered name (decision 064)', async () => {
    const page = await tab('phone');
    await enterDashboard(page, sender, '/settlements');
    await openTransfers(page);
    const modal = page.getByRole('dialog', { name: 'Transfers' });
    await expect.poll(() => modal.count()).toBe(1);
    await modal.getByRole('textbox', { name: 'Option' }).click();
    await page.getByRole('listbox', { name: 'Option' }).getByRole('option', { name: TRANSFER_MENU_LABELS.payout }).click();
    expect(await modal.getByRole('textbox', { name: 'Option' }).inputValue()).toBe(TRANSFER_MENU_LABELS.payout);
    await modal.getByLabel('Amount').fill('10,000');
    await modal.getByLabel('Reason').fill('Transport refund');
    await modal.getByRole('button', { name: 'Continue' }).click();
    expect(await modal.getByText(M.phoneEmpty).count()).toBe(1);
    await modal.getByLabel('Receiver phone').fill('0772 55');
    await modal.getByRole('button', { name: 'Continue' }).click();
    expect(await modal.getByText(M.phoneInvalid).count()).toBe(1);
    // The simulator's number that is not registered for mobile money: said under the phone, and no PIN step.
    await modal.getByLabel('Receiver phone').fill('0772000021');
    await modal.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => modal.getByText(NAME_CHECK_MESSAGES.notRegistered).count()).toBe(1);
    expect(await page.getByRole('dialog', { name: 'Authenticate with PIN' }).count()).toBe(0);
    // Typed without spaces, the number is shown in the dashboard's one format from the PIN step on (decision 036).
    await modal.getByLabel('Receiver phone').fill('0772000011');
    await screenshot(page, 'money-out-08-payout-phone');
    await modal.getByRole('button', { name: 'Continue' }).click();

    const confirm = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await expect.poll(() => confirm.count()).toBe(1);
    expect(await confirm.getByText('+256 772 000 011', { exact: true }).count()).toBe(1);
    // The simulator's John Okello, masked: the merchant sees whose number it is, and no more of the name.
    expect(await confirm.getByText('Registered name: J*** OKELLO').count()).toBe(1);
    await screenshot(page, 'money-out-08b-payout-pin');
    expect(await confirm.getByText('UGX 1,000', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'transfers: payout PIN, phone');
    await typePin(page, 'Wallet PIN', PIN);
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, M.payoutStarted);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');

    // The simulator pays the number after its delay; the row then reads Successful and the wallet is down by
    // the amount and the 1,000 charge.
    const payoutStatus = async () =>
      ((await call(sender, '/api/settlements')).items as { reason: string; status: string }[]).find(
        (item) => item.reason === 'Transport refund',
      )?.status;
    await expect.poll(payoutStatus).toBe('successful');
    await page.reload();
    const card = page.getByRole('listitem').filter({ hasText: 'Transport refund' });
    await expect.poll(() => card.getByText('Successful').count()).toBe(1);
    expect(await card.getByText(`${TRANSFER_OPTIONS.payout} to +256 772 000 011`, { exact: true }).count()).toBe(1);
    await screenshot(page, 'money-out-09-payout-paid');
    expect((await profileOf(sender)).userWallet.current_balance_sand_box).toBe(41_500 - 11_000);
  });

  it('goes live: a customer pays a live link with MTN, MTN calls back, and the merchant pays out live to MTN', async () => {
    // The operator approves live payments; the merchant switches to live mode and makes a link.
    expect((await server.ops('accounts:approve', senderEmail)).code).toBe(0);
    await call(sender, '/api/keys/set-environment', { environment: 'production' });
    const link = await call(sender, '/api/payment-link/create', { title: 'Roofing sheets', fixed_amount: true, amount: 50_000 });

    const payer = await tab('phone');
    await payer.goto(`/pay/${link.ref}`);
    await expect.poll(() => payer.getByRole('heading', { name: 'Roofing sheets' }).count()).toBe(1);
    expect(await payer.getByText('TEST MODE — no real money moves').count()).toBe(0);
    await payer.getByLabel('Your name').fill('Moses Kato');
    await payer.getByLabel('Mobile money number').fill('0772 123 456');
    await payer.getByRole('button', { name: 'Pay UGX 50,000' }).click();
    await expect.poll(() => payer.getByRole('heading', { name: 'Approve on your phone' }).count()).toBe(1);

    // MTN was asked for 50,000 from the payer's number; the payer approves, and MTN's callback reaches the server.
    const charge = await mtnRequest('collection');
    expect(charge.body).toMatchObject({ amount: '50000', currency: 'UGX', payer: { partyId: '256772123456' } });
    // MTN may call back twice: the second changes nothing (the wallet below holds one credit).
    expect(await mtn.complete(charge.referenceId, 'SUCCESSFUL', { callback: true })).toEqual([200, 200]);
    await expect.poll(() => payer.getByRole('heading', { name: PAYMENT_MESSAGES.paymentSuccessful }).count()).toBe(1);
    await screenshot(payer, 'money-out-10-live-paid');
    // 50,000 less the 3 % fee, in the live wallet; the test wallet is as it was.
    expect((await profileOf(sender)).userWallet).toEqual({ current_balance: 48_500, current_balance_sand_box: 30_500 });

    // The hand-typed address still opens the payout; MTN's basicuserinfo names the holder, masked at the PIN step.
    mtn.holders.set('256772555123', { given_name: 'Moses', family_name: 'Kato' });
    const page = await tab('phone');
    await enterDashboard(page, sender, '/settlements?option=payout');
    const modal = page.getByRole('dialog', { name: 'Transfers' });
    await expect.poll(() => modal.count()).toBe(1);
    expect(await modal.getByRole('textbox', { name: 'Option' }).inputValue()).toBe(TRANSFER_MENU_LABELS.payout);
    await modal.getByLabel('Amount').fill('10,000');
    await modal.getByLabel('Reason').fill('Live supplier');
    await modal.getByLabel('Receiver phone').fill('0772 555 123');
    await modal.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await expect.poll(() => confirm.count()).toBe(1);
    expect(await confirm.getByText('Registered name: M*** KATO').count()).toBe(1);
    expect(mtn.requests.some((request) => request.path.endsWith('/accountholder/msisdn/256772555123/basicuserinfo'))).toBe(true);
    await typePin(page, 'Wallet PIN', PIN);
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, M.payoutStarted);

    // Held until MTN says: pending, then paid when MTN's callback comes.
    const transfer = await mtnRequest('disbursement');
    expect(transfer.body).toMatchObject({ amount: '10000', payee: { partyId: '256772555123' } });
    const status = async () =>
      ((await call(sender, '/api/settlements')).items as { reason: string; status: string }[]).find(
        (item) => item.reason === 'Live supplier',
      )?.status;
    expect(await status()).toBe('pending');
    expect(await mtn.complete(transfer.referenceId, 'SUCCESSFUL', { callback: true })).toEqual([200, 200]);
    await expect.poll(status).toBe('successful');
    await page.reload();
    const card = page.getByRole('listitem').filter({ hasText: 'Live supplier' });
    await expect.poll(() => card.getByText('Successful').count()).toBe(1);
    await screenshot(page, 'money-out-11-live-payout-paid');
    expect((await profileOf(sender)).userWallet.current_balance).toBe(48_500 - 11_000);
    expect((await server.ops('ledger:verify')).code).toBe(0);
  });
});
