import { randomUUID } from 'node:crypto';
import { MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysOf, MERCHANT_API_ENV, v1 } from '../../testing/merchant-api.ts';
import { createMerchant, expectLedgerHolds, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { fundWallet } from '../../testing/transfers.ts';

let t: TestApp;
let merchant: Merchant;
let key: string;

beforeAll(async () => {
  // Nothing settles by itself: the counts below are of what the requests made.
  t = await createTestApp({ ...MERCHANT_API_ENV, PAYMENT_WORKER_INTERVAL_MS: '0' });
  merchant = await createMerchant(t, 'Arua Hardware');
  key = (await apiKeysOf(t, merchant)).test_key;
  await fundWallet(t, merchant, 400_000);
}, 60_000);
afterAll(() => t?.close());

const SALE = { amount: 12_000, phone: '0772123456', channel: 'MTN_UG', reference: 'A-1', metadata: { a: '1', b: '2' } };
const PAYOUT = { amount: 10_000, phone: '0752000111', reason: 'Supplier' };
const withKey = (idempotencyKey: string) => ({ 'idempotency-key': idempotencyKey });
const count = async (table: 'collections' | 'transfers') => {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', merchant.accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('Idempotency-Key on POST /v1/collections', () => {
  it('answers a retry with the first collection, and makes no second one', async () => {
    const before = await count('collections');
    const idempotencyKey = randomUUID();
    const first = await v1(t, key, 'POST', '/collections', SALE, withKey(idempotencyKey));
    // The same request, its metadata written in another order.
    const again = await v1(t, key, 'POST', '/collections', { ...SALE, metadata: { b: '2', a: '1' } }, withKey(idempotencyKey));
    expect([first.statusCode, first.headers['idempotent-replayed']]).toEqual([201, 'false']);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(again.json().data).toEqual(first.json().data);
    expect(await count('collections')).toBe(before + 1);
  });

  it('refuses the same key with another request, whatever changed', async () => {
    const idempotencyKey = randomUUID();
    await v1(t, key, 'POST', '/collections', SALE, withKey(idempotencyKey));
    const before = await count('collections');
    for (const change of [
      { amount: 12_001 },
      { phone: '0772123457' },
      { reference: 'A-2' },
      { metadata: { a: '1' } },
      { customer_name: 'X' },
    ]) {
      const res = await v1(t, key, 'POST', '/collections', { ...SALE, ...change }, withKey(idempotencyKey));
      expect([res.statusCode, res.json()], JSON.stringify(change)).toEqual([
        409,
        { status: 'error', message: MESSAGES.idempotencyKeyMismatch, code: 'idempotency_key_reused' },
      ]);
    }
    expect(await count('collections')).toBe(before);
  });

  it('takes any key of 1 to 255 printable characters, a merchant\'s order number "42" among them', async () => {
    for (const idempotencyKey of ['42', '7', 'x'.repeat(255), 'order #42 / 2026', '~!@#$%^&*()[]{}"\'']) {
      const first = await v1(t, key, 'POST', '/collections', SALE, withKey(idempotencyKey));
      const again = await v1(t, key, 'POST', '/collections', SALE, withKey(idempotencyKey));
      expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']], idempotencyKey).toEqual([
        201,
        201,
        'true',
      ]);
      expect(again.json().data.id).toBe(first.json().data.id);
    }
  });

  it('refuses a malformed key before anything is made, naming the rule', async () => {
    const before = await count('collections');
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'ünïcödé-key', 'line\u007fdelete']) {
      const res = await v1(t, key, 'POST', '/collections', SALE, withKey(bad));
      expect([res.statusCode, res.json().code, res.json().message], JSON.stringify(bad)).toEqual([
        400,
        'invalid_request',
        MERCHANT_API_MESSAGES.idempotencyKeyInvalid,
      ]);
    }
    expect(await count('collections')).toBe(before);
  });
});

describe('Idempotency-Key on POST /v1/payouts', () => {
  it('answers a retry with the first payout and takes the money once', async () => {
    const balance = (await ugxBalances(t, merchant.accountId)).test;
    const idempotencyKey = randomUUID();
    const first = await v1(t, key, 'POST', '/payouts', PAYOUT, withKey(idempotencyKey));
    const again = await v1(t, key, 'POST', '/payouts', PAYOUT, withKey(idempotencyKey));
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(again.json().data).toEqual(first.json().data);
    expect((await ugxBalances(t, merchant.accountId)).test).toBe(balance - 11_000);

    const other = await v1(t, key, 'POST', '/payouts', { ...PAYOUT, amount: 10_001 }, withKey(idempotencyKey));
    expect([other.statusCode, other.json().code]).toEqual([409, 'idempotency_key_reused']);
    expect((await ugxBalances(t, merchant.accountId)).test).toBe(balance - 11_000);
    await expectLedgerHolds(t);
  });
});

// PGlite is one connection: nothing would run at the same time there, so this proves nothing on it.
describe.skipIf(testDatabaseKind !== 'postgres')('ten retries at once on PostgreSQL', () => {
  it('make one collection, all ten answering it', async () => {
    const before = await count('collections');
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => v1(t, key, 'POST', '/collections', SALE, withKey(idempotencyKey))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'false')).toHaveLength(1);
    expect(await count('collections')).toBe(before + 1);
  });

  it('make one payout, taking the money once', async () => {
    const [transfers, balance] = [await count('transfers'), (await ugxBalances(t, merchant.accountId)).test];
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => v1(t, key, 'POST', '/payouts', PAYOUT, withKey(idempotencyKey))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
    expect(await count('transfers')).toBe(transfers + 1);
    expect((await ugxBalances(t, merchant.accountId)).test).toBe(balance - 11_000);
    await expectLedgerHolds(t);
  });
});
