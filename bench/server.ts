// What the benches that run the real server share: the app in the bench's own process on the server's DATA_DIR (to
// seed before the server starts, with the server's database and secrets, so the tokens it signs are the server's),
// waiting for the server's info file, the median of a bench's rounds, and the closing ledger check.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { databaseTarget, loadConfig, serverInfoFile } from '../apps/api/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/api/src/db/connect.ts';
import { loadSecrets } from '../apps/api/src/lib/secrets.ts';
import { createMailerFromConfig } from '../apps/api/src/mail/mailer.ts';
import { runOpsCommand } from '../apps/api/src/modules/ops/commands.ts';
import type { Services } from '../apps/api/src/services.ts';
import { adminQuery } from '../apps/api/src/testing/database-template.ts';
import type { TestApp } from '../apps/api/src/testing/test-app.ts';

/**
 * Creates the bench's own PostgreSQL database beside `adminUrl`: empty, to be migrated by the app, or a copy of the
 * migrated template TEST_DATABASE_TEMPLATE names (the smoke run's, made once for every bench), which the app's
 * migrations then leave as it is.
 */
export async function createBenchDatabase(adminUrl: string, name: string): Promise<void> {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
}

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

/**
 * The smoke run's server: the app that seeded the bench, listening on a free port of this process (the compiled
 * server's start costs more CPU than the rest of a smoke run, and `npm start` is proven by scripts/start.test.ts).
 * Answers the port; the app's `close` stops it.
 */
export async function listenInProcess(t: Pick<TestApp, 'app'>): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as AddressInfo).port;
}

/**
 * The file's text once it exists (the server writes it under another name and renames it, so it appears whole); fails
 * when the child stops first or after `timeoutMs` (60 s). Waits on the directory's events, not on a clock.
 */
export function waitForFile(file: string, child: ChildProcess, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const watcher = fs.watch(path.dirname(file));
    const finish = (error: Error | null, text = '') => {
      watcher.close();
      clearTimeout(timer);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(text);
    };
    const check = () => {
      if (fs.existsSync(file)) finish(null, fs.readFileSync(file, 'utf8'));
    };
    const onExit = (code: number | null) => finish(new Error(`the server stopped (exit ${code})`));
    const timer = setTimeout(() => finish(new Error(`no ${file} after ${timeoutMs / 1000} s`)), timeoutMs);
    watcher.on('change', check);
    watcher.on('error', (error) => finish(error));
    child.once('exit', onExit);
    if (child.exitCode !== null) onExit(child.exitCode);
    else check();
  });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * `npm run ops -- ledger:verify` on the bench's database: prints `ledger verified`, or its problems and fails the run,
 * so a bench that leaves the ledger wrong (a seed without balances after each entry, a lost posting) says so.
 */
export async function printLedgerVerified(services: Services): Promise<void> {
  const result = await runOpsCommand(services, 'ledger:verify', []);
  if (result.ok) {
    console.log('ledger verified');
    return;
  }
  console.log(result.message.split('\n').slice(0, 4).join('\n'));
  process.exitCode = 1;
}

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) each process has used so far; a process gone in the meantime is left out. */
export function cpuSeconds(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND);
    } catch {
      // ended between the listing and the reading
    }
  }
  return used;
}
