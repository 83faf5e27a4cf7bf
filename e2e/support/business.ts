import type { Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';

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

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Picks `day` (YYYY-MM-DD) in the app's date field labelled `label` (components/day-field.tsx) as a person does: opens
 * its calendar, goes up to the months of a year, steps to the year, picks the month, then the day.
 */
export async function pickDay(page: Page, label: string, day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ }).click();
  const yearHeading = page.getByRole('button', { name: /^\d{4}$/ });
  for (let step = 0; step < 50; step++) {
    const shown = Number(await yearHeading.textContent());
    if (shown === year) break;
    await page.getByRole('button', { name: shown < year ? 'Next year' : 'Previous year', exact: true }).click();
    await expect.poll(() => yearHeading.textContent()).not.toBe(String(shown));
  }
  await page.getByRole('button', { name: MONTHS[month - 1]!.slice(0, 3), exact: true }).click();
  await page.getByRole('button', { name: `${date} ${MONTHS[month - 1]} ${year}`, exact: true }).click();
}

/**
 * A customer pays a link through the public API, as the payment page does, and the call waits until the test-mode
 * simulator has settled it: a journey whose subject is not paying gets its collections this way (the checkout
 * journey pays through the page).
 */
export async function payLink(
  serverUrl: string,
  ref: string,
  payer: { names: string; phone: string; channel: 'MTN_UG' | 'AIRTEL' },
): Promise<{ id: string }> {
  const answer = async (response: Response) => {
    const body = (await response.json()) as { data: any; message?: string };
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body.message}`);
    return body.data;
  };
  const payment = await answer(
    await fetch(`${serverUrl}/api/public/links/${ref}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...payer, extra_data: [] }),
    }),
  );
  // vi.waitFor, not expect.poll: a journey's beforeAll funds its merchant this way, and expect.poll needs a test.
  await vi.waitFor(
    async () => {
      const { status } = await answer(await fetch(`${serverUrl}/api/public/payments/${payment.id}`));
      if (status !== 'successful') throw new Error(`the payment is ${status}`);
    },
    { timeout: 15_000, interval: 100 },
  );
  return payment;
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
