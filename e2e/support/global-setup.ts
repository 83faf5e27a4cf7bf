import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from '../../apps/api/src/testing/database-template.ts';
import { chromiumOptions } from './browser.ts';
import { startServer } from './server.ts';

/**
 * The run's migrated embedded database, which every end-to-end server starts from a copy of; one server shared by
 * the journeys that need no settings of their own (`sharedServer()`); and one Chromium that every journey connects
 * to (`launchBrowser()`), each in contexts of its own. Starting a server costs about 7 s of CPU and a browser about
 * 1 s, so the journeys share them instead of each starting its own.
 *
 * The shared server's limits are raised because every journey signs in and pays from 127.0.0.1 within the same
 * minutes; its simulator makes a payment due 800 ms after it starts, long enough to see and leave the waiting screen,
 * and its payment worker settles what is due every second, as in production: the pay page asks every 2 s
 * (POLL_INTERVAL_MS), so a faster worker shows no outcome sooner, and each of its passes costs the server about 18 ms
 * of CPU even with nothing due (every 200 ms, a tenth of a core for the whole run). It may deliver web hooks to
 * loopback addresses.
 */
export default async function setup(project: TestProject) {
  // Every server of the run starts from the compiled API, as `npm start` runs it: 2.2 s of CPU per start instead of
  // 4-5 s with tsx compiling the TypeScript at run time. Rebuilt here when a source changed since the last build.
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build-api.mjs'), '--if-stale'], {
    stdio: 'inherit',
  });
  const built = await buildPgliteTemplate();
  project.provide('databaseTemplate', built.template);
  const [shared, browser] = await Promise.all([
    startServer(
      {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        PAY_RATE_LIMIT_PER_MINUTE: '1000',
        PIN_RATE_LIMIT_PER_MINUTE: '1000',
        SHORTEN_RATE_LIMIT_PER_MINUTE: '1000',
        PUBLIC_RATE_LIMIT_PER_MINUTE: '10000',
        READ_RATE_LIMIT_PER_MINUTE: '10000',
        WRITE_RATE_LIMIT_PER_MINUTE: '10000',
        SIMULATOR_DELAY_MS: '800',
        PAYMENT_WORKER_INTERVAL_MS: '1000',
        // The developers journey's web hook receiver listens on 127.0.0.1.
        ALLOW_PRIVATE_WEBHOOKS: 'true',
      },
      undefined,
      built.template,
    ),
    chromiumOptions().then((options) => chromium.launchServer(options)),
  ]);
  project.provide('sharedServer', { url: shared.url, dataDir: shared.dataDir });
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await shared.stop();
    built.remove();
  };
}
