import type { StaffRole } from '@sente/contracts/constants';
import { LINK_MESSAGES, MESSAGES, TEAM_MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from './support/accounts.ts';
import { expectAccessible, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { createUser } from './support/members.ts';
import { type RunningServer, sharedServer } from './support/server.ts';
import { enterDashboard, expectToast, TINY_PNG } from './support/ui.ts';

const PASSWORD = 'Sente#2026';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Tokens = { accessToken: string; refreshToken: string };
type Answer = { status: number; body: { message?: string; data?: any } };

async function call(server: RunningServer, tokens: Tokens, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${tokens.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

async function created(server: RunningServer, tokens: Tokens, path: string, body: unknown) {
  const answer = await call(server, tokens, path, body);
  if (answer.status !== 201) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as { id: string; ref: string };
}

async function upload(server: RunningServer, tokens: Tokens, folder: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('folder', folder);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${server.url}/api/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.accessToken}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: string }).data;
}

/** Opens a list page and waits for the row of `title`. */
async function openList(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect.poll(() => page.getByRole('row', { name: new RegExp(title) }).count()).toBe(1);
}

/** The button that opens the Transfers modal (the navigation's 'Transfers' is a link). */
const transfersButton = (page: Page) => page.getByRole('button', { name: 'Transfers', exact: true });

const createButton = (page: Page, label: string) =>
  page.getByRole('link', { name: label }).or(page.getByRole('button', { name: label }));

describe('a member whose role may only view, and one who may manage links', () => {
  const stamp = Date.now();
  const ownerEmail = `owner.${stamp}@example.com`;
  const memberEmail = `member.${stamp}@example.com`;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let owner: Tokens;
  let member: Tokens;
  let paymentLink: { id: string; ref: string };
  let item: { id: string; ref: string };

  /**
   * An operator gives the member the role on the owner's account (`npm run ops -- members:set-role`); the next page
   * load reads it (the app keeps only the tokens in the browser), so one tab serves both roles.
   */
  async function giveRole(role: StaffRole) {
    const { code, output } = await server.ops('members:set-role', ownerEmail, memberEmail, role);
    expect(code, output).toBe(0);
  }

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchBrowser();
    owner = await createMerchant(server, ownerEmail, PASSWORD, 'Kampala Parents School');
    member = await createUser(server, memberEmail, PASSWORD);
    paymentLink = await created(server, owner, '/api/payment-link/create', {
      title: 'Term fees',
      fixed_amount: true,
      amount: 250_000,
    });
    await created(server, owner, '/api/donation-link/create', {
      title: 'New library',
      target: 5_000_000,
      beneficiary: 'P7 pupils',
    });
    item = await created(server, owner, '/api/donation-link/create_digital_item', {
      title: 'Holiday workbook',
      description: 'Exercises for the long holiday',
      price: 15_000,
      image: await upload(server, owner, 'uploads', 'cover.png', TINY_PNG),
      file: await upload(server, owner, 'products', 'workbook.pdf', PDF),
    });
    await giveRole('developer');
    page = await newPage(browser, server.url);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the developer is on the owner account, with the developer role', async () => {
    const { body } = await call(server, member, '/api/user/profile');
    expect(body.data.current_account.account_name).toBe('Kampala Parents School');
    expect(body.data.current_role).toBe('developer');
  });

  it("the developer sees the owner's payment links without create, disable or edit", async () => {
    await enterDashboard(page, member, '/payment-links');
    await expect.poll(() => page.getByRole('row', { name: /Term fees/ }).count()).toBe(1);
    const row = page.getByRole('row', { name: /Term fees/ });
    expect(await row.textContent()).toContain('UGX 250,000');
    expect(await createButton(page, 'New Payment Link').count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await row.getByRole('cell', { name: 'No', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Edit Term fees' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Copy link for Term fees' }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Shorten link for Term fees' }).isVisible()).toBe(true);
    // Switching the account between test and live needs the manageAccount right.
    expect(await page.getByRole('switch', { name: 'Test mode' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'change' }).count()).toBe(0);
    await screenshot(page, 'roles-01-developer-payment-links');
    await expectAccessible(page, 'payment links for a developer');
  });

  it('the developer sees the same on a phone, where the links are cards', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.getByText('Disabled: No').isVisible()).toBe(true);
    expect(await page.getByText('Term fees').isVisible()).toBe(true);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await createButton(page, 'New Payment Link').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit Term fees' }).count()).toBe(0);
    await screenshot(page, 'roles-02-developer-payment-links-phone');
    await expectAccessible(page, 'payment links for a developer on a phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('the developer sees donation links and digital items without create, edit or delete', async () => {
    await openList(page, '/donation-links', 'New library');
    expect(await createButton(page, 'New Donation Link').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit New library' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Copy link for New library' }).isVisible()).toBe(true);
    await screenshot(page, 'roles-03-developer-donation-links');
    await expectAccessible(page, 'donation links for a developer');

    await openList(page, '/sente-digital-items', 'Holiday workbook');
    expect(await createButton(page, 'New Item/Product').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit Holiday workbook' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Holiday workbook' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Copy link for Holiday workbook' }).isVisible()).toBe(true);
    await screenshot(page, 'roles-04-developer-digital-items');
    await expectAccessible(page, 'digital items for a developer');
  });

  it('the developer sees the transfers without the Transfers button, even by the address that opens it', async () => {
    await page.goto('/settlements?transfer=1');
    await expect.poll(() => page.getByText(WALLET_MESSAGES.noSettlementsYet).count()).toBe(1);
    expect(await transfersButton(page).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'roles-08-developer-transfers');
    await expectAccessible(page, 'transfers for a developer');
  });

  it('the developer opens Team and sees the members read-only: no Invite Member, no Delete, no open invitation', async () => {
    const invitee = `invitee.${stamp}@example.com`;
    expect((await call(server, owner, '/api/staff/register', { email: invitee, staff_role: 'user' })).status).toBe(201);
    await page.goto('/team');
    const table = page.getByRole('table', { name: 'Team members' });
    await expect.poll(() => table.getByRole('row', { name: new RegExp(ownerEmail.replace(/[.]/g, '\\.')) }).count()).toBe(1);
    expect(await table.getByRole('row', { name: new RegExp(memberEmail.replace(/[.]/g, '\\.')) }).textContent()).toContain(
      'Developer / IT',
    );
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await page.getByText(invitee).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Invite Member' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await page.getByText(TEAM_MESSAGES.readOnly).isVisible()).toBe(true);
    await screenshot(page, 'roles-09-developer-team');
    await expectAccessible(page, 'team for a developer');
  });

  it('the developer who opens a form by its address gets the refusal instead of the form', async () => {
    const forms = [
      { path: '/new-payment-link', heading: 'Payment Links / Create', save: 'Save Payment Link' },
      { path: `/payment-links/edit/${paymentLink.ref}`, heading: 'Payment Links / Edit', save: 'Save Payment Link' },
      { path: '/new-donation-link', heading: 'Donation Links / Create', save: 'Save Donation Link' },
      { path: `/sente-digital-items/edit/${item.ref}`, heading: 'Digital Hub / Edit', save: 'Update Product' },
      { path: '/new-sente-digital-item', heading: 'Digital Hub / Create', save: 'Create Product' },
    ];
    for (const form of forms) {
      await page.goto(form.path);
      await expect.poll(() => page.getByText(MESSAGES.forbiddenForRole).isVisible(), { message: form.path }).toBe(true);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(form.heading);
      expect(await page.getByLabel('Title').count()).toBe(0);
      expect(await page.getByRole('button', { name: form.save }).count()).toBe(0);
    }
    await page.goto('/new-payment-link');
    await expect.poll(() => page.getByText(MESSAGES.forbiddenForRole).isVisible()).toBe(true);
    await screenshot(page, 'roles-05-developer-new-payment-link');
    await expectAccessible(page, 'payment link form for a developer');
  });

  it('the server refuses the developer every change, and nothing changes', async () => {
    const refusals = [
      await call(server, member, '/api/payment-link/create', { title: 'Sneaky fees', fixed_amount: true, amount: 1_000 }),
      await call(server, member, `/api/payment-link/update/${paymentLink.id}`, { title: 'Renamed', amount: 1_000 }),
      await call(server, member, `/api/payment-link/enable_or_disable/${paymentLink.id}`, { is_disabled: true }),
      await call(server, member, '/api/donation-link/create', { title: 'Sneaky cause' }),
      await call(server, member, `/api/donation-link/hide_digital_item/${item.id}`, { shouldHide: true }),
      await call(server, member, '/api/sente-account/update-logo', { company_logo: null }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.body.message).toBe(MESSAGES.forbiddenForRole);
    }

    const links = await call(server, member, '/api/payment-link');
    expect(links.status).toBe(200);
    expect(links.body.data.items).toEqual([expect.objectContaining({ title: 'Term fees', amount: 250_000, is_disabled: false })]);
    const donations = (await call(server, owner, '/api/donation-link')).body.data.items;
    expect(donations.map((link: { title: string }) => link.title)).toEqual(['New library']);
    const items = (await call(server, owner, '/api/donation-link/get_digital_items')).body.data.items;
    expect(items.map((i: { title: string }) => i.title)).toEqual(['Holiday workbook']);
  });

  it('the same member made operations sees create, disable, edit and delete, but not the logo or the mode', async () => {
    await giveRole('operations');
    expect((await call(server, member, '/api/user/profile')).body.data.current_role).toBe('operations');

    await enterDashboard(page, member, '/payment-links');
    await expect.poll(() => page.getByRole('row', { name: /Term fees/ }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'New Payment Link' }).isVisible()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Disabled: Term fees' }).isEnabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Edit Term fees' }).isVisible()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Test mode' }).count()).toBe(0);
    await screenshot(page, 'roles-06-operations-payment-links');

    await openList(page, '/donation-links', 'New library');
    expect(await page.getByRole('link', { name: 'New Donation Link' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Edit New library' }).isVisible()).toBe(true);

    await openList(page, '/sente-digital-items', 'Holiday workbook');
    expect(await page.getByRole('link', { name: 'New Item/Product' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete Holiday workbook' }).isVisible()).toBe(true);

    // Operations may move money (docs/features.md#roles).
    await page.goto('/settlements');
    await expect.poll(() => transfersButton(page).count()).toBe(1);
  });

  it('operations creates a payment link through the form, without the company logo button', async () => {
    await page.goto('/payment-links');
    await page.getByRole('link', { name: 'New Payment Link' }).click();
    await page.waitForURL('**/new-payment-link');
    await page.getByLabel('Title').fill('Uniforms');
    await page.getByLabel('Price').fill('40000');
    expect(await page.getByRole('button', { name: 'Redirection' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update Logo' }).count()).toBe(0);
    await screenshot(page, 'roles-07-operations-new-payment-link');
    await page.getByRole('button', { name: 'Save Payment Link' }).click();
    await expectToast(page, LINK_MESSAGES.paymentLinkSaved);
    await page.waitForURL((url) => url.pathname === '/payment-links');
    await expect.poll(() => page.getByRole('row', { name: /Uniforms/ }).count()).toBe(1);

    const titles = (await call(server, owner, '/api/payment-link')).body.data.items.map((l: { title: string }) => l.title);
    expect(titles.sort()).toEqual(['Term fees', 'Uniforms']);
    const logo = await call(server, member, '/api/sente-account/update-logo', { company_logo: null });
    expect(logo.status).toBe(403);
  });
});
