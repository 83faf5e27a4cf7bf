import fs from 'node:fs';
import path from 'node:path';
import { BUSINESS_MESSAGES as B, MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES as M, TRANSFER_OPTIONS } from '@sente/contracts/transfers';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/accounts.ts';
import { expectAccessible, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { payLink, pickDay, pickOption } from './support/business.ts';
import { type RunningServer, sharedServer } from './support/server.ts';
import { enterDashboard, expectToast, pasteInto } from './support/ui.ts';

const PASSWORD = 'Sente#2026';
const ACCOUNT = 'Kato Hardware';
const PIN = '27514';
const BANK = { name: 'Stanbic Bank Uganda', number: '9030012345678', holder: 'Kato Hardware Ltd' };

/** The screens app/router.tsx serves, as patterns (':ref' stands for any one segment). */
const SCREENS = [
  ...fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/app/router.tsx'), 'utf8').matchAll(/path="([^"]+)"/g),
]
  .map((match) => match[1]!)
  .filter((route) => route !== '*')
  .map((route) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`));

/**
 * A merchant on their own, with no one to ask, from the first sign-in to live mode. They meet
 * no error behind the create-account dialog, are told before the PIN step that a transfer to the bank needs bank
 * details and are led to where they go, see at the PIN step which bank account receives the money, and are led
 * from the live-mode refusal to Business Details; an operator approves them and they go live. Every link on the
 * way leads to a screen the router serves.
 */
describe('a merchant alone: first sign-in to live mode without a dead end', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let tokens: { accessToken: string; refreshToken: string };
  const email = `kato.${Date.now()}@example.com`;

  async function call(pathname: string, body?: unknown, token: string | null = tokens?.accessToken ?? null) {
    const response = await fetch(`${server.url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { data: any; message?: string };
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${json.message}`);
    return json.data;
  }

  /** Every link in `scope` that stays in the dashboard names a screen the router serves, not the not-found page. */
  async function expectLinksToScreens(scope: Locator, where: string) {
    const hrefs = await scope.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    const screens = hrefs.map((href) => new URL(href, server.url).pathname).filter((href) => !href.startsWith('/storage/'));
    const missing = screens.filter((href) => !SCREENS.some((screen) => screen.test(href)));
    expect(missing, `${where}: links to screens that do not exist`).toEqual([]);
    return screens;
  }

  /** Follows a link of a message and checks it landed on that screen, not on 'Page not found'. */
  async function follow(link: Locator, pathname: string) {
    await link.click();
    await page.waitForURL((url) => url.pathname === pathname);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
  }

  /** The screenshot from the top: a full-page shot of a scrolled page draws the fixed header over the middle. */
  async function shot(name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  }

  const transfersDialog = () => page.getByRole('dialog', { name: 'Transfers' });

  async function openTransfers() {
    await page.getByRole('button', { name: 'Transfers', exact: true }).first().click();
  }

  async function chooseRequestTransfer() {
    await pickOption(page, transfersDialog().getByRole('textbox', { name: 'Option' }), TRANSFER_OPTIONS.settlement);
  }

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchBrowser();
    // Signed up and verified, with no account yet: the first sign-in is the journey's.
    await call('/api/sign-up', { firstname: 'Moses', lastname: 'Kato', email, password: PASSWORD }, null);
    await call('/api/verify-account', { email_or_phone: email, code: server.codeFor(email) }, null);
    tokens = await signIn(server, email, PASSWORD);
    page = await newPage(browser, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in the first time with no account: only the create-account dialog, no error behind it', async () => {
    await enterDashboard(page, tokens, '/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Create your business account' });
    await dialog.getByLabel('Account name').waitFor();
    await page.getByText(/once you have a business account/).waitFor();
    expect(await page.getByText('Could not load').count()).toBe(0);
    expect(await page.getByText(MESSAGES.noCurrentAccount).count()).toBe(0);
    await expectAccessible(page, 'first sign-in, no account');
    await shot('alone-01-no-account');

    await dialog.getByLabel('Account name').fill(ACCOUNT);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByRole('banner').getByText(ACCOUNT).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByText(MESSAGES.noCollectionsYet).waitFor();
    expect(await page.getByText('Could not load').count()).toBe(0);
  });

  it('finds from the Overview and from Help where business and bank details go', async () => {
    const ring = page.getByRole('region', { name: 'Profile completion' });
    await ring.getByText('60%').waitFor();
    expect(await expectLinksToScreens(page.getByRole('main'), 'overview')).toEqual(
      expect.arrayContaining(['/settlements', '/business-details']),
    );
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('button', { name: 'Help and Support' }).click();
    const help = page.getByRole('dialog', { name: 'Help and Support' });
    await help.getByText('Getting paid to your bank').waitFor();
    expect(await expectLinksToScreens(help, 'help')).toEqual(['/business-details', '/business-details', '/settlements', '/team']);
    await expectAccessible(page, 'help and support');
    await shot('alone-02-help');
    await follow(help.getByRole('link', { name: 'Business Details' }).first(), '/business-details');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('is told before the PIN step that a transfer to the bank needs bank details, and led to them', async () => {
    // A customer pays a link, so the test wallet holds ledger money: 200,000 less the 3 % fee.
    const link = await call('/api/payment-link/create', { title: 'Cement', fixed_amount: true, amount: 200_000 });
    await payLink(server.url, link.ref, { names: 'Sarah Namubiru', phone: '0772 123 456', channel: 'MTN_UG' });

    await page.getByRole('link', { name: 'Transfers', exact: true }).click();
    await page.waitForURL('**/settlements');
    await openTransfers();
    const createPin = page.getByRole('dialog', { name: 'Create wallet PIN' });
    await pasteInto(page, 'New wallet PIN digit 1', PIN);
    // After a paste the focus waits on the last box.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('New wallet PIN digit 5');
    await pasteInto(page, 'Confirm wallet PIN digit 1', PIN);
    await createPin.getByRole('button', { name: 'Create PIN' }).click();
    await expectToast(page, M.pinCreated);

    await expect.poll(() => transfersDialog().getByTestId('transfer-balance').textContent()).toContain('UGX 194,000');
    await transfersDialog().getByRole('button', { name: 'Continue' }).click();
    const option = transfersDialog().getByRole('textbox', { name: 'Option' });
    await transfersDialog().getByText(M.selectPayoutOption).waitFor();
    await chooseRequestTransfer();
    // The option's message goes once an option is chosen; the missing bank details are said at once.
    expect(await transfersDialog().getByText(M.selectPayoutOption).count()).toBe(0);
    expect(await option.inputValue()).toBe(TRANSFER_OPTIONS.settlement);
    const notice = transfersDialog().getByRole('alert').filter({ hasText: M.bankDetailsMissing });
    await notice.waitFor();
    expect(await transfersDialog().getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await expectLinksToScreens(transfersDialog(), 'transfers: bank details missing');
    await expectAccessible(page, 'transfers: bank details missing');
    await shot('alone-03-bank-details-missing');
    await follow(notice.getByRole('link', { name: 'Add bank details' }), '/business-details');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // The link opens the Bank Details tab.
    expect(await page.getByRole('tab', { name: 'Bank Details' }).getAttribute('aria-selected')).toBe('true');
  });

  it('fills the business details, then the bank details on the Bank Details tab', async () => {
    await page.getByRole('tab', { name: 'Business Details' }).click();
    await page.getByLabel('Business name').fill(ACCOUNT);
    await pickOption(page, page.getByRole('textbox', { name: 'Industry' }), 'Retail');
    await page.getByLabel('Business email').fill('office@kato-hardware.example.com');
    await page.getByLabel('Business phone').fill('+256 772 555 010');
    await pickDay(page, 'Registration date', '2021-06-01');
    await page.getByLabel('City').fill('Jinja');
    await page.getByLabel('Address 1').fill('Plot 4, Main Street');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expectToast(page, B.detailsUpdated);

    await page.getByRole('tab', { name: 'Bank Details' }).click();
    await page.getByLabel('Bank name').fill(BANK.name);
    await page.getByLabel('Account number').fill(BANK.number);
    await page.getByLabel('Account name').fill(BANK.holder);
    await page.getByRole('button', { name: 'Save Bank Details' }).click();
    await expectToast(page, M.bankDetailsUpdated);
    await expectAccessible(page, 'bank details');
    await shot('alone-04-bank-details');
  });

  it('requests a transfer to the bank, and the PIN step names the bank account that receives it', async () => {
    await page.getByRole('link', { name: 'Transfers', exact: true }).click();
    await page.waitForURL('**/settlements');
    await openTransfers();
    await chooseRequestTransfer();
    expect(await transfersDialog().getByText(M.bankDetailsMissing).count()).toBe(0);
    await transfersDialog().getByLabel('Amount').fill('300,000');
    // Above the balance: the most that can be sent with the 2,000 charge, once, under the amount, before and after Continue.
    const above = M.amountAboveMost(192_000, 2_000);
    await expect.poll(() => transfersDialog().getByText(above).count()).toBe(1);
    await transfersDialog().getByRole('button', { name: 'Continue' }).click();
    expect(await transfersDialog().getByText(above).count()).toBe(1);
    await transfersDialog().getByLabel('Amount').fill('50,000');
    await transfersDialog().getByLabel('Reason').fill('<b>Weekly</b> takings <img src=x onerror="window.pwned=1">');
    expect(await transfersDialog().getByText(above).count()).toBe(0);
    await expectAccessible(page, 'transfers: request transfer filled');
    await shot('alone-05-transfer-filled');
    await transfersDialog().getByRole('button', { name: 'Continue' }).click();

    const confirm = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await confirm.waitFor();
    const detail = (term: string) => confirm.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
    expect(await detail('Bank').textContent()).toBe(BANK.name);
    expect(await detail('Account number').textContent()).toBe('•••• 5678');
    expect(await detail('Account name').textContent()).toBe(BANK.holder);
    expect(await confirm.getByText(BANK.number).count()).toBe(0);
    // The reason as the list shows it: bold kept, no tag shown as text, the image and its handler gone.
    expect(await detail('Reason').textContent()).toBe('Weekly takings ');
    expect(await detail('Reason').locator('b').textContent()).toBe('Weekly');
    expect(await detail('Reason').locator('img').count()).toBe(0);
    expect(await confirm.getByText('UGX 2,000', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'transfers: authenticate with PIN (bank)');
    await shot('alone-06-pin-step-bank');

    await pasteInto(page, 'Wallet PIN digit 1', PIN);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Wallet PIN digit 5');
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, M.requestSent);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const row = page.getByRole('row').filter({ hasText: 'UGX 50,000' });
    await expect.poll(() => row.getByText('Pending').count()).toBe(1);
    expect(await row.getByText(`${BANK.name} •••• 5678`, { exact: false }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await shot('alone-07-transfer-pending');
  });

  it('is refused live mode before approval and led to Business Details; approved, goes live', async () => {
    const toggle = page.getByRole('switch', { name: /^(Test|Live) mode$/ });
    await toggle.click();
    const confirm = page.getByRole('dialog', { name: MESSAGES.confirmTitle });
    await confirm.getByRole('button', { name: MESSAGES.changeMode }).click();
    await expectToast(page, MESSAGES.environmentNotApproved);
    const lead = confirm.getByRole('link', { name: 'Open Business Details' });
    await lead.waitFor();
    await expectLinksToScreens(confirm, 'live mode refused');
    await expectAccessible(page, 'live mode refused');
    await shot('alone-08-live-refused');
    await follow(lead, '/business-details');
    expect(await page.getByRole('dialog').count()).toBe(0);

    const approval = await server.ops('accounts:approve', email);
    expect(approval.code, approval.output).toBe(0);
    await toggle.click();
    await page.getByRole('dialog', { name: MESSAGES.confirmTitle }).getByRole('button', { name: MESSAGES.changeMode }).click();
    await expect.poll(() => page.getByText(MESSAGES.testModeBanner).count()).toBe(0);
    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await page.getByRole('region', { name: 'Profile completion' }).getByText('100%').waitFor();
    // Live money is separate from test money: the live wallet starts empty.
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('UGX 0');
    await expectLinksToScreens(page.getByRole('main'), 'overview (live)');
    await expectAccessible(page, 'overview (live)');
    await shot('alone-09-live');
  });
});
