import { BUSINESS_MESSAGES as B } from '@sente/contracts/messages';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support/browser.ts';
import {
  chooseFile,
  expectNoHorizontalOverflow,
  payLink,
  pickDay,
  pickOption,
  rowAmount,
  sumColumn,
  TINY_PDF,
} from './support/business.ts';
import { type MerchantSession, startMerchantSession } from './support/merchant-session.ts';
import { enterDashboard, expectToast, TINY_PNG } from './support/ui.ts';

const ACCOUNT = 'Mbarara Dairy Co-op';
const MTN_AMOUNT = 120_000;
const AIRTEL_AMOUNT = 45_000;

/**
 * A merchant fills in the business details, bank details and compliance documents, watches the
 * profile ring go from 60% to 90%, and after two customers pay reads the Overview chart and the Reports card.
 */
describe('business details, compliance documents and reports', () => {
  let session: MerchantSession;
  let page: Page;

  async function call(pathname: string, body: unknown) {
    const response = await fetch(`${session.server.url}${pathname}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data: any; message?: string };
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${json.message}`);
    return json.data;
  }

  /** The screenshot from the top: a full-page shot of a scrolled page draws the fixed header over the middle. */
  async function shot(name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  }

  const ring = () => page.getByRole('region', { name: 'Profile completion' });

  beforeAll(async () => {
    session = await startMerchantSession('business', ACCOUNT);
    page = session.page;
  });
  afterAll(async () => {
    await session?.close();
  });

  it('starts at 60% on the Overview', async () => {
    await enterDashboard(page, session.tokens, '/dashboard');
    await expect.poll(() => ring().getByText('60%').isVisible()).toBe(true);
    await page.getByText('No Collections Yet!').waitFor();
    await shot('business-01-overview-60');
  });

  it("names what is missing, then saves every business detail with a certificate: 'Details Updated'", async () => {
    await ring().getByRole('link', { name: 'Business details' }).click();
    await page.waitForURL('**/business-details');
    // The business name starts as the name the account was created with.
    await expect.poll(() => page.getByLabel('Business name').inputValue()).toBe(ACCOUNT);
    await page.getByRole('button', { name: 'Save Details' }).click();
    for (const message of [B.industryMissing, B.phoneMissing, B.emailMissing, B.cityMissing, B.address1Missing, B.regDateMissing])
      await page.getByText(message, { exact: true }).waitFor();
    // The country is Uganda already (the only one), so it is never missing here.
    expect(await page.getByLabel('Country').inputValue()).toBe('Uganda');
    await expectAccessible(page, 'business details (missing fields)');
    await shot('business-02-missing');

    await page.getByLabel('Business name').fill(ACCOUNT);
    await pickOption(page, page.getByRole('textbox', { name: 'Industry' }), 'Agriculture');
    await page.getByLabel('Business email').fill('office@mbarara-dairy.example.com');
    await page.getByLabel('Business phone').fill('+256 772 987 654');
    await pickDay(page, 'Registration date', '2019-03-14');
    await page.getByLabel('City').fill('Mbarara');
    await page.getByLabel('Address 1').fill('Plot 12, High Street');
    await page.getByLabel('Address 2').fill('P.O. Box 301');
    await chooseFile(page, page.getByRole('button', { name: /Certificate of incorporation/ }), {
      name: 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: TINY_PDF,
    });
    await page.getByText('certificate.pdf').waitFor();
    expect(await page.getByText(B.nameMissing, { exact: true }).count()).toBe(0);
    await shot('business-03-filled');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expectToast(page, B.detailsUpdated);
  });

  it("shows the saved certificate as a link with '(change)'", async () => {
    // Right after 'Details Updated', without reopening the screen.
    const certificate = page.getByRole('link', { name: 'View certificate' });
    await certificate.waitFor();
    expect(await page.getByRole('button', { name: '(change)' }).isVisible()).toBe(true);
    expect(await page.getByLabel('City').inputValue()).toBe('Mbarara');
    const response = await page.request.get((await certificate.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(await response.body()).toEqual(TINY_PDF);
  });

  it("saves the bank details: 'Bank details updated'", async () => {
    await page.getByRole('tab', { name: 'Bank Details' }).click();
    await page.getByLabel('Bank name').fill('Stanbic Bank Uganda');
    await page.getByLabel('Account number').fill('9030012345678');
    await page.getByLabel('Account name').fill(ACCOUNT);
    await page.getByRole('button', { name: 'Save Bank Details' }).click();
    await expectToast(page, WALLET_MESSAGES.bankDetailsUpdated);
    await shot('business-04-bank');
  });

  it("saves two compliance documents: 'Files updated', both listed as links that open the file", async () => {
    const card = page.getByRole('region', { name: 'Compliance Documents' });
    await card.getByText('No documents yet.').waitFor();
    await pickOption(page, card.getByRole('textbox', { name: 'Document 1' }), 'TIN certificate');
    await chooseFile(page, card.getByRole('button', { name: /File of document 1/ }), {
      name: 'tin.pdf',
      mimeType: 'application/pdf',
      buffer: TINY_PDF,
    });
    await card.getByText('tin.pdf').waitFor();
    await card.getByRole('button', { name: 'Add document' }).click();
    await pickOption(page, card.getByRole('textbox', { name: 'Document 2' }), 'Other');
    await card.getByLabel('Specify document 2').fill('Dairy board licence');
    await chooseFile(page, card.getByRole('button', { name: /File of document 2/ }), {
      name: 'licence.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await card.getByText('licence.png').waitFor();
    await expectAccessible(page, 'compliance documents (two rows)');
    await shot('business-05-documents-rows');

    await card.getByRole('button', { name: 'Save Files' }).click();
    await expectToast(page, B.filesUpdated);
    const saved = card.getByRole('list', { name: 'Saved documents' }).getByRole('link');
    await expect.poll(() => saved.count()).toBe(2);
    const names = await saved.allTextContents();
    expect(names).toContain('TIN certificate');
    expect(names.some((name) => name.includes('Dairy board licence'))).toBe(true);

    const tin = card.getByRole('link', { name: 'TIN certificate' });
    const response = await page.request.get((await tin.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(await response.body()).toEqual(TINY_PDF);
    await expectAccessible(page, 'business details (saved)');
    await shot('business-06-saved');
  });

  it('is at 90% on the Overview once the business details are saved', async () => {
    await page.getByRole('link', { name: 'Overview' }).click();
    await expect.poll(() => ring().getByText('90%').isVisible()).toBe(true);
  });

  it('after two customers pay, the Overview chart and its figures add up to what was paid', async () => {
    const [mtn, airtel] = await Promise.all([
      call('/api/payment-link/create', { title: 'Milk, 20 litres', fixed_amount: true, amount: MTN_AMOUNT }),
      call('/api/payment-link/create', { title: 'Yoghurt crate', fixed_amount: true, amount: AIRTEL_AMOUNT }),
    ]);
    await Promise.all([
      payLink(session.server.url, mtn.ref, { names: 'Sarah Namubiru', phone: '0772 123 456', channel: 'MTN_UG' }),
      payLink(session.server.url, airtel.ref, { names: 'Grace Mukasa', phone: '0752 123 456', channel: 'AIRTEL' }),
    ]);

    await page.reload();
    const figures = page.getByRole('table', { name: 'Transactions, last 7 days' });
    await expect.poll(() => sumColumn(figures)).toBe(MTN_AMOUNT + AIRTEL_AMOUNT);
    // The chart itself (loaded lazily), not only its figures table's 'Received UGX' heading.
    await page.locator('.recharts-surface').first().waitFor();
    await page.locator('.recharts-legend-wrapper, .mantine-LineChart-legend').getByText('Received UGX').first().waitFor();
    await expect.poll(() => ring().getByText('90%').isVisible()).toBe(true);
    await shot('business-07-overview-90-chart');
  });

  it('finds a payer by a phone typed with spaces: the Collections search, then the header search', async () => {
    await page.goto('/collections');
    const filter = page.getByRole('region', { name: 'Filter collections' });
    await filter.getByText('2 collections').waitFor();
    await filter.getByRole('searchbox', { name: 'Search' }).fill('0772 123 456');
    await filter.getByText(/^1 collection( ·|$)/).waitFor();
    expect(new URL(page.url()).search).toBe('?q=0772+123+456');
    const table = page.getByRole('table', { name: 'Collections' });
    expect(await table.getByText('Sarah Namubiru').count()).toBe(1);
    expect(await table.getByText('Grace Mukasa').count()).toBe(0);
    await expectAccessible(page, 'collections searched by phone');
    await shot('business-08a-collections-searched');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await filter.getByText('2 collections').waitFor();
    await page.getByRole('combobox', { name: 'Search' }).fill('0752 123 456');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('group', { name: 'Customers' }).getByRole('option').waitFor();
    await expectAccessible(page, 'header search results');
    await shot('business-08b-header-search');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await filter.getByText(/^1 collection( ·|$)/).waitFor();
    expect(new URL(page.url()).search).toBe('?q=256752123456');
    expect(await table.getByText('Grace Mukasa').count()).toBe(1);
    expect(await table.getByText('Sarah Namubiru').count()).toBe(0);
  });

  it('opens the payment from its row: gross, fee and net, and its timeline from start to success', async () => {
    const table = page.getByRole('table', { name: 'Collections' });
    await table.getByRole('link', { name: /^SNT/ }).click();
    expect(new URL(page.url()).searchParams.get('payment')).toBeTruthy();
    const drawer = page.getByRole('dialog', { name: 'Payment' });
    await drawer.getByText('Payment successful').first().waitFor();
    // Airtel's 45,000 less the 3 % collection fee.
    expect(await drawer.getByText('UGX 1,350').count()).toBeGreaterThan(0);
    expect(await drawer.getByText('UGX 43,650').count()).toBeGreaterThan(0);
    expect(await drawer.getByText('Payment started').count()).toBe(1);
    await expectAccessible(page, 'a payment opened');
    await shot('business-08c-payment-opened');
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('payment')).toBeNull();
  });

  it('Reports: the Collections card shows the total and the doughnut by channel, for 7 days and 12 months', async () => {
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/reports');
    const total = MTN_AMOUNT + AIRTEL_AMOUNT;
    await expect.poll(() => page.getByTestId('collections-total').textContent()).toBe('UGX 165,000');
    expect(await page.getByTestId('doughnut-total').textContent()).toBe('UGX 165,000');

    for (const [period, unit] of [
      ['last 7 days', 'day'],
      ['last 12 months', 'month'],
    ] as const) {
      const channels = page.getByRole('table', { name: `Collections by channel, ${period}` });
      await expect.poll(() => rowAmount(channels, 'MTN')).toBe(MTN_AMOUNT);
      expect(await rowAmount(channels, 'AIRTEL')).toBe(AIRTEL_AMOUNT);
      expect(await rowAmount(channels, 'Total')).toBe(total);
      // The bar chart's own figures (for screen readers) add up to the same total.
      expect(await sumColumn(page.getByRole('table', { name: `Collections by ${unit}, ${period}` }))).toBe(total);
      expect(await page.getByTestId('collections-total').textContent()).toBe('UGX 165,000');
      // One period is enough for axe: the other draws the same elements over other figures.
      if (unit === 'day') await expectAccessible(page, 'reports');
      await shot(`business-08-reports-${unit}`);
      if (unit === 'day') await page.getByLabel('Period').selectOption({ label: 'Last 12 months' });
    }
  });

  it('fits a 360 px phone: no sideways scrolling on /business-details and /reports', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/business-details');
    await page.getByRole('link', { name: 'View certificate' }).waitFor();
    await page.getByRole('list', { name: 'Saved documents' }).waitFor();
    await expectNoHorizontalOverflow(page, 'business details (360 px)');
    await shot('business-09-phone-business-details');
    await page.getByRole('tab', { name: 'Bank Details' }).click();
    await page.getByRole('button', { name: 'Save Bank Details' }).waitFor();
    await expectNoHorizontalOverflow(page, 'bank details (360 px)');
    await shot('business-10-phone-bank-details');

    await page.goto('/reports');
    await expect.poll(() => page.getByTestId('collections-total').textContent()).toBe('UGX 165,000');
    await page.getByTestId('doughnut-total').waitFor();
    await expectNoHorizontalOverflow(page, 'reports (360 px)');
    await shot('business-11-phone-reports');

    // The header search lives in the navigation on a phone; the filtered collections keep their cards.
    await page.goto('/collections');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('combobox', { name: 'Search' }).fill('0772123456');
    await page.getByRole('group', { name: 'Customers' }).getByRole('option').click();
    await page
      .getByRole('region', { name: 'Filter collections' })
      .getByText(/^1 collection( ·|$)/)
      .waitFor();
    await page.getByRole('list', { name: 'Collections' }).getByText('Sarah Namubiru').waitFor();
    await expectNoHorizontalOverflow(page, 'collections searched (360 px)');
    await shot('business-12-phone-collections-searched');
  });
});
