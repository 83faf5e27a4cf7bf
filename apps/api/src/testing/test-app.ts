import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { createMailerFromConfig } from '../mail/mailer.ts';
import { createTestDatabase } from './test-database.ts';

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  dataDir: string;
  outboxDir: string;
  close: () => Promise<void>;
};

/**
 * The real app on a fresh database, with mail written to a temporary outbox (the same transport a
 * newcomer's `npm start` uses). Rate limits use Redis when REDIS_URL is set, under a namespace of
 * this run's own.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  return startApp('sente-test-', database, env, () => database.close());
}

/**
 * A second API process on the same database as `primary`, as another replica behind a load balancer
 * would be: its own DATA_DIR (so its own generated secrets.json unless APP_SECRET is given), its own
 * outbox and no payment worker. Closing it leaves the shared database to `primary`.
 */
export function createReplica(primary: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  return startApp('sente-replica-', primary.database, { PAYMENT_WORKER_INTERVAL_MS: '0', ...env }, async () => {});
}

async function startApp(
  prefix: string,
  database: DatabaseHandle,
  env: Record<string, string>,
  closeDatabase: () => Promise<void>,
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // Hashes at 2^10 instead of 2^15: a sign-up, sign-in or PIN check costs 3 ms instead of 135 ms here.
    PASSWORD_HASH_COST: '10',
    // No webhook worker unless a test asks for one: a test's URLs (public literal addresses) are never called.
    WEBHOOK_WORKER_INTERVAL_MS: '0',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const logger = pino({ level: config.LOG_LEVEL });
  const mailer = createMailerFromConfig(config, logger);
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    secrets: loadSecrets(dataDir, config),
    logger,
    rateLimitNamespace: `sente-test-${randomBytes(6).toString('hex')}`,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    close: async () => {
      await app.close();
      await closeDatabase();
      mailer.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
