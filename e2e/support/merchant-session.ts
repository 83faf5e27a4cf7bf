import type { Browser, Page } from 'playwright-core';
import { createMerchant } from './accounts.ts';
import { launchBrowser, VIEWPORTS } from './browser.ts';
import { type RunningServer, sharedServer } from './server.ts';

export type MerchantSession = {
  server: RunningServer;
  browser: Browser;
  /** A desktop page that may read and write the clipboard (copy and shorten actions). */
  page: Page;
  tokens: { accessToken: string; refreshToken: string };
  /** GET an API path as this merchant, answering the body's data. */
  api: (path: string) => Promise<{ data: any }>;
  close: () => Promise<void>;
};

/** A merchant with one account made through the API on the shared server, and a browser page for them. */
export async function startMerchantSession(label: string, accountName: string): Promise<MerchantSession> {
  const server = sharedServer();
  const browser = await launchBrowser();
  const tokens = await createMerchant(server, `${label}.${Date.now()}@example.com`, 'Sente#2026', accountName);
  const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return {
    server,
    browser,
    page,
    tokens,
    api: async (path) =>
      (await (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${tokens.accessToken}` } })).json()) as {
        data: any;
      },
    close: () => browser.close(),
  };
}
