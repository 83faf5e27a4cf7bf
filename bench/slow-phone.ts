// How long a cheap phone on a slow network waits for the pay page, the sign-in page and the Overview (decision 050),
// in Debian's Chromium with Alex Russell's low-end baseline: 400 kbit/s down and up, 400 ms round trip, the CPU slowed
// four times (CDP's network and CPU emulation). The server runs as `npm start` runs it (scripts/start.mjs, which first
// builds the web app and the API when they are missing or stale), on the embedded database of a fresh DATA_DIR seeded
// with a merchant, their account and a fixed payment link. For each page: a cold load (a new browser context, its cache
// empty) then a warm one (the same context, a second visit), each timed from the navigation until the page can be used,
// for BENCH_ROUNDS rounds (default 3); prints the median (and range) of each, and the JS the cold load downloaded: as
// sent (brotli, which Chromium asks for) and gzipped (level 9, the weight the budgets are in).
// TEST_DB=postgres puts the server on a fresh PostgreSQL database next to TEST_DATABASE_URL instead (dropped at the
// end). The server's settings are printed. BENCH_SMOKE=1, for bench/smoke.test.ts: the pay page alone, one round, a fast
// network and an unslowed CPU, the web build served as it is (WEB_DIST_DIR: a smoke run never builds the web app) by the
// seeding app itself listening in this process: the server's start through scripts/start.mjs costs more CPU than the
// rest of the smoke run, and `npm start`'s is proven by scripts/start.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page, type Response } from 'playwright-core';
import { adminQuery, databaseUrl } from '../apps/api/src/testing/database-template.ts';
import { bearer, createAccount, createSignedInUser } from '../apps/api/src/testing/users.ts';
import { loadBuild } from './manifest.ts';
import { createBenchDatabase, listenInProcess, median, openSeedingApp, waitForFile } from './server.ts';
import { BENCH_SUPPORT_CONTACTS, OWN_RATE_COUNTS, printSettings, SMOKE, sized, UNLIMITED } from './settings.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));
/** Alex Russell's low-end baseline: 400 kbit/s is 50,000 bytes a second. */
const PHONE_NETWORK = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
/**
 * The smoke run throttles through the same CDP calls at a fast network's values and no CPU slowdown: it proves the
 * loads work, and the baseline's waits would be most of its time.
 */
const NETWORK = sized(PHONE_NETWORK, {
  ...PHONE_NETWORK,
  latency: 20,
  downloadThroughput: 5_000_000,
  uploadThroughput: 5_000_000,
});
const CPU_SLOWDOWN = sized(4, 1);
/** A phone's window (e2e/support/browser.ts's phone viewport). */
const PHONE = { width: 390, height: 844 };
/**
 * Far above the slowest load measured when the budgets were set (19.3 s), so a page that never becomes usable fails the
 * run instead.
 */
const USABLE_TIMEOUT_MS = 120_000;
/** A first start may build the web app and the API before the server listens. */
const START_TIMEOUT_MS = 300_000;
const root = path.resolve(import.meta.dirname, '..');

type Tokens = { accessToken: string; refreshToken: string };
type Target = {
  name: string;
  path: string;
  /** The merchant's tokens in localStorage (apps/web/src/lib/session.ts), for a signed-in page. */
  signedIn?: Tokens;
  /** What shows once a person can use the page. */
  usable: (page: Page) => Locator;
};
type Load = { seconds: number; scripts: string[]; sentBytes: number };

type Seeded = { tokens: Tokens; ref: string; app: Awaited<ReturnType<typeof openSeedingApp>> };

/**
 * A merchant with an account and a fixed payment link, made in this process before the server starts; the app that
 * made them is left open for the smoke run to serve from, and closed by the caller.
 */
async function seed(env: NodeJS.ProcessEnv): Promise<Seeded> {
  const t = await openSeedingApp(env);
  try {
    const user = await createSignedInUser(t);
    await createAccount(t, user.accessToken, 'Gulu Tailors');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment-link/create',
      headers: bearer(user.accessToken),
      payload: { title: 'School uniform', fixed_amount: true, amount: 45000 },
    });
    if (created.statusCode !== 201) throw new Error(`payment-link/create answered ${created.statusCode}: ${created.body}`);
    const tokens = { accessToken: user.accessToken, refreshToken: user.refreshToken };
    return { tokens, ref: created.json().data.ref, app: t };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** Throttles the page's network and CPU; set before it navigates, they hold for every load of the page. */
async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Opens the page and waits until it is usable: the seconds that took, and the server's scripts it downloaded. */
async function load(page: Page, origin: string, target: Target): Promise<Load> {
  const scripts = new Map<string, Promise<number>>();
  const onResponse = (response: Response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' || !response.url().startsWith(origin)) return;
    // The body's bytes as they came over the wire, encoded; Playwright says -1 for a script the cache served.
    scripts.set(
      new URL(response.url()).pathname,
      request.sizes().then((sizes) => Math.max(0, sizes.responseBodySize)),
    );
  };
  page.on('response', onResponse);
  const started = performance.now();
  await page.goto(target.path, { waitUntil: 'commit' });
  await target.usable(page).waitFor({ state: 'visible', timeout: USABLE_TIMEOUT_MS });
  const seconds = (performance.now() - started) / 1000;
  page.off('response', onResponse);
  const sent = await Promise.all(scripts.values());
  return { seconds, scripts: [...scripts.keys()], sentBytes: sent.reduce((sum, bytes) => sum + bytes, 0) };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-bench-slow-phone-'));
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const postgresName = process.env.TEST_DB === 'postgres' ? `sente_bench_phone_${randomBytes(4).toString('hex')}` : null;
  if (postgresName) await createBenchDatabase(adminUrl, postgresName);
  const settings = {
    NODE_ENV: 'production',
    ...BENCH_SUPPORT_CONTACTS,
    HOST: '127.0.0.1',
    PORT: '0',
    TRUST_PROXY: 'false',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // A few page loads of one member: under every class's limit, given here rather than left to the defaults.
    READ_RATE_LIMIT_PER_MINUTE: UNLIMITED,
    PUBLIC_RATE_LIMIT_PER_MINUTE: UNLIMITED,
    ...OWN_RATE_COUNTS,
    ...(SMOKE ? { WEB_DIST_DIR: path.join(root, 'apps/web/dist') } : {}),
  };
  printSettings({
    ...settings,
    // The seeding app logs nothing (openSeedingApp).
    ...(SMOKE ? { server: 'in-process', LOG_LEVEL: 'silent' } : {}),
    database: postgresName ? 'PostgreSQL' : 'PGlite',
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...settings,
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    ...(postgresName ? { DATABASE_URL: databaseUrl(adminUrl, postgresName) } : {}),
  };
  let server: ChildProcess | null = null;
  let inProcess: Seeded['app'] | null = null;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const { tokens, ref, app } = await seed(env);
    let port: number;
    if (SMOKE) {
      inProcess = app;
      port = await listenInProcess(app);
    } else {
      await app.close();
      // start.mjs builds what is stale, then runs the server in the foreground: its output is the build's.
      server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: 'inherit' });
      ({ port } = JSON.parse(await waitForFile(app.infoFile, server, START_TIMEOUT_MS)) as { port: number });
    }
    const origin = `http://127.0.0.1:${port}`;
    const { gzipSize } = loadBuild();
    const allTargets: Target[] = [
      {
        name: 'pay page (/pay/:ref)',
        path: `/pay/${ref}`,
        usable: (page) => page.getByRole('button', { name: 'Pay UGX 45,000' }),
      },
      {
        name: 'sign-in (/)',
        path: '/',
        usable: (page) => page.getByRole('button', { name: 'Sign in', disabled: false }),
      },
      {
        name: 'Overview (/dashboard)',
        path: '/dashboard',
        signedIn: tokens,
        usable: (page) => page.getByTestId('wallet-balance'),
      },
    ];
    const targets = sized(allTargets, allTargets.slice(0, 1));
    console.log(`${ROUNDS} rounds; network ${NETWORK.downloadThroughput * 8} bit/s, ${NETWORK.latency} ms; CPU /${CPU_SLOWDOWN}`);
    for (const target of targets) {
      const cold: Load[] = [];
      const warm: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const storageState = target.signedIn && {
          cookies: [],
          origins: [
            {
              origin,
              localStorage: [
                { name: 'sente.accessToken', value: target.signedIn.accessToken },
                { name: 'sente.refreshToken', value: target.signedIn.refreshToken },
              ],
            },
          ],
        };
        const context = await browser.newContext({ baseURL: origin, viewport: PHONE, storageState });
        try {
          const page = await context.newPage();
          await throttle(context, page);
          cold.push(await load(page, origin, target));
          warm.push(await load(page, origin, target));
        } finally {
          await context.close();
        }
      }
      printTarget(target.name, cold, warm, gzipSize);
    }
  } finally {
    await browser.close();
    await inProcess?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server?.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    if (postgresName) await adminQuery(adminUrl, `drop database if exists ${postgresName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (loads: Load[]) => {
  const all = loads.map((one) => one.seconds);
  return `${median(all).toFixed(1)} s (${Math.min(...all).toFixed(1)}-${Math.max(...all).toFixed(1)})`;
};

function printTarget(name: string, cold: Load[], warm: Load[], gzipSize: (file: string) => number): void {
  const first = cold[0]!;
  const gzipBytes = first.scripts.reduce((sum, script) => sum + gzipSize(script.slice(1)), 0);
  console.log(
    `${name.padEnd(22)} cold ${seconds(cold)} | warm ${seconds(warm)} | JS of a cold load: ${kb(first.sentBytes)} sent, ` +
      `${kb(gzipBytes)} gzip, in ${first.scripts.length} files; warm: ${kb(median(warm.map((one) => one.sentBytes)))} sent`,
  );
}

await main();
