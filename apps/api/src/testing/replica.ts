import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { createMailerFromConfig } from '../mail/mailer.ts';
import type { TestApp } from './test-app.ts';

/**
 * A second API process on the same database as `primary`, as another replica behind a load balancer
 * would be: its own DATA_DIR (so its own generated secrets.json unless APP_SECRET is given) and its own
 * outbox. Closing it leaves the shared database to `primary`.
 */
export async function createReplica(primary: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-replica-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    PASSWORD_HASH_COST: '10',
    PAYMENT_WORKER_INTERVAL_MS: '0',
    ...env,
  });
  const logger = pino({ level: config.LOG_LEVEL });
  const mailer = createMailerFromConfig(config, logger);
  const app = await buildApp({
    config,
    db: primary.database.db,
    mailer,
    secrets: loadSecrets(dataDir, config),
    logger,
    rateLimitNamespace: `sente-test-${randomBytes(6).toString('hex')}`,
  });
  await app.ready();
  return {
    app,
    database: primary.database,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    close: async () => {
      await app.close();
      mailer.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
