/**
 * Migration 2026_12_07_050 (decision 076): the trigram indexes that find a part of a phone or of an e-mail, among
 * customers and collections. Run back down and up on this file's own database; then the searches' plans read them, with
 * sequential scans off as the worker's claims are checked (jobs.test.ts): at tens of thousands of rows a scan of the table is
 * as cheap, and the question is whether the condition can use the index at all (a `like` a trigram index cannot serve
 * would scan every row of the account at a million).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_12_07_050_contact_part_indexes.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { collectionsCondition } from '../payments/filter.ts';
import { customerFound } from './repository.ts';

const ROWS = 20_000;

let t: TestApp;
let shop: Merchant;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp();
  shop = await createMerchant(t, 'Many Payers Shop');
  db = t.database.db as Kysely<any>;
}, 60_000);
afterAll(() => t.close());

const indexesOf = async (table: string) =>
  (
    await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = ${table} and indexname like '%trgm%'
      order by indexname`.execute(db)
  ).rows.map((row) => row.indexname);

/** ROWS customers and ROWS collections of one account, each with its own phone and e-mail, as a busy shop has. */
async function fillAccount() {
  await sql`insert into customers (account_id, environment, names, email, phone, updated_at)
    select ${shop.accountId}, 'test', 'Payer ' || i, 'payer' || i || '@mail.example', '2567' || lpad(i::text, 8, '0'), now()
    from generate_series(1, ${ROWS}) i`.execute(db);
  await sql`insert into collections (account_id, environment, amount, fee, channel, msisdn, email, names, extra_data, status,
      transaction_id, provider, expires_at, created_at, updated_at)
    select ${shop.accountId}, 'test', 1000, 30, 'MTN_UG', '2567' || lpad(i::text, 8, '0'), 'payer' || i || '@mail.example',
      'Payer ' || i, '[]'::jsonb, 'successful', 'SNTP' || i, 'simulator', now(), now() - i * interval '1 minute',
      now() - i * interval '1 minute'
    from generate_series(1, ${ROWS}) i`.execute(db);
  await sql`analyze customers`.execute(db);
  await sql`analyze collections`.execute(db);
}

const planOf = (query: RawBuilder<unknown>) =>
  db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return (await sql<Record<string, string>>`explain ${query}`.execute(trx)).rows.map((row) => Object.values(row)[0]).join('\n');
  });

const customersPlan = (q: string) =>
  planOf(sql`select customers.id from customers
    where customers.account_id = ${shop.accountId} and customers.environment = 'test' and ${customerFound(q)}
    order by customers.created_at desc, customers.id desc limit 26`);

const collectionsPlan = (q: string) => {
  const scope = { accountId: shop.accountId, environment: 'test' as const };
  return planOf(sql`select collections.id from collections
    where collections.account_id = ${shop.accountId} and collections.environment = 'test' and ${collectionsCondition(scope, { q })}
    order by collections.created_at desc, collections.id desc limit 26`);
};

describe('migration 050: indexes for a part of a phone or of an e-mail', () => {
  it('are taken away when run down and made again when run up', async () => {
    await down(db);
    expect(await indexesOf('customers')).toEqual(['customers_names_trgm_idx']);
    expect(await indexesOf('collections')).toEqual(['collections_names_trgm_idx']);
    await up(db);
    expect(await indexesOf('customers')).toEqual([
      'customers_email_trgm_idx',
      'customers_names_trgm_idx',
      'customers_phone_trgm_idx',
    ]);
    expect(await indexesOf('collections')).toEqual([
      'collections_email_trgm_idx',
      'collections_msisdn_trgm_idx',
      'collections_names_trgm_idx',
    ]);
  });

  it(`serve the searches of a part of a phone and of an e-mail at ${ROWS} payers`, async () => {
    await fillAccount();
    for (const q of ['111 222', '111222']) {
      expect(await customersPlan(q), q).toContain('customers_phone_trgm_idx');
      expect(await collectionsPlan(q), q).toContain('collections_msisdn_trgm_idx');
    }
    for (const q of ['ruth@', 'example.co']) {
      expect(await customersPlan(q), q).toContain('customers_email_trgm_idx');
      expect(await collectionsPlan(q), q).toContain('collections_email_trgm_idx');
    }
  }, 120_000);
});
