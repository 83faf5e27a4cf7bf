import fs from 'node:fs';
import pino from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, databaseTarget, loadConfig, serverInfoFile } from './config.ts';
import { migrateToLatest, openDatabase } from './db/connect.ts';
import { loadSecrets } from './lib/secrets.ts';
import { createMailerFromConfig } from './mail/mailer.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.LOG_LEVEL });
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secrets = loadSecrets(config.dataDir, config);
  const database = await openDatabase(databaseTarget(config));
  await migrateToLatest(database.db);
  const mailer = createMailerFromConfig(config, logger);
  const app = await buildApp({ config, db: database.db, mailer, secrets, logger });
  await app.listen({ host: config.HOST, port: config.PORT });
  const port = (app.server.address() as { port: number }).port;
  // Written whole and then renamed into place, so whoever waits for the file (ops, tests) never reads half of it.
  const infoFile = serverInfoFile(config);
  fs.writeFileSync(`${infoFile}.${process.pid}`, JSON.stringify({ pid: process.pid, port }));
  fs.renameSync(`${infoFile}.${process.pid}`, infoFile);
  logger.info(
    { url: config.PUBLIC_URL, port, database: database.description, mail: mailer.description },
    `Sente is running at ${config.PUBLIC_URL} (port ${port}) | database: ${database.description} | mail: ${mailer.description}`,
  );
  // NOTE: the default follows NODE_ENV (decision 038), so a deploy that forgot NODE_ENV=production says so here.
  if (config.ALLOW_PRIVATE_WEBHOOKS) {
    logger.warn(
      'Web hook URLs may point at local and private addresses (ALLOW_PRIVATE_WEBHOOKS, on by default when NODE_ENV is development): set NODE_ENV=production on a deploy',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received: finishing open requests, then closing the database`);
    fs.rmSync(serverInfoFile(config), { force: true });
    await app.close();
    await database.close();
    mailer.close();
    logger.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
