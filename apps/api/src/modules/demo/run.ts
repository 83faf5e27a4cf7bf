import { formatNumber } from '@sente/contracts/format';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createPasswordHasher } from '../../lib/passwords.ts';
import type { Services } from '../../services.ts';
import { DEMO_ACCOUNTS, DEMO_PIN, DEMO_USER } from './demo-data.ts';
import { createDemoSeeder } from './seed.ts';

export const MAX_DEMO_COLLECTIONS = 50_000;

export type SeedDemoResult = { ok: boolean; message: string };

/** The seeder driving the services the caller built (createServices), on their database, with the server's settings. */
export function demoSeederOf(
  services: Services,
  db: Kysely<Database>,
  config: Pick<Config, 'PASSWORD_HASH_COST' | 'SIMULATOR_DELAY_MS'>,
) {
  return createDemoSeeder({
    ...services,
    db,
    passwords: createPasswordHasher(config.PASSWORD_HASH_COST),
    simulatorDelayMs: config.SIMULATOR_DELAY_MS,
  });
}

/**
 * `npm run seed:demo [collections]`: a living dashboard for a newcomer, in test mode. The answer names the demo's
 * password, the one place it is printed.
 */
export async function seedDemo(seeder: ReturnType<typeof createDemoSeeder>, [count, ...rest]: string[]): Promise<SeedDemoResult> {
  const collections = count === undefined ? undefined : Number(count);
  if (
    rest.length > 0 ||
    (collections !== undefined && !(Number.isInteger(collections) && collections >= 0 && collections <= MAX_DEMO_COLLECTIONS))
  ) {
    return { ok: false, message: `Usage: npm run seed:demo -- [collections, 0 to ${formatNumber(MAX_DEMO_COLLECTIONS)}]` };
  }
  const summary = await seeder.seed(collections === undefined ? {} : { collections });
  if (summary === 'exists')
    return { ok: true, message: `The demo merchant ${DEMO_USER.email} already exists; nothing was added.` };
  const lines = [
    `Demo merchant ready: ${DEMO_ACCOUNTS.school} and ${DEMO_ACCOUNTS.bakery}, ${summary.links} links,`,
    `${formatNumber(summary.collections)} test collections over six months (${formatNumber(summary.successful)} successful), ${summary.transfers} transfers.`,
    `Sign in as ${DEMO_USER.email} with ${DEMO_USER.password}; the sign-in code is in the server log and DATA_DIR/outbox. Wallet PIN ${DEMO_PIN}.`,
  ];
  return { ok: true, message: lines.join('\n') };
}
