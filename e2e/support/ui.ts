import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Types a one-time code into the six boxes, starting at the first. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Code digit 1').click();
  await page.keyboard.type(code);
}

/** Pastes a code into the first box, as a merchant copying it from the e-mail would. */
export async function pasteCode(page: Page, code: string) {
  await page.getByLabel('Code digit 1').evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
}

/** Waits for a toast with exactly this message. */
export async function expectToast(page: Page, message: string) {
  await expect.poll(() => page.locator('.mantine-Notification-description').allTextContents()).toContain(message);
}
