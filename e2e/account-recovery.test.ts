import { MESSAGES } from '@sente/contracts/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from './support/accounts.ts';
import { expectAccessible, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { enterCode, expectToast } from './support/ui.ts';

async function signIn(page: Page, server: RunningServer, email: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByLabel('Code digit 1').isVisible()).toBe(true);
  await enterCode(page, server.codeFor(email, 'Your Sente sign-in code'));
  await page.waitForURL('**/dashboard');
}

describe('recovering access, on a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const email = `grace.${Date.now()}@example.com`;
  const unverified = `new.${Date.now()}@example.com`;

  beforeAll(async () => {
    // Access tokens live 3 s here, so every page below also goes through the silent refresh.
    [server, browser] = await Promise.all([startServer({ ACCESS_TOKEN_TTL_SECONDS: '3' }), launchBrowser()]);
    await createMerchant(server, email, 'Old#Pass2026', 'Auma Foods');
    page = await newPage(browser, server.url, 'phone');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('resets a forgotten password in three stages', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/reset-password');
    // The URL changes before the lazily loaded page replaces sign-in, whose own Email field would take the text.
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectToast(page, MESSAGES.otpSent);

    await enterCode(page, '123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText(MESSAGES.invalidOtp).isVisible()).toBe(true);
    await screenshot(page, 'phone-01-reset-code');
    await expectAccessible(page, 'reset password code');
    await page.getByLabel('Code digit 1').click();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
    await enterCode(page, server.codeFor(email, 'Reset your Sente password'));
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('New password', { exact: true }).fill('New#Pass2026');
    await page.getByLabel('Confirm new password').fill('Different#1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByText(MESSAGES.passwordMismatch).isVisible()).toBe(true);
    await screenshot(page, 'phone-02-reset-new-password');
    await expectAccessible(page, 'reset password');
    await page.getByLabel('Confirm new password').fill('New#Pass2026');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, MESSAGES.passwordHasBeenReset);
    await page.waitForURL((url) => url.pathname === '/');

    await signIn(page, server, email, 'New#Pass2026');
    // The Overview's heading comes with its data: axe checks every impact, and a page without its h1 yet fails it.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(page, 'phone-03-dashboard');
    await expectAccessible(page, 'dashboard on a phone');
  });

  it('refreshes an expired access token silently and stays signed in', async () => {
    const before = await page.evaluate(() => localStorage.getItem('sente.refreshToken'));
    await page.waitForTimeout(3500);
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Personal Information' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    const after = await page.evaluate(() => localStorage.getItem('sente.refreshToken'));
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
  });

  it('says the session expired when it was ended elsewhere, and goes back to sign in', async () => {
    // The tab leaves the dashboard first: a request of its own still in flight when the session ends would meet the
    // 401 on the page being left, and its toast would go with that page.
    await page.goto('/favicon.svg');
    const refreshToken = await page.evaluate(() => localStorage.getItem('sente.refreshToken'));
    expect(refreshToken).toBeTruthy();
    await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    await page.goto('/profile');
    await expectToast(page, MESSAGES.sessionExpired);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('sente.accessToken'))).toBeNull();
    await screenshot(page, 'phone-04-session-expired');
  });

  it('lets the server hold a code request back for 50 seconds, even when the page offers Resend', async () => {
    // Signed up here rather than before the journeys, so that its code is seconds old however slowly they ran.
    await fetch(`${server.url}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstname: 'New', lastname: 'Comer', email: unverified, password: 'Sente#2026' }),
    });
    await page.goto('/');
    // Pretend the countdown already ran out on this phone; the server still knows the last code is fresh.
    await page.evaluate(() => localStorage.setItem('sente.lastCodeSentAt', '0'));
    await page.goto(`/verify-account?email=${encodeURIComponent(unverified)}`);
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect
      .poll(() => page.locator('.mantine-Notification-description').allTextContents())
      .toContainEqual(expect.stringMatching(/^Please wait \d+ seconds before requesting a new code$/));
    await screenshot(page, 'phone-05-resend-too-soon');
  });

  it('shows a page-not-found screen with a way home', async () => {
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await screenshot(page, 'phone-06-not-found');
    await expectAccessible(page, 'not found');
    await page.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
