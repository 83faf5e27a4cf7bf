import { APPROVAL_MESSAGES as A, APPROVAL_LABELS as L } from '@sente/contracts/movement-approvals';
import { PAYOUT_RULE_LABELS, PAYOUT_RULE_MESSAGES } from '@sente/contracts/payout-rules';
import { TRANSFER_MENU_LABELS } from '@sente/contracts/transfers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from './support/accounts.ts';
import { expectAccessible, launchBrowser, newPage, screenshot, VIEWPORTS } from './support/browser.ts';
import { payLink } from './support/business.ts';
import { createUser } from './support/members.ts';
import { type RunningServer, sharedServer } from './support/server.ts';
import { enterDashboard, expectToast } from './support/ui.ts';

type Tokens = { accessToken: string; refreshToken: string };

const PASSWORD = 'Sente#2026';
const PIN = '48213';
const REASON = 'Maize from Lira';

/**
 * The approval policy (decision 067): the owner sets a threshold on the Payout rules tab; an operations member pays a
 * number above it through "Send to mobile money", and the payout waits for a second member; the owner approves it with
 * the wallet PIN from the Transfers list, and the simulator pays it.
 */
describe('approvals: a payout above the threshold waits for a second member, who approves it with the PIN', () => {
  const stamp = Date.now();
  const ownerEmail = `owner.${stamp}@example.com`;
  const memberEmail = `clerk.${stamp}@example.com`;
  let server: RunningServer;
  let browser: Browser;
  let owner: Tokens;
  // One tab for the owner and the member, resized for the member's phone: enterDashboard sets whose session it holds
  // before each page loads, and a new context and its first page cost Chromium several times a later page in a kept
  // tab.
  let page: Page;
  let member: Tokens;

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

  async function setPin(tokens: Tokens, accountId: string) {
    const userId = (await call(tokens, '/api/user/profile')).user_id;
    await call(tokens, '/api/wallet/set_pin', {
      user_id: userId,
      sente_account_id: accountId,
      active_environment: 'test',
      pin: PIN,
    });
  }

  async function typePin(page: Page) {
    await page.getByLabel('Wallet PIN digit 1').click();
    await page.keyboard.type(PIN);
  }

  const payout = async () =>
    ((await call(owner, '/api/settlements')).items as { reason: string; status: string; approval?: { status: string } }[]).find(
      (item) => item.reason === REASON,
    );

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchBrowser();
    [owner, member] = await Promise.all([
      createMerchant(server, ownerEmail, PASSWORD, 'Lira Grain Traders'),
      createUser(server, memberEmail, PASSWORD, 'Ruth'),
    ]);
    const { code, output } = await server.ops('members:set-role', ownerEmail, memberEmail, 'operations');
    expect(code, output).toBe(0);
    const account = (await call(owner, '/api/user/profile')).current_account;
    await Promise.all([setPin(owner, account.id), setPin(member, account.id)]);
    // 200,000 paid, less the 3 % fee: 194,000 in the test wallet.
    const link = await call(owner, '/api/payment-link/create', { title: 'Grain', fixed_amount: true, amount: 200_000 });
    await payLink(server.url, link.ref, { names: 'Moses Kato', phone: '0772 123 456', channel: 'MTN_UG' });
    page = await newPage(browser, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the owner sets a second approval above UGX 50,000 on the Payout rules tab', async () => {
    await enterDashboard(page, owner, '/settlements?view=rules');
    const rules = page.getByRole('form', { name: 'Payout rules' });
    await rules.getByLabel(PAYOUT_RULE_LABELS.approval_threshold).fill('50000');
    await rules.getByRole('button', { name: 'Save Payout Rules' }).click();
    await expectToast(page, PAYOUT_RULE_MESSAGES.saved);
    expect((await call(owner, '/api/payout-rules')).approval_threshold).toBe(50_000);
  });

  it('an operations member pays UGX 60,000 to mobile money on a phone: it is held, awaiting another member', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    await enterDashboard(page, member, '/settlements');
    await page.getByRole('button', { name: 'Transfers', exact: true }).first().click();
    const modal = page.getByRole('dialog', { name: 'Transfers' });
    await expect.poll(() => modal.count()).toBe(1);
    await modal.getByRole('textbox', { name: 'Option' }).click();
    await page.getByRole('listbox', { name: 'Option' }).getByRole('option', { name: TRANSFER_MENU_LABELS.payout }).click();
    await modal.getByLabel('Receiver phone').fill('0772000011');
    await modal.getByLabel('Amount').fill('60,000');
    await modal.getByLabel('Reason').fill(REASON);
    await modal.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await expect.poll(() => confirm.count()).toBe(1);
    await typePin(page);
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, A.awaiting);
    expect((await payout())?.approval?.status).toBe('awaiting');

    const card = page.getByRole('list', { name: 'Transfers' }).getByRole('listitem').filter({ hasText: REASON });
    await expect.poll(() => card.getByText(L.awaiting).count()).toBe(1);
    expect(await card.getByText(L.waitingForOther).count()).toBe(1);
    expect(await card.getByRole('button', { name: L.approve }).count()).toBe(0);
    await expectAccessible(page, 'transfers: awaiting approval, the member who asked');
    await screenshot(page, 'approvals-01-awaiting-maker');
  });

  it('the owner sees it awaiting their approval, may decline with a reason, and approves it with the PIN', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await enterDashboard(page, owner, '/settlements');
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: L.awaitingYours(1) })
          .count(),
      )
      .toBe(1);
    const row = page.getByRole('table', { name: 'Transfers' }).getByRole('row').filter({ hasText: REASON });
    await expect.poll(() => row.getByRole('button', { name: L.approve }).count()).toBe(1);
    expect(await row.getByText(L.awaiting).count()).toBe(1);
    await expectAccessible(page, 'transfers: awaiting approval, a second member');
    await screenshot(page, 'approvals-02-awaiting-approver');

    await row.getByRole('button', { name: L.decline }).click();
    const decline = page.getByRole('dialog', { name: L.declineTitle });
    await decline.getByRole('button', { name: L.declineTitle }).click();
    await expect.poll(() => decline.getByText(A.reasonMissing).count()).toBe(1);
    await expectAccessible(page, 'transfers: decline, no reason');
    await screenshot(page, 'approvals-03-decline');
    await decline.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => decline.count()).toBe(0);

    await row.getByRole('button', { name: L.approve }).click();
    const confirm = page.getByRole('dialog', { name: 'Authenticate with PIN' });
    await expect.poll(() => confirm.count()).toBe(1);
    expect(await confirm.getByText('UGX 60,000', { exact: true }).count()).toBe(1);
    await typePin(page);
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, A.approved);

    // The simulator pays the number after its delay; the row then reads Successful.
    await expect.poll(async () => (await payout())?.status).toBe('successful');
    await page.reload();
    const paid = page.getByRole('table', { name: 'Transfers' }).getByRole('row').filter({ hasText: REASON });
    await expect.poll(() => paid.getByText('Successful').count()).toBe(1);
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /Awaiting your approval/ })
        .count(),
    ).toBe(0);
    await screenshot(page, 'approvals-04-paid');
    await page.context().close();
  });
});
