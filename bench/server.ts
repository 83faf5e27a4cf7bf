// What the benches that run the real server share: the app in the bench's own process on the server's DATA_DIR (to
// seed before the server starts, with the server's database and secrets, so the tokens it signs are the server's),
// waiting for the server's info file, and the median of a bench's rounds.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { databaseTarget, loadConfig, serverInfoFile } from '../apps/api/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/api/src/db/connect.ts';
import { loadSecrets } from '../apps/api/src/lib/secrets.ts';
import { createMailerFromConfig } from '../apps/api/src/mail/mailer.ts';
import type { TestApp } from '../apps/api/src/testing/test-app.ts';

/**
 * The app on the database and secrets the server will use (`env` is the server's), migrated; `close` must run before
 * the server starts, which on the embedded database must be its only user.
 */
export async function openSeedingApp(env: NodeJS.ProcessEnv): Promise<TestApp & { infoFile: string }> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(databaseTarget(config));
  await migrateToLatest(database.db);
  const logger = pino({ level: 'silent' });
  const mailer = createMailerFromConfig(config, logger);
  const app = await buildApp({ config, db: database.db, mailer, secrets: loadSecrets(config.dataDir, config), logger });
  return {
    app,
    database,
    dataDir: config.dataDir,
    outboxDir: path.join(config.dataDir, 'outbox'),
    infoFile: serverInfoFile(config),
    close: async () => {
      await app.close();
      await database.close();
      mailer.close();
    },
  };
}

/** The file's text once it exists; fails when the child stops first or after `timeoutMs` (60 s). */
export async function waitForFile(file: string, child: ChildProcess, timeoutMs = 60_000): Promise<string> {
  for (let waited = 0; waited < timeoutMs; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
    await sleep(100);
  }
  throw new Error(`no ${file} after ${timeoutMs / 1000} s`);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
