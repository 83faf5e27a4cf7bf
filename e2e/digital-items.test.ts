import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, VIEWPORTS } from './support/browser.ts';
import { type MerchantSession, startMerchantSession } from './support/merchant-session.ts';
import type { RunningServer } from './support/server.ts';
import { enterDashboard, expectToast, TINY_PNG } from './support/ui.ts';

/** The smallest PDF a reader opens: what a merchant would sell as an e-book. */
const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The hidden file input of the upload field labelled `label`. */
const fileInput = (page: Page, label: string) =>
  page
    .locator('.mantine-InputWrapper-root')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('input[type=file]');

describe('digital items, as a merchant sells a file', () => {
  let files: string;

  let session: MerchantSession;
  let server: RunningServer;
  let page: Page;
  let tokens: MerchantSession['tokens'];
  let api: MerchantSession['api'];

  beforeAll(async () => {
    session = await startMerchantSession('items', 'Auma Books');
    ({ server, page, tokens, api } = session);
    files = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-items-'));
    fs.writeFileSync(path.join(files, 'cover.png'), TINY_PNG);
    fs.writeFileSync(path.join(files, 'recipes.pdf'), SMALL_PDF);
  });
  afterAll(async () => {
    await session?.close();
    if (files) fs.rmSync(files, { recursive: true, force: true });
  });

  // Every missing field on an empty save, files refused before sending, the original price above the sale
  // price: apps/web/src/features/links/digital-items/components/digital-item-form.test.tsx.
  it('starts empty and opens the new product form', async () => {
    await enterDashboard(page, tokens, '/sente-digital-items');
    await expect.poll(() => page.getByText(LINK_MESSAGES.noDigitalItems).isVisible()).toBe(true);
    await screenshot(page, 'items-01-empty');
    await expectAccessible(page, 'digital items empty');

    await page.getByRole('link', { name: 'New Item/Product' }).click();
    await page.waitForURL('**/new-sente-digital-item');
    expect(await page.getByRole('textbox', { name: 'Category' }).inputValue()).toBe('Ebooks (PDF)');
  });

  it('creates a product with an image, a PDF, a struck-out original price and an extra input', async () => {
    await page.getByLabel('Title').fill('Rolex Recipes');
    await page.getByLabel('Description').fill('Twenty ways to roll a rolex at home. A 40-page PDF.');
    await page.getByRole('radio', { name: 'Private' }).check();
    await page.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Recipes & Meal Plans' }).click();
    await page.getByLabel('Sale price').fill('25000');
    expect(await page.getByLabel('Sale price').inputValue()).toBe('25,000');
    await page.getByLabel('Show striked out original price').check();
    await page.getByRole('textbox', { name: 'Original price' }).fill('40000');
    await fileInput(page, 'Product image').setInputFiles(path.join(files, 'cover.png'));
    await expect.poll(() => page.getByText('cover.png').isVisible()).toBe(true);
    await fileInput(page, 'Product file').setInputFiles(path.join(files, 'recipes.pdf'));
    await expect.poll(() => page.getByText('recipes.pdf').isVisible()).toBe(true);
    await page.getByLabel('Buyer note').fill('Open the PDF on your phone or print it.');
    await page.getByRole('button', { name: '+ Extra Inputs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extra Inputs' });
    await dialog.getByLabel('Label').fill('WhatsApp number');
    await dialog.getByRole('button', { name: 'Add Input' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Extra Inputs' }).count()).toBe(0);
    await screenshot(page, 'items-03-form-filled');
    await expectAccessible(page, 'digital item form filled');

    await page.getByRole('button', { name: 'Create Product' }).click();
    await expectToast(page, LINK_MESSAGES.itemAdded);
    await page.waitForURL((url) => url.pathname === '/sente-digital-items');

    const [item] = (await api('/api/donation-link/get_digital_items')).data.items;
    expect(item).toMatchObject({
      title: 'Rolex Recipes',
      type: 'private',
      category: 'Recipes & Meal Plans',
      price: 25_000,
      original_price: 40_000,
      buyer_note: 'Open the PDF on your phone or print it.',
      extra_fields: [{ type: 'text', label: 'WhatsApp number', options: [] }],
    });
    expect(item.image).toMatch(/^uploads\/.+\.webp$/);
    expect(item.file).toMatch(/^products\/.+\.pdf$/);
    // Decision 005: the image is public, the product file never is.
    expect((await fetch(`${server.url}/storage/${item.image}`)).status).toBe(200);
    expect((await fetch(`${server.url}/storage/${item.file}`)).status).toBe(404);
  });

  it('lists it with the original price struck through, and copies and shortens its checkout link', async () => {
    const row = page.getByRole('row', { name: /Rolex Recipes/ });
    await expect.poll(() => row.textContent()).toContain('UGX 25,000');
    expect(await row.textContent()).toContain('Private');
    const original = row.locator('s');
    expect(await original.textContent()).toBe('UGX 40,000');
    expect(await original.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe('line-through');
    // The toasts of the last steps would cover the row in the picture; they close after 5 s.
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 10_000 }).toBe(0);
    await screenshot(page, 'items-04-list');
    await expectAccessible(page, 'digital items list');

    const { ref } = (await api('/api/donation-link/get_digital_items')).data.items[0];
    await row.getByRole('button', { name: 'Copy link for Rolex Recipes' }).click();
    await expectToast(page, MESSAGES.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/checkout/${ref}`);

    const shortened = page.waitForResponse((response) => response.url().endsWith('/api/shorten_url'));
    await row.getByRole('button', { name: 'Shorten link for Rolex Recipes' }).click();
    expect((await shortened).status()).toBe(200);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/s\/[A-Za-z0-9]{7}$/);
    const redirect = await fetch(await page.evaluate(() => navigator.clipboard.readText()), { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${server.url}/checkout/${ref}`);
  });

  it('edits it', async () => {
    await page.getByRole('link', { name: 'Edit Rolex Recipes' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Rolex Recipes');
    expect(await page.getByLabel('Sale price').inputValue()).toBe('25,000');
    expect(await page.getByRole('textbox', { name: 'Original price' }).inputValue()).toBe('40,000');
    expect(await page.getByText('WhatsApp number').isVisible()).toBe(true);

    await page.getByLabel('Title').fill('Rolex Recipes, 2nd edition');
    await page.getByLabel('Sale price').fill('20000');
    await screenshot(page, 'items-05-edit');
    await expectAccessible(page, 'digital item edit');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expectToast(page, LINK_MESSAGES.itemUpdated);
    await page.waitForURL((url) => url.pathname === '/sente-digital-items');
    const row = page.getByRole('row', { name: /Rolex Recipes, 2nd edition/ });
    await expect.poll(() => row.textContent()).toContain('UGX 20,000');
  });

  // The merchant's tab at a phone's size, loaded again there: a new browser context costs Chromium several times that.
  it('shows cards and the form on a phone', async () => {
    const phone = page;
    await phone.setViewportSize(VIEWPORTS.phone);
    await phone.goto('/sente-digital-items');
    const card = phone.getByRole('listitem').filter({ hasText: 'Rolex Recipes, 2nd edition' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.locator('s').textContent()).toBe('UGX 40,000');
    await screenshot(phone, 'items-06-phone-list');
    await expectAccessible(phone, 'digital items on a phone');
    await card.getByRole('link', { name: 'Edit Rolex Recipes, 2nd edition' }).click();
    await expect.poll(() => phone.getByLabel('Title').inputValue()).toBe('Rolex Recipes, 2nd edition');
    await screenshot(phone, 'items-07-phone-form');
    await expectAccessible(phone, 'digital item form on a phone');
  });

  it('deletes it after confirming, and it leaves the list', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/sente-digital-items');
    const row = page.getByRole('row', { name: /Rolex Recipes, 2nd edition/ });
    await row.getByRole('button', { name: 'Delete Rolex Recipes, 2nd edition' }).click();
    const confirm = page.getByRole('dialog', { name: MESSAGES.confirmTitle });
    await expect
      .poll(() => confirm.getByText(LINK_MESSAGES.deleteDigitalItem('Rolex Recipes, 2nd edition')).isVisible())
      .toBe(true);
    await screenshot(page, 'items-08-delete-confirm');
    await expectAccessible(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, LINK_MESSAGES.productDeleted);
    await expect.poll(() => page.getByRole('row', { name: /Rolex Recipes/ }).count()).toBe(0);
    await expect.poll(() => page.getByText(LINK_MESSAGES.noDigitalItems).isVisible()).toBe(true);
    expect((await api('/api/donation-link/get_digital_items')).data.items).toEqual([]);
  });
});
