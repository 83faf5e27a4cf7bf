import { type Kysely, sql } from 'kysely';

const environment = sql`environment in ('test', 'production')`;

export async function up(db: Kysely<any>): Promise<void> {
  // The bank account settlements are paid to: one per account (the profile answers it as a list of one).
  await db.schema.alterTable('accounts').addColumn('bank_details', 'jsonb').execute();

  // Each member's wallet PIN on an account, hashed; five wrong tries lock it for a while.
  await db.schema
    .createTable('wallet_pins')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wallet_pins_pk', ['account_id', 'user_id'])
    .execute();

  // A verified PIN allows one money movement: the token is used up in the movement's own transaction.
  await db.schema
    .createTable('pin_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Every way money leaves a wallet: wallet transfers, settlements to the bank and mobile-money payouts.
  await db.schema
    .createTable('transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('restrict'))
    .addColumn('environment', 'text', (c) => c.notNull().check(environment))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('wallet_transfer', 'settlement', 'payout')`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('UGX').check(sql`currency in ('UGX', 'USD')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('charge', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`charge >= 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'successful', 'rejected')`))
    .addColumn('creator_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('recipient_account_id', 'uuid', (c) => c.references('accounts.id').onDelete('restrict'))
    .addColumn('bank_details', 'jsonb')
    .addColumn('payout_msisdn', 'text')
    .addColumn('simulated_outcome', 'text')
    .addColumn('settle_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('failure_reason', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'transfers_shape',
      sql`(kind = 'wallet_transfer') = (recipient_account_id is not null) and (kind = 'payout') = (payout_msisdn is not null)`,
    )
    .execute();
  // The /settlements list of an account: what it sent, and what it received, each keyset-paged newest first.
  await sql`create index transfers_sent_idx on transfers (account_id, environment, created_at desc, id desc)`.execute(db);
  await sql`create index transfers_received_idx on transfers (recipient_account_id, environment, created_at desc, id desc)
            where recipient_account_id is not null`.execute(db);
  await sql`create index transfers_due_idx on transfers (settle_at) where kind = 'payout' and status = 'pending'`.execute(db);
  await sql`create unique index transfers_idempotency_idx on transfers (account_id, idempotency_key)
            where idempotency_key is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transfers').execute();
  await db.schema.dropTable('pin_tokens').execute();
  await db.schema.dropTable('wallet_pins').execute();
  await db.schema.alterTable('accounts').dropColumn('bank_details').execute();
}
