import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { sharedServer } from './support/server.ts';

/**
 * Decision 038: the merchant API's reference (Swagger UI at /docs) passes axe with no violation of any impact,
 * closed, with an operation open, and with the Authorize dialog open, on a desktop and a phone.
 */
describe('the API reference at /docs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function openReference(viewport: 'desktop' | 'phone'): Promise<Page> {
    const page = await newPage(browser, sharedServer().url, viewport);
    await page.goto('/docs');
    await expect.poll(() => page.getByRole('button', { name: /POST\s*\/v1\/collections/ }).count()).toBe(1);
    return page;
  }

  it('is accessible closed, with an operation open and with the Authorize dialog open', async () => {
    const page = await openReference('desktop');
    expect(
      await page
        .getByRole('main')
        .getByRole('heading', { name: /Sente merchant API/ })
        .count(),
    ).toBe(1);
    // One server, so no picker: "Try it out" sends to it.
    expect(await page.getByRole('combobox', { name: /servers/i }).count()).toBe(0);
    await expectAccessible(page, 'api reference');
    await screenshot(page, 'api-reference-1');

    await page.getByRole('button', { name: /POST\s*\/v1\/collections/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Request body' }).count()).toBe(1);
    await expectAccessible(page, 'api reference: an operation open');
    await screenshot(page, 'api-reference-2-operation');

    await page.getByRole('button', { name: 'Authorize' }).first().click();
    await expect.poll(() => page.getByText('Available authorizations').isVisible()).toBe(true);
    await expectAccessible(page, 'api reference: authorize');
    await screenshot(page, 'api-reference-3-authorize');
  });

  it('is accessible on a phone', async () => {
    const page = await openReference('phone');
    await expectAccessible(page, 'api reference on a phone');
    await screenshot(page, 'api-reference-4-phone');
  });
});
