import path from 'node:path';
import { BUSINESS_MESSAGES, MESSAGES, TEAM_MESSAGES } from '@sente/contracts/messages';
import { HEARD_EVENTS, NOTIFICATION_LABELS, NOTIFICATION_MESSAGES } from '@sente/contracts/notifications';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessage } from '../apps/api/src/testing/outbox.ts';
import { expectAccessible, screenshot, VIEWPORTS } from './support/browser.ts';
import { pickOption } from './support/business.ts';
import { createUser } from './support/members.ts';
import { type MerchantSession, startMerchantSession } from './support/merchant-session.ts';
import { enterCode, enterDashboard, expectToast, pasteCode } from './support/ui.ts';

const PASSWORD = 'Sente#2026';

/**
 * The team: the owner's side (the Invite Member modal's messages, an invitation sent, the table with its
 * 'Invite Sent' badge, on a desktop and a phone), then the invitees' side: a new person signs up from the invitation
 * e-mail and lands in the account as operations; an existing user signs in from it as a developer. Each sees only what
 * the role allows (docs/features.md#roles).
 */
describe('the team screen', () => {
  let session: MerchantSession;

  beforeAll(async () => {
    session = await startMerchantSession('team', 'Gulu Traders');
  });
  afterAll(async () => {
    await session?.close();
  });

  it("invites a teammate: the modal names what is missing, then 'Invite Sent' in the table", async () => {
    const { page } = session;
    await enterDashboard(page, session.tokens, '/team');
    await page.getByRole('button', { name: 'Invite Member' }).click();
    const modal = page.getByRole('dialog', { name: 'Invite Member' });
    await modal.getByRole('button', { name: 'Send Invite' }).click();
    await modal.getByText(TEAM_MESSAGES.emailMissing).waitFor();
    await modal.getByText(TEAM_MESSAGES.roleMissing).waitFor();
    await expectAccessible(page, 'team invite (errors)');
    await screenshot(page, 'team-01-invite-errors');

    await modal.getByRole('textbox', { name: 'Email' }).fill('akello@example.com');
    await pickOption(page, modal.getByRole('textbox', { name: 'Role' }), 'Operations');
    await modal.getByRole('button', { name: 'Send Invite' }).click();
    await expectToast(page, TEAM_MESSAGES.inviteSent);

    const row = page.getByRole('row', { name: /akello@example\.com/ });
    await expect.poll(() => row.textContent()).toContain('Operations');
    expect((await row.textContent())?.toLowerCase()).toContain(TEAM_MESSAGES.inviteSent.toLowerCase());
    // Who gets notifications: the owner alone, hearing by default only of what awaits their approval (decision 071).
    const heard = page.getByRole('table', { name: 'Who gets notifications' });
    await expect.poll(async () => (await heard.textContent())?.toLowerCase()).toContain(HEARD_EVENTS.approvalNeeded);
    await expectAccessible(page, 'team');
    await screenshot(page, 'team-02-table');

    await page.setViewportSize({ width: 360, height: 740 });
    // Opened again at phone size, so the navigation is not caught sliding away.
    await page.reload();
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'team-03-phone');

    // The owner chooses to hear of each payment in their profile; the team's view says so.
    await page.goto('/profile');
    await page.getByRole('checkbox', { name: NOTIFICATION_LABELS.payment_received }).check();
    await page.getByRole('button', { name: 'Save Notifications' }).click();
    await expectToast(page, NOTIFICATION_MESSAGES.saved);
    await expectAccessible(page, 'profile notifications');
    await screenshot(page, 'team-04-profile-notifications');
    await page.goto('/team');
    await expect.poll(() => page.getByRole('table', { name: 'Who gets notifications' }).textContent()).toContain('Every payment');
  });

  /** The invitation e-mail's link for this address and action, on the server the browser uses. */
  function invitationLink(email: string, action: 'signup' | 'signin'): string {
    const mail = lastMessage(path.join(session.server.dataDir, 'outbox'), email);
    expect(mail?.subject).toBe('You are invited to Gulu Traders on Sente');
    const pattern = action === 'signup' ? /https?:\/\/\S+\/signup\?invite=\S+/ : /https?:\/\/\S+\/\?invite=\S+/;
    const link = new URL(pattern.exec(mail!.text)![0]);
    return `${link.pathname}${link.search}`;
  }

  async function invite(email: string, role: string) {
    const { page } = session;
    await page.goto('/team');
    await page.getByRole('button', { name: 'Invite Member' }).click();
    const modal = page.getByRole('dialog', { name: 'Invite Member' });
    await modal.getByRole('textbox', { name: 'Email' }).fill(email);
    await pickOption(page, modal.getByRole('textbox', { name: 'Role' }), role);
    await modal.getByRole('button', { name: 'Send Invite' }).click();
    await expectToast(page, TEAM_MESSAGES.inviteSent);
  }

  const navLink = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });

  /**
   * The owner's tab, handed to an invitee as a browser of their own would be: the app keeps its session in local
   * storage and the sign-in challenge in a cookie, so with both cleared the next page loads signed out. A new browser
   * context per invitee costs Chromium several times what a page in this tab does.
   */
  async function handOver(): Promise<Page> {
    const { page } = session;
    // Off the app first (the health check is a page of the same origin with no script), so no refresh in flight can
    // write the owner's tokens back after they are cleared.
    await page.goto('/health');
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    return page;
  }

  it('a new person signs up from the invitation e-mail and lands in the account as operations', async () => {
    const email = `akello.${Date.now()}@example.com`;
    await session.page.setViewportSize(VIEWPORTS.desktop);
    await invite(email, 'Operations');

    const page = await handOver();
    await page.goto(invitationLink(email, 'signup'));
    await page
      .getByText(`${TEAM_MESSAGES.invitationIntro('Gulu Traders', 'Operations')} Sign up with ${email} to join.`)
      .waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await expectAccessible(page, 'sign up from an invitation');
    await screenshot(page, 'team-04-invited-sign-up');
    await page.getByLabel('First name').fill('Akello');
    await page.getByLabel('Last name').fill('Grace');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/verify-account\?email=/);
    await pasteCode(page, session.server.codeFor(email));
    await expectToast(page, MESSAGES.accountVerified);

    // Sign-in opens with the verified address filled in.
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The code step (and its countdown) shows once the new code is sent: only then is it the newest in the outbox.
    await page.getByRole('timer').waitFor();
    await enterCode(page, session.server.codeFor(email, 'Your Sente sign-in code'));
    await page.waitForURL('**/dashboard');
    await page.getByRole('banner').getByText('Gulu Traders').first().waitFor();

    // Operations: links and money, not the team, the business details or the developers' tools.
    await navLink(page, 'Payment Links').click();
    await page
      .getByRole('link', { name: 'New Payment Link' })
      .or(page.getByRole('button', { name: 'New Payment Link' }))
      .first()
      .waitFor();
    await navLink(page, 'Transfers').click();
    await page.getByRole('button', { name: 'Transfers', exact: true }).waitFor();
    expect(await navLink(page, 'API Keys').count()).toBe(0);
    expect(await navLink(page, 'Web Hooks').count()).toBe(0);
    // The team, read-only: the members by name, without Invite Member or Delete.
    await navLink(page, 'Team').click();
    await page.getByText(TEAM_MESSAGES.readOnly).waitFor();
    const ownRow = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await expect.poll(() => ownRow.textContent()).toContain('Akello Grace');
    expect(await page.getByRole('button', { name: 'Invite Member' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await expectAccessible(page, 'team for operations');
    await screenshot(page, 'team-05-operations-team');
    await navLink(page, 'Business Details').click();
    await page.getByText(BUSINESS_MESSAGES.readOnly).waitFor();
    expect(await page.getByRole('button', { name: 'Save Details' }).count()).toBe(0);
    await expectAccessible(page, 'business details for operations');
    await screenshot(page, 'team-06-operations-business-details');

    // The owner's table, back in the owner's session, shows the member by name now.
    await enterDashboard(page, session.tokens, '/team');
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await expect.poll(() => row.textContent()).toContain('Akello Grace');
    expect(await row.textContent()).toContain('Operations');
  });

  it('an existing user signs in from the invitation as a developer: API keys, but no Transfers button', async () => {
    const email = `okot.${Date.now()}@example.com`;
    await createUser(session.server, email, PASSWORD, 'Okot');
    await invite(email, 'Developer / IT');

    const page = await handOver();
    await page.goto(invitationLink(email, 'signin'));
    await page
      .getByText(`${TEAM_MESSAGES.invitationIntro('Gulu Traders', 'Developer / IT')} Sign in with ${email} to join.`)
      .waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The code step (and its countdown) shows once the new code is sent: only then is it the newest in the outbox.
    await page.getByRole('timer').waitFor();
    await enterCode(page, session.server.codeFor(email, 'Your Sente sign-in code'));
    await expectToast(page, TEAM_MESSAGES.invitationJoined('Gulu Traders'));
    await page.waitForURL('**/dashboard');
    await page.getByRole('banner').getByText('Gulu Traders').first().waitFor();

    await navLink(page, 'API Keys').waitFor();
    await navLink(page, 'Web Hooks').waitFor();
    await navLink(page, 'Transfers').click();
    await page.getByRole('heading', { name: 'Transfers' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Transfers', exact: true }).count()).toBe(0);
    await expectAccessible(page, 'transfers for a developer who joined by invitation');
    await screenshot(page, 'team-07-developer-transfers');
  });
});
