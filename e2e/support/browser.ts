import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Download, type LaunchOptions, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

declare module 'vitest' {
  export interface ProvidedContext {
    browserEndpoint: string;
  }
}

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Chromium's headless mode opens every page in a browser window with its toolbar, whose omnibox popup is a web page
 * of its own (chrome://omnibox-popup.top-chrome), loaded ahead in a renderer for every window: a context per journey
 * step paid for it each time. The three features below turn that off; nothing of a page's rendering changes. Chromium
 * reads only the last --disable-features, so ours carries the features Playwright disables in its own as well, read
 * from the playwright-core installed (its chromiumSwitches.ts, bundled), so an upgrade keeps them.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = fs.readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const features = [...(list ?? '').matchAll(/^\s*"(\w+)"/gm)].map((match) => match[1] as string);
  if (features.length === 0) throw new Error("playwright-core's disabled Chromium features were not found in its bundle");
  return features;
}
const DISABLED_FEATURES = [...playwrightDisabledFeatures(), 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium the journeys run in: `CHROMIUM_PATH` when set, else Debian's when installed (`.ci/run` installs it), else
 * the headless Chromium that npm installed with the dev dependencies (`@sparticuz/chromium`), so that `npm install` then
 * `npm test` need nothing but Node (decision 086). That one comes compressed: its first use unpacks it into the
 * temporary folder (once per machine), with the NSS and expat libraries it links to and a font, which a machine with
 * only Node lacks; it is given those, not the machine's.
 */
export async function chromiumOptions(): Promise<LaunchOptions> {
  const installed = process.env.CHROMIUM_PATH || (isExecutable(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);
  if (installed) return { executablePath: installed, args: CHROMIUM_ARGS };
  const { default: packaged, inflate } = await import('@sparticuz/chromium');
  const bin = path.resolve(import.meta.dirname, '../../node_modules/@sparticuz/chromium/bin');
  const [executablePath, libraries] = await Promise.all([packaged.executablePath(bin), inflate(path.join(bin, 'al2023.tar.br'))]);
  return {
    executablePath,
    args: CHROMIUM_ARGS,
    env: {
      ...process.env,
      LD_LIBRARY_PATH: [path.join(libraries, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_PATH: path.join(os.tmpdir(), 'fonts'),
    },
  };
}

/**
 * The run's Chromium (global setup), connected to: each journey works in contexts of its own, and closing the
 * connection closes them.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

export async function newPage(browser: Browser, baseURL: string, viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Saves a full-page screenshot under test-results/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * axe-core on the current screen: no violation at any impact, with two experimental rules (off by default) turned on:
 * label-content-name-mismatch, so that a control whose name leaves out its visible text fails too, and p-as-heading,
 * so that a paragraph styled big and bold in place of a heading fails (a big figure is plain text, or a real heading).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Only the violations are reported in detail: a fifth less of axe's time than with every passing node described.
  // Legacy mode runs axe in the page itself. The default mode finishes each run in a new blank page of the context,
  // a renderer started for every check: that doubled a check's CPU (about 4 s instead of 1.4 s of this machine's),
  // and a third of the journeys' CPU was spent so. It reaches no cross-origin frame, and no screen here has one.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true }, 'p-as-heading': { enabled: true } },
    })
    .analyze();
  const violations = results.violations.map(
    (v) => `${screen}: ${v.id} (${v.impact}) ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(violations).toEqual([]);
}

/** Where a download landed: the browser runs in another process (global setup), so its file is copied here first. */
export async function savedDownload(download: Download): Promise<string> {
  const file = path.join(os.tmpdir(), 'sente-e2e-downloads', `${randomUUID()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return file;
}
