import type { User } from '@sente/contracts/accounts';
import { STAFF_ROLES } from '@sente/contracts/constants';
import { type ApiKeys, DEVELOPER_MESSAGES as M } from '@sente/contracts/developers';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecrets, randomToken, type Secrets } from '../../lib/secrets.ts';
import { answer, get, post } from '../../testing/http.ts';
import type { Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createMember, createNamedMerchant, switchAccount } from '../../testing/transfers-more.ts';
import { createAccount } from '../../testing/users.ts';
import { findAccountByApiKey, readApiKeys, readWebhookSettings } from './api-keys.ts';
import { createDevelopersService } from './service.ts';

let t: TestApp;
let secrets: Secrets;
/** Kampala Crafts and Gulu Traders, two accounts of two owners. */
let a: Merchant;
let b: Merchant;

const profileOf = async (who: { accessToken: string }): Promise<User> => {
  const res = await get(t, who, '/api/user/profile');
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const keysOf = async (who: { accessToken: string }): Promise<ApiKeys> => {
  const { test_key, production_key, encryption_key } = (await profileOf(who)).current_account!.api_keys;
  return { test_key, production_key, encryption_key } as ApiKeys;
};
const generate = (who: { accessToken: string }) => post(t, who, '/api/keys/generate');
const storedRows = (accountId: string) =>
  t.database.db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).execute();

beforeAll(async () => {
  t = await createTestApp();
  secrets = loadSecrets(t.dataDir);
  [a, b] = await Promise.all([
    createNamedMerchant(t, 'Kampala Crafts', { firstname: 'Ada', lastname: 'Nakato' }),
    createNamedMerchant(t, 'Gulu Traders', { firstname: 'Okot', lastname: 'Opio' }),
  ]);
}, 60_000);
afterAll(() => t?.close());

describe("the profile's api_keys", () => {
  it('carries a test key, a live key and a Standard Webhooks encryption key, made on first read and kept', async () => {
    const { api_keys } = (await profileOf(a)).current_account!;
    expect(api_keys).toEqual({
      active_environment: 'test',
      test_key: expect.stringMatching(/^sk_test_[0-9A-Za-z]{40}$/),
      production_key: expect.stringMatching(/^sk_live_[0-9A-Za-z]{40}$/),
      encryption_key: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expect(Buffer.from(api_keys.encryption_key!.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect((await profileOf(a)).current_account!.api_keys).toEqual(api_keys);
    expect(await storedRows(a.accountId)).toHaveLength(1);
  });

  it('keeps each key encrypted at rest, found by an HMAC that is not the key', async () => {
    const keys = await keysOf(a);
    const [row] = await storedRows(a.accountId);
    const stored = JSON.stringify(row);
    for (const key of Object.values(keys)) {
      expect(stored).not.toContain(key);
      expect(stored).not.toContain(key.slice(8, 28));
    }
    expect(row!.test_key_hash).toMatch(/^[\w-]{43}$/);
    expect(row!.production_key_hash).not.toBe(row!.test_key_hash);
    for (const column of ['test_key_encrypted', 'production_key_encrypted', 'encryption_key_encrypted'] as const) {
      expect(row![column]).toMatch(/^v1\.[\w-]+$/);
    }
  });

  it('is made once when the first reads come at the same time', async () => {
    // The annex is current from its creation.
    const fresh = await createAccount(t, a.accessToken, 'Kampala Crafts Annex');
    try {
      const reads = await Promise.all([
        ...Array.from({ length: 6 }, () => readApiKeys(t.database.db, secrets, fresh)),
        ...Array.from({ length: 4 }, () => keysOf(a)),
      ]);
      expect(new Set(reads.map((keys) => JSON.stringify(keys))).size).toBe(1);
      expect(await storedRows(fresh)).toHaveLength(1);
    } finally {
      await switchAccount(t, a, a.accountId);
    }
  });

  it('shows the keys to owners, administrators and developers only; every role sees the environment', async () => {
    const owner = await createNamedMerchant(t, 'Mbale Coffee', { firstname: 'Sarah', lastname: 'Atim' });
    const keys = await keysOf(owner);
    const seen = await Promise.all(
      STAFF_ROLES.filter((role) => role !== 'owner').map(async (role) => {
        const member = await createMember(t, owner, role, { firstname: 'Dan', lastname: role });
        return [role, (await profileOf(member)).current_account!.api_keys] as const;
      }),
    );
    const none = { test_key: null, production_key: null, encryption_key: null };
    expect(Object.fromEntries(seen)).toEqual({
      administrator: { active_environment: 'test', ...keys },
      operations: { active_environment: 'test', ...none },
      developer: { active_environment: 'test', ...keys },
      customer_support: { active_environment: 'test', ...none },
      user: { active_environment: 'test', ...none },
    });
  });
});

describe('POST /api/keys/generate', () => {
  it("answers 'Keys Generated' with three new keys; the old ones find no account at once, the new ones do", async () => {
    const old = await keysOf(a);
    expect(await findAccountByApiKey(t.database.db, secrets, old.test_key)).toEqual({
      accountId: a.accountId,
      environment: 'test',
    });
    expect(await findAccountByApiKey(t.database.db, secrets, old.production_key)).toEqual({
      accountId: a.accountId,
      environment: 'production',
    });

    const res = await generate(a);
    expect(answer(res)).toEqual([200, M.keysGenerated]);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh: ApiKeys = res.json().data;
    expect(Object.keys(fresh).sort()).toEqual(['encryption_key', 'production_key', 'test_key']);
    for (const field of ['test_key', 'production_key', 'encryption_key'] as const) expect(fresh[field]).not.toBe(old[field]);

    expect(await findAccountByApiKey(t.database.db, secrets, old.test_key)).toBeUndefined();
    expect(await findAccountByApiKey(t.database.db, secrets, old.production_key)).toBeUndefined();
    expect(await findAccountByApiKey(t.database.db, secrets, fresh.test_key)).toEqual({
      accountId: a.accountId,
      environment: 'test',
    });
    expect(await findAccountByApiKey(t.database.db, secrets, fresh.production_key)).toEqual({
      accountId: a.accountId,
      environment: 'production',
    });
    expect(await keysOf(a)).toEqual(fresh);
    expect((await readWebhookSettings(t.database.db, secrets, a.accountId)).signingSecret).toBe(fresh.encryption_key);
    expect(await storedRows(a.accountId)).toHaveLength(1);
  });

  it("acts on the caller's account only: another account's keys are neither shown nor replaced", async () => {
    const [aBefore, bBefore] = await Promise.all([keysOf(a), keysOf(b)]);
    expect(Object.values(bBefore).some((key) => Object.values(aBefore).includes(key))).toBe(false);
    const bNew: ApiKeys = (await generate(b)).json().data;
    expect(await keysOf(a)).toEqual(aBefore);
    expect(await findAccountByApiKey(t.database.db, secrets, aBefore.production_key)).toMatchObject({ accountId: a.accountId });
    expect(await findAccountByApiKey(t.database.db, secrets, bNew.test_key)).toEqual({
      accountId: b.accountId,
      environment: 'test',
    });
    expect(await findAccountByApiKey(t.database.db, secrets, bBefore.test_key)).toBeUndefined();
  });
});

describe('findAccountByApiKey', () => {
  it('finds nothing for a key that is malformed, made up, of another kind or not whole', async () => {
    const keys = await keysOf(a);
    const [row] = await storedRows(a.accountId);
    const candidates = [
      '',
      'sk_test_',
      `${keys.test_key}x`,
      keys.test_key.slice(0, -1),
      keys.test_key.replace('sk_test_', 'sk_live_'),
      ` ${keys.test_key}`,
      keys.test_key.toUpperCase(),
      keys.encryption_key,
      row!.test_key_hash,
      row!.test_key_encrypted,
      `sk_test_${'A'.repeat(40)}`,
      `sk_live_${'x'.repeat(200_000)}`,
    ];
    for (const candidate of candidates) expect(await findAccountByApiKey(t.database.db, secrets, candidate)).toBeUndefined();
  });

  it("finds nothing with another server's lookup secret", async () => {
    const keys = await keysOf(a);
    const other = { ...secrets, keyLookupSecret: randomToken(32) };
    expect(await findAccountByApiKey(t.database.db, other, keys.test_key)).toBeUndefined();
  });
});

describe('keys encrypted under another secret (APP_SECRET changed)', () => {
  it('are not readable: the profile shows none and says why in the log, and generating new ones mends it', async () => {
    const other = { ...secrets, keysSecret: randomToken(32) };
    expect(await readApiKeys(t.database.db, other, a.accountId)).toBeUndefined();
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    const developers = createDevelopersService({ db: t.database.db, secrets: other, logger, allowPrivateWebhooks: false });
    expect(await developers.profileKeys(a.accountId, 'owner')).toEqual({
      test_key: null,
      production_key: null,
      encryption_key: null,
    });
    expect(lines.join('')).toContain('generate new keys');
    expect((await readWebhookSettings(t.database.db, other, a.accountId)).signingSecret).toBeNull();
    const mended = await developers.generateKeys(a.accountId);
    expect(await developers.profileKeys(a.accountId, 'owner')).toEqual(mended);
  });
});

describe('readWebhookSettings', () => {
  it("answers the account's URLs (null until saved) and its signing secret, making keys for an account without", async () => {
    const fresh = await createAccount(t, b.accessToken, 'Gulu Traders Annex');
    // The annex became current on creation; the URLs below are saved on Gulu Traders.
    await switchAccount(t, b, b.accountId);
    const settings = await readWebhookSettings(t.database.db, secrets, fresh);
    expect(settings).toEqual({ collection_url: null, payment_url: null, signingSecret: expect.stringMatching(/^whsec_/) });
    expect(await storedRows(fresh)).toHaveLength(1);
    const urls = { collection_url: 'https://8.8.8.8/sente/collections', payment_url: 'https://8.8.4.4/sente/payments' };
    expect(answer(await post(t, b, '/api/webhook/save-url', urls))).toEqual([200, M.webhooksUpdated]);
    expect(await readWebhookSettings(t.database.db, secrets, b.accountId)).toEqual({
      ...urls,
      signingSecret: (await keysOf(b)).encryption_key,
    });
  });
});
