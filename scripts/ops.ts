// `npm run ops -- <command> [args]`: operator commands (docs/operations.md). With DATABASE_URL they run straight
// on PostgreSQL. On the embedded database, a running server owns it, so the command goes to that server's
// loopback-only operator endpoint with the operator secret (OPS_SECRET, derived from APP_SECRET, or else
// DATA_DIR/secrets.json: the same rule as the server's); with no server running, it opens the embedded
// database itself.
import fs from 'node:fs';
import os from 'node:os';
import type { OpsResult } from '@sente/contracts/system';
import pino from 'pino';
import { databaseTarget, loadConfig, serverInfoFile } from '../apps/api/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/api/src/db/connect.ts';
import { loadSecrets } from '../apps/api/src/lib/secrets.ts';
import { createMailerFromConfig } from '../apps/api/src/mail/mailer.ts';
import { OPERATOR_HEADER, runOpsCommand } from '../apps/api/src/modules/ops/commands.ts';
import { createServices } from '../apps/api/src/services.ts';

const [command = '', ...args] = process.argv.slice(2);
const config = loadConfig();
const secrets = loadSecrets(config.dataDir, config);
/** Who runs the command: the operating-system user, the operator actor's name. */
const operator = os.userInfo().username;

async function viaRunningServer(): Promise<OpsResult | null> {
  const infoFile = serverInfoFile(config);
  if (config.DATABASE_URL || !fs.existsSync(infoFile)) return null;
  const { port } = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { port: number };
  try {
    const response = await fetch(`http://127.0.0.1:${port}/ops/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-secret': secrets.opsSecret, [OPERATOR_HEADER]: operator },
      body: JSON.stringify({ command, args }),
    });
    const body = (await response.json()) as { data?: OpsResult; message?: string };
    if (response.status === 403) {
      const message =
        'The running server refused the operator secret: run this with the same APP_SECRET (or OPS_SECRET) as the server.';
      return { ok: false, message };
    }
    console.log(`Through the server running on DATA_DIR ${config.dataDir} (port ${port}).`);
    return body.data ?? { ok: false, message: body.message ?? `server answered ${response.status}` };
  } catch {
    return null; // the server is not running any more: its info file is stale
  }
}

async function direct(): Promise<OpsResult> {
  const logger = pino({ level: 'warn' });
  const database = await openDatabase(databaseTarget(config));
  const from = config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR ${config.dataDir}`;
  console.log(`On ${database.description}, from ${from}: for another server's database, run this with its setting.`);
  try {
    await migrateToLatest(database.db);
    const mailer = createMailerFromConfig(config, logger);
    const result = await runOpsCommand(
      createServices({ db: database.db, mailer, secrets, config, logger }),
      command,
      args,
      operator,
    );
    mailer.close();
    return result;
  } finally {
    await database.close();
  }
}

const result = (await viaRunningServer()) ?? (await direct());
(result.ok ? console.log : console.error)(result.message);
process.exit(result.ok ? 0 : 1);
