import type { Environment } from '@sente/contracts/constants';
import type { WebhookUrls } from '@sente/contracts/developers';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ApiKeysTable } from './tables.ts';

export type SealedKeys = Omit<Insertable<ApiKeysTable>, 'account_id' | 'generated_at'>;
export type SealedKeysRow = Selectable<ApiKeysTable>;

export function findKeys(db: Kysely<Database>, accountId: string): Promise<SealedKeysRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Stores the account's first keys, unless another request stored some first (then nothing changes). */
export async function insertKeysIfMissing(db: Kysely<Database>, accountId: string, keys: SealedKeys): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({ account_id: accountId, ...keys })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
}

/** Replaces all of the account's keys in one statement: from its commit on, the old hashes find nothing. */
export async function replaceKeys(db: Kysely<Database>, accountId: string, keys: SealedKeys): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({ account_id: accountId, ...keys })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...keys, generated_at: new Date() }))
    .execute();
}

/** The account and environment of a key's lookup hash (each hash column has a unique index). */
export async function findKeyOwner(
  db: Kysely<Database>,
  keyHash: string,
): Promise<{ accountId: string; environment: Environment } | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(['account_id', 'test_key_hash'])
    .where((eb) => eb.or([eb('test_key_hash', '=', keyHash), eb('production_key_hash', '=', keyHash)]))
    .executeTakeFirst();
  if (!row) return undefined;
  return { accountId: row.account_id, environment: row.test_key_hash === keyHash ? 'test' : 'production' };
}

export async function findWebhookUrls(db: Kysely<Database>, accountId: string): Promise<WebhookUrls> {
  const row = await db
    .selectFrom('webhooks')
    .select(['collection_url', 'payment_url'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ?? { collection_url: null, payment_url: null };
}

export async function saveWebhookUrls(db: Kysely<Database>, accountId: string, urls: WebhookUrls): Promise<void> {
  await db
    .insertInto('webhooks')
    .values({ account_id: accountId, ...urls })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...urls, updated_at: new Date() }))
    .execute();
}
