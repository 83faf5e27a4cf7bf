import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage } from './browser.ts';

/** A minimal PDF: enough for the server to read its type from the bytes. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Chooses a file through the button a person clicks, answering the browser's file chooser. */
export async function chooseFile(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

/** Picks an option of a Mantine Select by opening it and clicking the option, as a person does. */
export async function pickOption(page: Page, field: Locator, option: string) {
  await field.click();
  // In the dropdown's listbox: a filter bar's native select on the same page has options of the same names.
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/**
 * A customer pays a fixed payment link on a phone-sized page through the real checkout and the test-mode
 * simulator, and waits for the success heading; the page is closed afterwards.
 */
export async function payFixedLink(
  browser: Browser,
  baseURL: string,
  ref: string,
  payer: { names: string; phone: string; network: 'MTN Mobile Money' | 'Airtel Money'; amount: string },
) {
  const page = await newPage(browser, baseURL, 'phone');
  try {
    await page.goto(`/pay/${ref}`);
    await page.getByLabel('Your name').fill(payer.names);
    await page.getByLabel('Mobile money number').fill(payer.phone);
    // The prefix tells the network.
    expect(await page.getByRole('radio', { name: payer.network }).isChecked()).toBe(true);
    await page.getByRole('button', { name: `Pay ${payer.amount}` }).click();
    await expect.poll(() => page.getByRole('heading', { name: PAYMENT_MESSAGES.paymentSuccessful }).count()).toBe(1);
  } finally {
    await page.context().close();
  }
}

/** Sums the shilling figures of one column of a figures table (the data cells; the row header is a th). */
export async function sumColumn(table: Locator, column = 1): Promise<number> {
  const cells = await table.locator(`tbody tr td:nth-of-type(${column})`).allTextContents();
  return cells.reduce((sum, cell) => sum + Number(cell.replace(/[^\d]/g, '')), 0);
}

/** The shilling figure in the row of a figures table whose header is `label`. */
export async function rowAmount(table: Locator, label: string): Promise<number> {
  const text = await table
    .getByRole('row', { name: new RegExp(`^${label}\\b`) })
    .locator('td')
    .first()
    .textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/** Nothing sticks out sideways: the page does not scroll horizontally. */
export async function expectNoHorizontalOverflow(page: Page, screen: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${screen}: page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}
