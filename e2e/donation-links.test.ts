import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { MONEY_TEXT_MESSAGES } from '@sente/contracts/money-text';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, VIEWPORTS } from './support/browser.ts';
import { type MerchantSession, startMerchantSession } from './support/merchant-session.ts';
import type { RunningServer } from './support/server.ts';
import { enterDashboard, expectToast, TINY_PNG } from './support/ui.ts';

const TITLE = 'New classroom block';
const PREVIEW = 'Preview of the donation page image';

describe('donation links, as a merchant clicks them', () => {
  let session: MerchantSession;
  let server: RunningServer;
  let page: Page;
  let tokens: MerchantSession['tokens'];
  let api: MerchantSession['api'];

  beforeAll(async () => {
    session = await startMerchantSession('donations', 'Kampala Hope Foundation');
    ({ server, page, tokens, api } = session);
  });
  afterAll(async () => {
    await session?.close();
  });

  const firstLink = async () => (await api('/api/donation-link')).data.items[0];

  // A link without a title, a refused target beside its field: apps/web/src/features/links/donation-links/components/*.test.tsx.
  it('starts empty and opens the new link form', async () => {
    await enterDashboard(page, tokens, '/donation-links');
    await expect.poll(() => page.getByText(LINK_MESSAGES.noDonationLinks).isVisible()).toBe(true);
    await screenshot(page, 'donations-01-empty');
    await expectAccessible(page, 'donation links empty');
    await page.getByRole('link', { name: 'New Donation Link' }).first().click();
    await page.waitForURL('**/new-donation-link');
    await expect.poll(() => page.getByRole('heading', { name: 'Donation Links / Create' }).isVisible()).toBe(true);
  });

  it('creates a public link with a target, an image and a select extra input', async () => {
    expect(await page.getByLabel('Public', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Description').fill('Two classrooms for P1 and P2 before the rains.');
    await page.getByLabel('Beneficiary').fill('St. Kizito Primary School');
    // A typo is questioned once the field is left, never re-read as another amount (decision 058).
    await page.getByLabel('Target amount').fill('5000000abc');
    await page.getByLabel('Target amount').blur();
    await expect.poll(() => page.getByText(MONEY_TEXT_MESSAGES.digitsOnly).count()).toBe(1);
    await page.getByLabel('Target amount').fill('5000000');
    expect(await page.getByLabel('Target amount').inputValue()).toBe('5,000,000');

    await page.locator('input[type=file]').setInputFiles({ name: 'classroom.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect.poll(() => page.getByRole('img', { name: PREVIEW }).getAttribute('src')).toMatch(/^\/storage\/uploads\//);

    await page.getByRole('button', { name: '+ Extra Inputs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extra Inputs' });
    await dialog.getByLabel('Input type').selectOption({ label: 'Dropdown/Select' });
    await dialog.getByLabel('Label').fill('Donate as');
    await dialog.getByLabel('Option 1').fill('Parent');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel('Option 2').fill('Old student');
    await dialog.getByRole('button', { name: 'Add Input' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Extra Inputs' }).count()).toBe(0);
    await expect.poll(() => page.getByText('Options: Parent, Old student').isVisible()).toBe(true);

    await screenshot(page, 'donations-02-form');
    await expectAccessible(page, 'donation link form');
    await page.getByRole('button', { name: 'Save Donation Link' }).click();
    await expectToast(page, LINK_MESSAGES.donationLinkSaved);
    await page.waitForURL((url) => url.pathname === '/donation-links');

    const link = await firstLink();
    expect(link).toMatchObject({ title: TITLE, beneficiary: 'St. Kizito Primary School', type: 'public', target: 5_000_000 });
    expect(link.extra_fields).toEqual([{ type: 'select', label: 'Donate as', options: ['Parent', 'Old student'] }]);
    // Decision 005: the image is in 'uploads', which the public /fund/ page can show without a session.
    expect(link.image).toMatch(/^uploads\//);
    expect((await fetch(`${server.url}/storage/${link.image}`)).status).toBe(200);
  });

  it('lists it with its target, copies and shortens its link', async () => {
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await expect.poll(() => row.textContent()).toContain('UGX 5,000,000');
    expect(await row.textContent()).toContain('Public');
    expect(await row.textContent()).toContain('UGX 0');
    // Every column and the five actions fit a 1,280 px screen beside the navigation: nothing to scroll sideways.
    const region = page.getByRole('region', { name: 'Donation links table' });
    const widths = await region.evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(await page.getByText(/More columns/).count()).toBe(0);
    await screenshot(page, 'donations-03-list');
    await expectAccessible(page, 'donation links list');

    const { ref } = await firstLink();
    await row.getByRole('button', { name: `Copy link for ${TITLE}` }).click();
    await expectToast(page, MESSAGES.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/fund/${ref}`);

    await row.getByRole('button', { name: `Shorten link for ${TITLE}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/s\/[A-Za-z0-9]{7}$/);
    const short = await page.evaluate(() => navigator.clipboard.readText());
    const redirect = await fetch(short, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${server.url}/fund/${ref}`);
  });

  it('edits it with the form prefilled', async () => {
    await page
      .getByRole('row', { name: new RegExp(TITLE) })
      .getByRole('link', { name: `Edit ${TITLE}` })
      .click();
    await page.waitForURL('**/donation-links/edit/**');
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(TITLE);
    expect(await page.getByLabel('Target amount').inputValue()).toBe('5,000,000');
    expect(await page.getByLabel('Beneficiary').inputValue()).toBe('St. Kizito Primary School');
    expect(await page.getByRole('img', { name: PREVIEW }).isVisible()).toBe(true);
    expect(await page.getByText('Donate as', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'donations-04-edit');
    await expectAccessible(page, 'donation link edit form');

    await page.getByLabel('Private', { exact: true }).check();
    await page.getByLabel('Target amount').fill('7500000');
    await page.getByRole('button', { name: 'Save Donation Link' }).click();
    await expectToast(page, LINK_MESSAGES.donationLinkUpdated);
    await page.waitForURL((url) => url.pathname === '/donation-links');
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await expect.poll(() => row.textContent()).toContain('UGX 7,500,000');
    expect(await row.textContent()).toContain('Private');
    expect(await firstLink()).toMatchObject({ type: 'private', target: 7_500_000, image: expect.stringMatching(/^uploads\//) });
  });

  it('removes the image, on a phone', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    const { ref } = await firstLink();
    await page.goto(`/donation-links/edit/${ref}`);
    await expect.poll(() => page.getByRole('img', { name: PREVIEW }).isVisible()).toBe(true);
    await screenshot(page, 'donations-05-edit-phone');
    await expectAccessible(page, 'donation link form on a phone');
    await page.getByRole('button', { name: /^Remove .+\.webp$/ }).click();
    await expect.poll(() => page.getByRole('img', { name: PREVIEW }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save Donation Link' }).click();
    await expectToast(page, LINK_MESSAGES.donationLinkUpdated);
    await page.waitForURL((url) => url.pathname === '/donation-links');
    await expect.poll(() => page.getByText('UGX 7,500,000').isVisible()).toBe(true);
    expect((await firstLink()).image).toBeNull();
    await screenshot(page, 'donations-06-list-phone');
    await expectAccessible(page, 'donation links on a phone');
  });
});
