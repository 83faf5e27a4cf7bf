import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support/browser.ts';
import { type MerchantSession, startMerchantSession } from './support/merchant-session.ts';
import { enterDashboard, TINY_PNG } from './support/ui.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** Titles as schools and shops write them: long, with the part that tells links apart at the end. */
const PAYMENT_TITLE = 'Senior Four Kampala Parents School end of year trip to Murchison Falls National Park, second instalment';
const DONATION_TITLE = 'Rebuilding the St. Kizito Primary School girls dormitory roof after the March storms, phase two';
const ITEM_TITLE = 'Primary Seven holiday revision workbook with marking guide for mathematics, English and science papers';

/** Whether the whole text shows: nothing clipped, no ellipsis. */
const shownWhole = (text: Locator) =>
  text.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      clipped: element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
      ellipsis: style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none',
    };
  });

/**
 * On a 1,280 px desktop, the link tables show each title whole, wrapped, never cut short, with every
 * column in view.
 */
describe('link titles on a desktop', () => {
  let session: MerchantSession;

  async function call(pathname: string, body: unknown) {
    const response = await fetch(`${session.server.url}${pathname}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: unknown }).data;
  }

  async function upload(folder: string, name: string, bytes: Buffer): Promise<string> {
    const form = new FormData();
    form.append('folder', folder);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${session.server.url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.tokens.accessToken}` },
      body: form,
    });
    if (!response.ok) throw new Error(`upload answered ${response.status}`);
    return ((await response.json()) as { data: string }).data;
  }

  beforeAll(async () => {
    session = await startMerchantSession('titles', 'Kampala Parents School');
    await call('/api/payment-link/create', { title: PAYMENT_TITLE, fixed_amount: true, amount: 350_000 });
    await call('/api/payment-link/create', { title: 'Uniform', fixed_amount: true, amount: 45_000 });
    await call('/api/donation-link/create', { title: DONATION_TITLE, target: 20_000_000, beneficiary: 'P5 to P7 girls' });
    await call('/api/donation-link/create_digital_item', {
      title: ITEM_TITLE,
      description: 'Past papers and answers for the holidays',
      price: 15_000,
      image: await upload('uploads', 'cover.png', TINY_PNG),
      file: await upload('products', 'workbook.pdf', PDF),
    });
  });
  afterAll(() => session?.close());

  const cases = [
    { path: '/payment-links', table: 'Payment links table', title: PAYMENT_TITLE, shot: 'link-titles-1-payment-links' },
    { path: '/donation-links', table: 'Donation links table', title: DONATION_TITLE, shot: 'link-titles-2-donation-links' },
    { path: '/sente-digital-items', table: 'Digital items table', title: ITEM_TITLE, shot: 'link-titles-3-digital-items' },
  ];

  it.each(cases)('shows each title whole on $path', async ({ path, table, title, shot }) => {
    const { page } = session;
    await enterDashboard(page, session.tokens, path);
    const text = page.getByRole('region', { name: table }).getByText(title, { exact: true });
    await expect.poll(() => text.isVisible()).toBe(true);
    await screenshot(page, shot);
    expect(await shownWhole(text)).toEqual({ clipped: false, ellipsis: false });
    // Wrapped in a column of some width, and every column in view: no sideways scrolling on a desktop.
    expect((await text.boundingBox())!.width).toBeGreaterThanOrEqual(180);
    expect(await page.getByText(/More columns/).count()).toBe(0);
    await expectAccessible(page, `${path} with a long title`);
  });
});
