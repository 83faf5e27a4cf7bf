import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from './support/accounts.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/** The kinds of answer the build compresses (apps/web/vite.config.ts); images and fonts are compressed formats. */
const TEXT_RESOURCES = new Set(['document', 'script', 'stylesheet']);
/** The build leaves smaller files as they are: their compressed copy would save less than its headers cost. */
const MIN_COMPRESSED_BYTES = 1024;

type Served = { url: string; asked: string; encoding: string | undefined; vary: string | undefined; bytes: number };

/**
 * Decision 038: a browser that accepts brotli or gzip receives the web app's pages and files compressed, with
 * Vary, as the build compressed them: the sign-in page and a payer's page, on the real server and build.
 */
describe('the web app arrives compressed', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = sharedServer();
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** Every page, script and style sheet of the server's own that opening `path` loads, once `shown` is on screen. */
  async function textFilesOf(page: Page, path: string, shown: () => Promise<boolean>): Promise<Served[]> {
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(server.url) && TEXT_RESOURCES.has(response.request().resourceType()))
        responses.push(response);
    });
    await page.goto(path);
    await expect.poll(shown).toBe(true);
    return Promise.all(
      responses.map(async (response) => {
        const headers = await response.allHeaders();
        return {
          url: response.url().slice(server.url.length),
          asked: (await response.request().allHeaders())['accept-encoding'] ?? '',
          encoding: headers['content-encoding'],
          vary: headers.vary,
          bytes: (await response.body()).length,
        };
      }),
    );
  }

  function expectCompressed(files: Served[]) {
    const large = files.filter((file) => file.bytes >= MIN_COMPRESSED_BYTES);
    expect(large.length).toBeGreaterThan(1);
    for (const file of large) {
      // Chromium asks for brotli on every origin it trusts (127.0.0.1 included); gzip is the fallback of the rest.
      const expected = /\bbr\b/.test(file.asked) ? 'br' : 'gzip';
      expect({ url: file.url, encoding: file.encoding, vary: file.vary }).toEqual({
        url: file.url,
        encoding: expected,
        vary: 'Accept-Encoding',
      });
    }
  }

  it('sends the sign-in page and its files compressed', async () => {
    const page = await newPage(browser, server.url);
    const files = await textFilesOf(page, '/', () => page.getByRole('button', { name: 'Sign in' }).isVisible());
    expect(files.map((file) => file.url)).toContain('/');
    expectCompressed(files);
  });

  it("sends a payer's page and its files compressed", async () => {
    const tokens = await createMerchant(server, `compressed.${Date.now()}@example.com`, 'Sente#2026', 'Gulu Tailors');
    const created = await fetch(`${server.url}/api/payment-link/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'School uniform', fixed_amount: true, amount: 45000 }),
    });
    const { ref } = ((await created.json()) as { data: { ref: string } }).data;
    const page = await newPage(browser, server.url, 'phone');
    const files = await textFilesOf(page, `/pay/${ref}`, () => page.getByText('School uniform').first().isVisible());
    expect(files.map((file) => file.url)).toContain(`/pay/${ref}`);
    expectCompressed(files);
  });
});
