// `npm run seed:demo [collections]`: the demo merchant, made from outside the server through the same services its
// routes use (apps/api/src/modules/demo), run as compiled JavaScript (apps/api/dist/seed-demo.js) as `npm run ops` is.
// Refused in production before the app's modules are loaded. It opens the database itself: with DATABASE_URL beside a
// running server, on the embedded database only while no server holds it (one process owns a PGlite directory).
import fs from 'node:fs';
import { refusedInProduction } from '../apps/api/src/modules/demo/refusal.ts';
import type { SeedDemoResult } from '../apps/api/src/modules/demo/run.ts';

const refusal = refusedInProduction(process.env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

const { databaseTarget, loadConfig, serverInfoFile } = await import('../apps/api/src/config.ts');
const config = loadConfig();

/** The port of a server running on this embedded database, from the file it writes at start; null when none answers. */
async function runningServerPort(): Promise<number | null> {
  const infoFile = serverInfoFile(config);
  if (config.DATABASE_URL || !fs.existsSync(infoFile)) return null;
  const { port } = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { port: number };
  try {
    await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) });
    return port;
  } catch {
    return null; // the server is not running any more: its info file is stale
  }
}

async function seed(): Promise<SeedDemoResult> {
  const port = await runningServerPort();
  if (port !== null) {
    return {
      ok: false,
      message: `A server is running on DATA_DIR ${config.dataDir} (port ${port}) and holds its embedded database: stop it, run npm run seed:demo, then start it again. Nothing was written.`,
    };
  }
  const [
    { default: pino },
    { migrateToLatest, openDatabase },
    { loadSecrets },
    { createMailerFromConfig },
    demo,
    { createServices },
  ] = await Promise.all([
    import('pino'),
    import('../apps/api/src/db/connect.ts'),
    import('../apps/api/src/lib/secrets.ts'),
    import('../apps/api/src/mail/mailer.ts'),
    import('../apps/api/src/modules/demo/run.ts'),
    import('../apps/api/src/services.ts'),
  ]);
  const secrets = loadSecrets(config.dataDir, config);
  const logger = pino({ level: 'warn' });
  const database = await openDatabase(databaseTarget(config));
  const from = config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR ${config.dataDir}`;
  console.log(`On ${database.description}, from ${from}: for another server's database, run this with its setting.`);
  try {
    await migrateToLatest(database.db);
    const mailer = createMailerFromConfig(config, logger);
    const services = createServices({ db: database.db, mailer, secrets, config, logger });
    const result = await demo.seedDemo(demo.demoSeederOf(services, database.db, config), process.argv.slice(2));
    mailer.close();
    return result;
  } finally {
    await database.close();
  }
}

const result = await seed();
(result.ok ? console.log : console.error)(result.message);
process.exit(result.ok ? 0 : 1);
