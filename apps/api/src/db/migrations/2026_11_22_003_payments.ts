import { type Kysely, sql } from 'kysely';

const environment = sql`environment in ('test', 'production')`;

export async function up(db: Kysely<any>): Promise<void> {
  // Wallets of merchants (per account, currency and environment) and of the platform
  // (account_id null: fees, provider clearing, settlement holds). The cached balance moves only with
  // ledger entries, in the same transaction; no wallet but provider clearing may go below zero.
  await db.schema
    .createTable('wallets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('merchant', 'platform_fee', 'provider_clearing', 'settlement_hold')`),
    )
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('UGX', 'USD')`))
    .addColumn('environment', 'text', (c) => c.notNull().check(environment))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('wallets_balance_not_negative', sql`kind = 'provider_clearing' or balance >= 0`)
    .addCheckConstraint('wallets_owner_matches_kind', sql`(kind = 'merchant') = (account_id is not null)`)
    .execute();
  await sql`create unique index wallets_owner_idx on wallets (coalesce(account_id, '00000000-0000-0000-0000-000000000000'::uuid), kind, currency, environment)`.execute(
    db,
  );

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull().check(environment))
    /** What moved the money: a collection, transfer, settlement or payout id. */
    .addColumn('reference_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One movement per (kind, reference): a second credit for the same collection cannot be written.
  await db.schema
    .createIndex('ledger_transactions_reference_idx')
    .on('ledger_transactions')
    .columns(['kind', 'reference_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transaction_id', 'uuid', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('wallet_id', 'uuid', (c) => c.notNull().references('wallets.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_entries_wallet_idx').on('ledger_entries').columns(['wallet_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_transaction_idx').on('ledger_entries').column('transaction_id').execute();
  // Double entry, checked by the database at commit: every transaction's entries sum to zero.
  await sql`
    create function ledger_transaction_balanced() returns trigger language plpgsql as $$
    begin
      if (select coalesce(sum(amount), 0) from ledger_entries where transaction_id = new.transaction_id) <> 0 then
        raise exception 'ledger transaction % does not balance', new.transaction_id using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_entries_balanced after insert on ledger_entries
    deferrable initially deferred for each row execute function ledger_transaction_balanced()`.execute(db);

  await db.schema
    .createTable('customers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().check(environment))
    /** How a payer is recognised again: `phone:2567...` for mobile money, `email:...` for cards. */
    .addColumn('identity', 'text', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('payments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_paid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('customers_identity_unique', ['account_id', 'environment', 'identity'])
    .execute();
  await db.schema
    .createIndex('customers_page_idx')
    .on('customers')
    .columns(['account_id', 'environment', 'created_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('collections')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().check(environment))
    .addColumn('link_id', 'uuid', (c) => c.references('links.id'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('UGX'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 1`))
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`fee >= 0 and fee <= amount`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('MTN_UG', 'AIRTEL', 'CARD')`))
    .addColumn('msisdn', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('extra_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('customer_id', 'uuid', (c) => c.references('customers.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'successful', 'failed')`),
    )
    .addColumn('status_message', 'text')
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_reference', 'text')
    /** The simulator's decision for a test payment, applied at settle_at. */
    .addColumn('simulated_outcome', 'text', (c) => c.check(sql`simulated_outcome in ('successful', 'failed')`))
    .addColumn('simulated_message', 'text')
    .addColumn('settle_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The collections list and its export: one account, one environment, newest first.
  await db.schema
    .createIndex('collections_page_idx')
    .on('collections')
    .columns(['account_id', 'environment', 'created_at desc', 'id desc'])
    .execute();
  // The live page: one link's collections, newest first.
  await db.schema
    .createIndex('collections_link_idx')
    .on('collections')
    .columns(['link_id', 'environment', 'created_at desc'])
    .execute();
  // The worker's two sweeps over pending payments only.
  await db.schema
    .createIndex('collections_due_idx')
    .on('collections')
    .column('settle_at')
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  await db.schema
    .createIndex('collections_expiry_idx')
    .on('collections')
    .column('expires_at')
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  await sql`create unique index collections_idempotency_idx on collections (link_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );

  // Collections totals of each link per environment, kept with every successful collection.
  await db.schema
    .createTable('link_totals')
    .addColumn('link_id', 'uuid', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().check(environment))
    .addColumn('successful_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('successful_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('link_totals_pk', ['link_id', 'environment'])
    .execute();

  // Webhook events, queued with every collection status change; delivery comes with the developers area.
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().check(environment))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_events_due_idx')
    .on('webhook_events')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', sql.lit('queued'))
    .execute();
  await db.schema.createIndex('webhook_events_account_idx').on('webhook_events').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('link_totals').execute();
  await db.schema.dropTable('collections').execute();
  await db.schema.dropTable('customers').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await sql`drop function ledger_transaction_balanced()`.execute(db);
  await db.schema.dropTable('ledger_transactions').execute();
  await db.schema.dropTable('wallets').execute();
}
