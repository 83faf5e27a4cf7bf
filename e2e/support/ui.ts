import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Types a one-time code into the six boxes, starting at the first. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Code digit 1').click();
  await page.keyboard.type(code);
}

/** Pastes text into the field with this label, as a person copying it from elsewhere would. */
export async function pasteInto(page: Page, label: string, text: string) {
  await page.getByLabel(label).evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Pastes a code into the first box, as a merchant copying it from the e-mail would. */
export const pasteCode = (page: Page, code: string) => pasteInto(page, 'Code digit 1', code);

/** Waits for a toast with this message (surrounding spaces aside: the spec has one with a trailing space). */
export async function expectToast(page: Page, message: string) {
  await expect
    .poll(async () => (await page.locator('.mantine-Notification-description').allTextContents()).map((text) => text.trim()))
    .toContain(message.trim());
}

/** Opens the dashboard already signed in, with tokens made through the API (the sign-in journey has its own test). */
export async function enterDashboard(page: Page, tokens: { accessToken: string; refreshToken: string }, path: string) {
  // Any page of the origin holds its storage: the icon is a few hundred bytes, where a dashboard page boots the app.
  await page.goto('/favicon.svg');
  await page.evaluate((t) => {
    localStorage.setItem('sente.accessToken', t.accessToken);
    localStorage.setItem('sente.refreshToken', t.refreshToken);
  }, tokens);
  await page.goto(path);
}

/** A 1x1 PNG, enough for the server to read its type from the bytes. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
