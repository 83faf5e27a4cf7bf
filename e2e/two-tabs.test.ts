import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { type MerchantSession, startMerchantSession } from './support/merchant-session.ts';
import { enterDashboard } from './support/ui.ts';

/**
 * Two tabs of one browser share the session. When the access token has run out, both refresh with the same
 * refresh token at once; the second must not end the session (decision 018), and both stay signed in.
 */
describe('two tabs refreshing at once', () => {
  let session: MerchantSession;

  beforeAll(async () => {
    session = await startMerchantSession('tabs', 'Masaka Grocers');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('both stay signed in, and the session goes on', async () => {
    const first = session.page;
    await enterDashboard(first, session.tokens, '/dashboard');
    await first.getByRole('heading', { name: 'Overview' }).waitFor();
    const second = await first.context().newPage();

    // The first tab leaves the app before its token is spoiled, so that no request of its Overview (a refetch) meets the
    // 401 and refreshes on its own before both tabs load (one did, and the first tab then had nothing to refresh).
    await first.goto('/favicon.svg');
    // The first two refreshes are held until both are sent, so that each tab sends the token it read before either was
    // answered. Neither tab can store a new pair before the other has sent its refresh, so the second one always comes:
    // no timer releases the first (one did, after a guessed 5 s, and a loaded machine's second tab came later). A later
    // refresh, should one come, is never held.
    const refreshedWith: string[] = [];
    const held: (() => Promise<void>)[] = [];
    await first.context().route('**/api/refresh-token', async (route) => {
      refreshedWith.push(JSON.parse(route.request().postData() ?? '{}').refreshToken);
      if (held.length === 2) return route.continue();
      held.push(() => route.continue());
      if (held.length === 2) await Promise.all(held.map((release) => release()));
    });
    // An access token the server refuses, as an expired one is: the next request of each tab answers 401 and refreshes.
    await first.evaluate(() => localStorage.setItem('sente.accessToken', 'expired'));
    const refreshed = (page: typeof first) =>
      page.waitForResponse((response) => response.url().endsWith('/api/refresh-token'), { timeout: 60_000 });
    await Promise.all([refreshed(first), refreshed(second), first.goto('/collections'), second.goto('/customers')]);
    // The race this is about: both tabs refreshed with the same token.
    expect(refreshedWith).toHaveLength(2);
    expect(refreshedWith[0]).toBe(refreshedWith[1]);
    await Promise.all([
      first.getByRole('heading', { name: 'Collections', level: 1 }).waitFor(),
      second.getByRole('heading', { name: 'Customers', level: 1 }).waitFor(),
    ]);
    for (const page of [first, second]) {
      expect(await page.getByText('Session Expired. Login to continue').count()).toBe(0);
      expect(new URL(page.url()).pathname).not.toBe('/');
    }

    // The tokens both tabs now hold still work: a later request of either is answered, not sent to sign in.
    await second.getByRole('link', { name: 'Payment Links' }).click();
    await second.getByRole('heading', { name: 'Payment Links', level: 1 }).waitFor();
    await first.reload();
    await first.getByRole('heading', { name: 'Collections', level: 1 }).waitFor();
    const refreshToken = await first.evaluate(() => localStorage.getItem('sente.refreshToken'));
    const answer = await fetch(`${session.server.url}/api/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(answer.status).toBe(200);
    await screenshot(second, 'tabs-01-second-tab-signed-in');
  });
});
