/**
 * Migration 2026_11_29_044 (decision 069): the wallet transfers' low-balance checks, one per ledger transaction, gone
 * with it; run back down and up on this file's own database.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_29_044_low_balance_checks.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db as Kysely<any>;
});
afterAll(() => t.close());

const tableExists = async () =>
  (await sql<{ name: string | null }>`select to_regclass('low_balance_checks')::text as name`.execute(db)).rows[0]?.name;

describe('migration 044: low-balance checks', () => {
  it('keeps one check per ledger transaction of its own, refuses one of no transaction, and goes when run down', async () => {
    const { id } = await db
      .insertInto('ledger_transactions')
      .values({ kind: 'wallet_transfer', environment: 'test', reference_id: '00000000-0000-4000-8000-000000000001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('low_balance_checks').values({ transaction_id: id }).execute();
    await expect(db.insertInto('low_balance_checks').values({ transaction_id: id }).execute()).rejects.toThrow(/duplicate key/);
    await expect(
      db.insertInto('low_balance_checks').values({ transaction_id: '00000000-0000-4000-8000-000000000000' }).execute(),
    ).rejects.toThrow(/foreign key/);

    await down(db);
    expect(await tableExists()).toBeNull();
    await up(db);
    expect(await tableExists()).toBe('low_balance_checks');
    expect(await db.selectFrom('low_balance_checks').selectAll().execute()).toEqual([]);
  });
});
