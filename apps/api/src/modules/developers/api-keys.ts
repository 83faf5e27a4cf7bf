import { randomBytes } from 'node:crypto';
import type { Environment } from '@sente/contracts/constants';
import { API_KEY_PREFIXES, type ApiKeys, ENCRYPTION_KEY_PREFIX, type WebhookUrls } from '@sente/contracts/developers';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { decrypt, encrypt } from '../../lib/encryption.ts';
import { hmac, type Secrets } from '../../lib/secrets.ts';
import {
  findKeyOwner,
  findKeys,
  findWebhookUrls,
  insertKeysIfMissing,
  replaceKeys,
  type SealedKeys,
  type SealedKeysRow,
} from './repository.ts';

type KeySecrets = Pick<Secrets, 'keysSecret' | 'keyLookupSecret'>;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 40 base62 characters: about 238 random bits, and a key a double click selects whole. */
const KEY_LENGTH = 40;
const PRESENTED_KEY = new RegExp(`^(${Object.values(API_KEY_PREFIXES).join('|')})[0-9A-Za-z]{${KEY_LENGTH}}$`);

/** Random base62 text, without modulo bias (bytes of 248 and above, 4 x 62, are skipped). */
function randomBase62(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && text.length < length) text += BASE62[byte % 62];
    }
  }
  return text;
}

/** A new set: `sk_test_...`, `sk_live_...`, and a Standard Webhooks signing secret (`whsec_` and 32 bytes in base64). */
function newApiKeys(): ApiKeys {
  return {
    test_key: `${API_KEY_PREFIXES.test}${randomBase62(KEY_LENGTH)}`,
    production_key: `${API_KEY_PREFIXES.production}${randomBase62(KEY_LENGTH)}`,
    encryption_key: `${ENCRYPTION_KEY_PREFIX}${randomBytes(32).toString('base64')}`,
  };
}

/** The lookup hash of a key: an HMAC, so a leaked table gives no key and cannot be checked against guesses offline. */
const keyHash = (secrets: KeySecrets, key: string) => hmac(secrets.keyLookupSecret, key);

/** Each value is bound to its account and column, so a ciphertext moved to another row or column does not decrypt. */
const contextOf = (accountId: string, field: keyof ApiKeys) => `api_keys:${accountId}:${field}`;

function seal(secrets: KeySecrets, accountId: string, keys: ApiKeys): SealedKeys {
  const encrypted = (field: keyof ApiKeys) => encrypt(secrets.keysSecret, keys[field], contextOf(accountId, field));
  return {
    test_key_encrypted: encrypted('test_key'),
    test_key_hash: keyHash(secrets, keys.test_key),
    production_key_encrypted: encrypted('production_key'),
    production_key_hash: keyHash(secrets, keys.production_key),
    encryption_key_encrypted: encrypted('encryption_key'),
  };
}

/** The row's keys, or undefined when they were encrypted under another keysSecret (APP_SECRET changed). */
function unseal(secrets: KeySecrets, row: SealedKeysRow): ApiKeys | undefined {
  const opened = (field: keyof ApiKeys) =>
    decrypt(secrets.keysSecret, row[`${field}_encrypted`], contextOf(row.account_id, field));
  const [test_key, production_key, encryption_key] = [opened('test_key'), opened('production_key'), opened('encryption_key')];
  if (test_key === undefined || production_key === undefined || encryption_key === undefined) return undefined;
  return { test_key, production_key, encryption_key };
}

/**
 * The account's keys, made the first time they are read. Two first reads at once each insert a set with "on conflict
 * do nothing" and then read what was stored, so both answer the one set that won. Undefined when the stored keys
 * cannot be decrypted with this server's secret: new keys must be generated.
 */
export async function readApiKeys(db: Kysely<Database>, secrets: KeySecrets, accountId: string): Promise<ApiKeys | undefined> {
  let row = await findKeys(db, accountId);
  if (!row) {
    await insertKeysIfMissing(db, accountId, seal(secrets, accountId, newApiKeys()));
    row = await findKeys(db, accountId);
  }
  return row && unseal(secrets, row);
}

/** Replaces the account's three keys at once: the old test and live keys find no account from then on. */
export async function generateApiKeys(db: Kysely<Database>, secrets: KeySecrets, accountId: string): Promise<ApiKeys> {
  const keys = newApiKeys();
  await replaceKeys(db, accountId, seal(secrets, accountId, keys));
  return keys;
}

/**
 * The account and environment of a key presented to the merchant API (`Authorization: Bearer sk_...`), found by its
 * HMAC through a unique index: no key is decrypted, and the comparison is of hashes the caller cannot choose, so its
 * timing says nothing about any key. Undefined for a key that is malformed, replaced or never was.
 */
export async function findAccountByApiKey(
  db: Kysely<Database>,
  secrets: KeySecrets,
  presentedKey: string,
): Promise<{ accountId: string; environment: Environment } | undefined> {
  if (!PRESENTED_KEY.test(presentedKey)) return undefined;
  return findKeyOwner(db, keyHash(secrets, presentedKey));
}

/**
 * Which key a /v1 call presented, for its actor: a prefix of the key's lookup hash, so it names the key (and changes
 * when the keys are replaced) without being any part of the key itself.
 */
export const apiKeyId = (secrets: KeySecrets, presentedKey: string): string =>
  `key_${keyHash(secrets, presentedKey).slice(0, 16)}`;

/**
 * What the webhook delivery needs of an account: its URLs (null when unset) and its signing secret, the encryption
 * key in `whsec_` form (made if the account has no keys yet; null when it cannot be decrypted with this server's
 * secret, and then nothing can be signed until new keys are generated).
 */
export async function readWebhookSettings(
  db: Kysely<Database>,
  secrets: KeySecrets,
  accountId: string,
): Promise<WebhookUrls & { signingSecret: string | null }> {
  const [urls, keys] = await Promise.all([findWebhookUrls(db, accountId), readApiKeys(db, secrets, accountId)]);
  return { ...urls, signingSecret: keys?.encryption_key ?? null };
}
