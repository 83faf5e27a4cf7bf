import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, expectLedgerHolds, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, p2p, setPin, WALLET_ENV } from '../../testing/transfers.ts';
import { InsufficientFundsError, PLATFORM_SHARDS, postMovement, shardOf } from './ledger.ts';
import type { Movement, Posting } from './movements.ts';

let t: TestApp;
let sender: Merchant;
let recipient: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  sender = await createMerchant(t, 'Ledger Sender');
  recipient = await createMerchant(t, 'Ledger Recipient');
  await fundWallet(t, sender, 200_000);
  await setPin(t, sender);
});
afterAll(() => t.close());

const test = { currency: 'UGX' as const, environment: 'test' as const };
/** A movement written by hand, as no catalogue builder would write it: the ledger's own checks are the subject here. */
const move = (postings: Posting[], environment: 'test' | 'production' = 'test') =>
  t.database.db
    .transaction()
    .execute((trx) => postMovement(trx, { kind: 'collection', environment, referenceId: randomUUID(), postings } as Movement));

describe('the ledger', () => {
  it('refuses to change or remove a written transaction or entry', async () => {
    const { db } = t.database;
    await expect(sql`update ledger_entries set amount = amount + 1`.execute(db)).rejects.toThrow(/ledger rows are immutable/);
    await expect(sql`delete from ledger_entries`.execute(db)).rejects.toThrow(/ledger rows are immutable/);
    await expect(sql`update ledger_transactions set kind = 'forged'`.execute(db)).rejects.toThrow(/ledger rows are immutable/);
    await expect(sql`delete from ledger_transactions`.execute(db)).rejects.toThrow(/ledger rows are immutable/);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ledger_entries`.execute(db);
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
    await expectLedgerHolds(t);
  });

  it('refuses a movement that mixes currencies or environments, and writes nothing of it', async () => {
    const before = await sql<{ n: string }>`select count(*)::text as n from ledger_transactions`.execute(t.database.db);
    await expect(
      move([
        { wallet: { ...test, accountId: null, kind: 'provider_clearing' }, amount: -1000 },
        { wallet: { currency: 'USD', environment: 'test', accountId: sender.accountId, kind: 'merchant' }, amount: 1000 },
      ]),
    ).rejects.toThrow(/mixes currencies/);
    await expect(
      move([
        { wallet: { ...test, accountId: null, kind: 'provider_clearing' }, amount: -1000 },
        { wallet: { ...test, environment: 'production', accountId: sender.accountId, kind: 'merchant' }, amount: 1000 },
      ]),
    ).rejects.toThrow(/names a production wallet/);
    await expect(move([{ wallet: { ...test, accountId: sender.accountId, kind: 'merchant' }, amount: 1000 }])).rejects.toThrow(
      /unbalanced/,
    );
    const after = await sql<{ n: string }>`select count(*)::text as n from ledger_transactions`.execute(t.database.db);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('refuses the same in the database, for a caller that skips the checks above', async () => {
    const postings = (currency: string) =>
      JSON.stringify([
        { account_id: null, kind: 'provider_clearing', currency: 'UGX', shard: 0, amount: -5 },
        { account_id: recipient.accountId, kind: 'merchant', currency, shard: 0, amount: 5 },
      ]);
    const call = (json: string) =>
      sql`select post_movement('collection', 'test', ${randomUUID()}::uuid, ${json}::jsonb)`.execute(t.database.db);
    await expect(call(postings('USD'))).rejects.toMatchObject({ code: 'SE002' });
    await expect(
      call(JSON.stringify([{ account_id: null, kind: 'provider_clearing', currency: 'UGX', shard: 0, amount: -5 }])),
    ).rejects.toMatchObject({ code: 'SE002' });
    await expectLedgerHolds(t);
  });

  it("dates every movement by the database's clock: a transaction and its entries carry the time it was posted", async () => {
    // Production wallets: no other test of this file has written to them, so their history is this test's.
    const owner = await createMerchant(t, 'Ledger History');
    const live = { currency: 'UGX' as const, environment: 'production' as const };
    const credit = (amount: number) =>
      move(
        [
          { wallet: { ...live, accountId: null, kind: 'provider_clearing' }, amount: -amount },
          { wallet: { ...live, accountId: owner.accountId, kind: 'merchant' }, amount },
        ],
        'production',
      );
    const times = async (id: string) => {
      const { rows } = await sql<{ at: Date; entries: Date[] }>`
        select lt.created_at as at, array_agg(e.created_at) as entries from ledger_transactions lt
          join ledger_entries e on e.transaction_id = lt.id where lt.id = ${id}::uuid group by lt.created_at`.execute(
        t.database.db,
      );
      const row = rows[0]!;
      return [row.at, ...row.entries].map((at) => new Date(at).toISOString());
    };
    const [now] = await times(await credit(4_000));
    expect(Date.now() - new Date(now!).getTime()).toBeLessThan(60_000);
    // No caller can give a movement another time (migration 054 took that parameter away).
    await expect(
      sql`select post_movement('collection', 'test', ${randomUUID()}::uuid, '[]'::jsonb, now())`.execute(t.database.db),
    ).rejects.toThrow(/function post_movement\(.*\) does not exist/);
    await expectLedgerHolds(t);
  });

  it('refuses a debit beyond the balance, or from a wallet that does not exist', async () => {
    const stranger = randomUUID();
    await expect(
      move([
        { wallet: { ...test, accountId: recipient.accountId, kind: 'merchant' }, amount: -1 },
        { wallet: { ...test, accountId: null, kind: 'platform_fee' }, amount: 1 },
      ]),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(
      move([
        { wallet: { ...test, accountId: stranger, kind: 'merchant' }, amount: -1 },
        { wallet: { ...test, accountId: null, kind: 'platform_fee' }, amount: 1 },
      ]),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expectLedgerHolds(t);
  });

  it('books transfer charges into the shards their transfers pick, which add up to every charge', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await p2p(t, sender, recipient, 1000 + i);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
    }
    const { rows } = await sql<{ shard: number; balance: string }>`
      select shard, balance::text from wallets where kind = 'platform_fee' and environment = 'test' and currency = 'UGX'`.execute(
      t.database.db,
    );
    for (const id of ids) {
      const shard = shardOf(id);
      expect(shard).toBeLessThan(PLATFORM_SHARDS);
      expect(rows.map((row) => row.shard)).toContain(shard);
    }
    const charged = await sql<{ total: string }>`
      select coalesce(sum(charge), 0)::text as total from transfers where kind = 'wallet_transfer'`.execute(t.database.db);
    const collectionFees = await sql<{ total: string }>`
      select coalesce(sum(fee), 0)::text as total from collections where status = 'successful'`.execute(t.database.db);
    const fees = rows.reduce((sum, row) => sum + Number(row.balance), 0);
    expect(fees).toBe(Number(charged.rows[0]?.total) + Number(collectionFees.rows[0]?.total));
    await expectLedgerHolds(t);
  });
});
