import { TEAM_MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support/browser.ts';
import { pickOption } from './support/business.ts';
import { type MerchantSession, startMerchantSession } from './support/merchant-session.ts';
import { enterDashboard, expectToast } from './support/ui.ts';

/**
 * Issue 13, the owner's side of the team: the Invite Member modal's messages, an invitation sent, and the table with
 * its 'Invite Sent' badge, on a desktop and a phone. (The invitee's side, joining from the e-mail, comes with the
 * rights journey.)
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
    await expectAccessible(page, 'team');
    await screenshot(page, 'team-02-table');

    await page.setViewportSize({ width: 360, height: 740 });
    // Opened again at phone size, so the navigation is not caught sliding away.
    await page.reload();
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'team-03-phone');
  });
});
