import { MESSAGES } from '@sente/contracts/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';
import { enterCode, expectToast, pasteCode } from './support/ui.ts';

const PASSWORD = 'Sente#2026';

describe('a merchant from sign-up to live mode', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const email = `ada.${Date.now()}@example.com`;

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Each sign-up message as a bottom-left toast: apps/web/src/features/auth/routes/sign-up.test.tsx.
  it('signs up', async () => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Nakato');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('I accept the terms and conditions').check();
    await screenshot(page, '01-sign-up');
    await expectAccessible(page, 'sign up');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/verify-account\?email=/);
  });

  it('verifies the account with the e-mailed code', async () => {
    await expect.poll(() => page.getByText(`Enter the 6-digit code we sent to ${email}.`).isVisible()).toBe(true);
    await screenshot(page, '02-verify-account');
    await expectAccessible(page, 'verify account');
    await expect.poll(() => page.getByRole('timer').isVisible()).toBe(true);
    // The pasted code fills the six boxes and, complete, is sent at once, as on sign-in.
    await pasteCode(page, server.codeFor(email));
    await expectToast(page, MESSAGES.accountVerified);
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('signs in with the second code step and its countdown', async () => {
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await screenshot(page, '03-sign-in');
    await expectAccessible(page, 'sign in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/You can ask for a new code in (4\d|50) s/);
    await expect.poll(() => page.getByRole('button', { name: 'Resend' }).count()).toBe(0);
    await screenshot(page, '04-sign-in-code');
    await expectAccessible(page, 'sign-in code');
    await enterCode(page, server.codeFor(email, 'Your Sente sign-in code'));
    await page.waitForURL('**/dashboard');
  });

  it('creates a first account in the dialog that opens by itself', async () => {
    const dialog = page.getByRole('dialog', { name: 'Create your business account' });
    await expect.poll(() => dialog.getByLabel('Account name').isVisible()).toBe(true);
    await screenshot(page, '05-first-account');
    await dialog.getByLabel('Account name').fill('Nakato Crafts');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByRole('banner').getByText('Nakato Crafts').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(MESSAGES.testModeBanner).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // A new merchant's Overview offers the way from a first link to live payments (decision 061).
    const steps = page.getByRole('region', { name: 'First steps' });
    await expect.poll(() => steps.getByText('0 of 6 done', { exact: false }).isVisible()).toBe(true);
    expect(await steps.getByRole('link', { name: 'Create a link' }).getAttribute('href')).toBe('/new-payment-link');
    await screenshot(page, '06-dashboard');
    await expectAccessible(page, 'dashboard');
  });

  const toastBox = async (message: string) =>
    (await page.locator('.mantine-Notification-root', { hasText: message }).boundingBox())!;
  const rightOfToast = async (message: string) => {
    const box = await toastBox(message);
    return Math.round(box.x + box.width);
  };

  /** The profile drawer and its menu once it has slid in to the right edge. */
  async function openedDrawer() {
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your profile' });
    const rightEdge = async () => {
      const box = await drawer.boundingBox();
      return box ? Math.round(box.x + box.width) : 0;
    };
    await expect.poll(rightEdge).toBe(page.viewportSize()!.width);
    return { drawer: (await drawer.boundingBox())!, items: (await drawer.getByRole('navigation').boundingBox())! };
  }

  it('creates a second account and works in it at once; a toast makes room for the profile drawer', async () => {
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await screenshot(page, '07-profile-drawer');
    await expectAccessible(page, 'profile drawer');
    await page.getByRole('button', { name: 'Switch Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch Account' });
    await dialog.getByRole('button', { name: 'New Account' }).click();
    await dialog.getByLabel('Account name').fill('Nakato Events');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // The new account is the current one at once (decision 037): the dialog closes and the header names it.
    await expectToast(page, MESSAGES.accountCreated);
    await expect.poll(() => page.getByRole('banner').getByText('Nakato Events').isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);

    // The toast is still up, at the top right; the drawer opens beside it on a desktop, instead of under it.
    await expect.poll(() => rightOfToast(MESSAGES.accountCreated)).toBe(1280 - 16);
    const { drawer } = await openedDrawer();
    await expect.poll(() => rightOfToast(MESSAGES.accountCreated)).toBeLessThanOrEqual(drawer.x);
    await screenshot(page, '08-toast-beside-profile-drawer');
    await expectAccessible(page, 'profile drawer with a toast');

    await page.getByRole('button', { name: 'Switch Account' }).click();
    const row = dialog.getByRole('row', { name: /Nakato Crafts/ });
    await expect.poll(() => dialog.getByRole('row', { name: /Nakato Events/ }).textContent()).toContain('current');
    await screenshot(page, '09-switch-account');
    await expectAccessible(page, 'switch account');

    // On a phone the drawer leaves no room beside it: the toast goes to the bottom, below the drawer's items.
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: 'Switch to Nakato Crafts' }).click();
    await expectToast(page, MESSAGES.accountSwitched);
    await expect.poll(() => page.getByRole('banner').getByText('Nakato Crafts').isVisible()).toBe(true);
    await expect.poll(async () => (await toastBox(MESSAGES.accountSwitched)).y).toBeLessThan(200);
    const { items } = await openedDrawer();
    await expect.poll(async () => (await toastBox(MESSAGES.accountSwitched)).y).toBeGreaterThanOrEqual(items.y + items.height);
    const below = await toastBox(MESSAGES.accountSwitched);
    expect(below.y + below.height).toBeLessThanOrEqual(844);
    await screenshot(page, '10-toast-below-profile-drawer-phone');

    // Back to the new account, where the journey goes on.
    await page.getByRole('button', { name: 'Switch Account' }).click();
    await dialog
      .getByRole('row', { name: /Nakato Events/ })
      .getByRole('button', { name: 'Switch to Nakato Events' })
      .click();
    await expect.poll(() => page.getByRole('banner').getByText('Nakato Events').isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('is refused live mode until an operator approves the account, then goes live and back', async () => {
    const toggle = page.getByRole('switch', { name: /^(Test|Live) mode$/ });
    await toggle.click();
    const confirm = page.getByRole('dialog', { name: MESSAGES.confirmTitle });
    await expect.poll(() => confirm.getByText('Change mode to live').isVisible()).toBe(true);
    await screenshot(page, '11-mode-confirm');
    await expectAccessible(page, 'mode confirmation');
    await confirm.getByRole('button', { name: MESSAGES.changeMode }).click();
    await expectToast(page, MESSAGES.environmentNotApproved);
    await expect.poll(() => page.getByText(MESSAGES.testModeBanner).isVisible()).toBe(true);
    // The refusal stays on screen, with the way to Business Details, until it is closed.
    await expect.poll(() => confirm.getByRole('link', { name: 'Open Business Details' }).count()).toBe(1);
    await confirm.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const approval = await server.ops('accounts:approve', email);
    expect(approval.code).toBe(0);
    expect(approval.output).toContain('approved Nakato Events');

    await toggle.click();
    await page.getByRole('dialog', { name: MESSAGES.confirmTitle }).getByRole('button', { name: MESSAGES.changeMode }).click();
    await expect.poll(() => page.getByText(MESSAGES.testModeBanner).count()).toBe(0);
    await screenshot(page, '12-live-mode');

    await toggle.click();
    const back = page.getByRole('dialog', { name: MESSAGES.confirmTitle });
    await expect.poll(() => back.getByText('Change mode to test').isVisible()).toBe(true);
    await back.getByRole('button', { name: MESSAGES.changeMode }).click();
    await expect.poll(() => page.getByText(MESSAGES.testModeBanner).isVisible()).toBe(true);
  });

  it('updates the profile', async () => {
    await page.goto('/profile');
    await page.getByLabel('Phone').fill('+256 772 123 456');
    await page.getByLabel('First name').fill('Ada B.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, MESSAGES.profileUpdated);
    await screenshot(page, '13-profile');
    await expectAccessible(page, 'profile');
    await page.reload();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Ada B.');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+256772123456');
  });

  it('logs out and can no longer enter the dashboard', async () => {
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('sente.refreshToken'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
  });
});
