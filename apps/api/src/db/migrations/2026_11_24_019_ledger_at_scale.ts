import { type Kysely, sql } from 'kysely';

/**
 * The ledger reshaped for scale (decision 030):
 * - Platform wallets come in shards: a movement books its fee, clearing or hold into the shard its reference picks, so
 *   concurrent movements no longer queue on one platform-fee row. A merchant wallet is always shard 0.
 * - The owner index becomes a plain unique index over (account_id, kind, currency, environment, shard) with NULLS NOT
 *   DISTINCT: `where account_id = $1` can use it (the old index was on coalesce(account_id, ...), which it could not,
 *   so every wallet look-up was a sequential scan), and a movement upserts its balances by that key in one statement.
 * - A payout records the reference its provider gave it, as a collection does.
 * - The transfers list's total is a counter per account and environment (sent and received), kept by a
 *   statement-level trigger as collection_counts is (decision 022), filled here from the transfers already there.
 *   Every transaction that inserts a transfer has locked its wallets before (post_movement runs first), so the
 *   counter rows are always taken after the wallet rows and two transactions never wait on each other in a cycle.
 * - Ledger rows are immutable: a trigger refuses UPDATE and DELETE of transactions and entries.
 * - `post_movement` writes one balanced movement in one call: balances first (in one global order, so two movements
 *   never wait on each other in a cycle), then the transaction and its entries, whose foreign keys then find their
 *   wallets already locked by this transaction instead of share-locking rows other transfers are updating.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wallets add column shard smallint not null default 0`.execute(db);
  await sql`alter table wallets add constraint wallets_shard_range
    check (shard >= 0 and shard < 64 and (kind <> 'merchant' or shard = 0))`.execute(db);
  await sql`drop index wallets_owner_idx`.execute(db);
  await sql`create unique index wallets_owner_idx on wallets (account_id, kind, currency, environment, shard) nulls not distinct`.execute(
    db,
  );
  await sql`
    create function ledger_rows_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger rows are immutable: % on % refused', tg_op, tg_table_name using errcode = 'P0001';
    end $$`.execute(db);
  await sql`alter table transfers add column provider_reference text`.execute(db);
  await sql.raw(POST_MOVEMENT).execute(db);
  await sql`
    create table transfer_counts (
      account_id uuid not null references accounts (id) on delete cascade,
      environment text not null,
      total bigint not null check (total >= 0),
      primary key (account_id, environment)
    )`.execute(db);
  await sql`
    create function count_inserted_transfers() returns trigger language plpgsql as $$
    begin
      insert into transfer_counts (account_id, environment, total)
      select side.account_id, side.environment, count(*)
        from (select account_id, environment from inserted
              union all
              select recipient_account_id, environment from inserted where recipient_account_id is not null) side
       group by side.account_id, side.environment
       order by side.account_id, side.environment
      on conflict (account_id, environment) do update set total = transfer_counts.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger transfers_counted_insert after insert on transfers
    referencing new table as inserted for each statement execute function count_inserted_transfers()`.execute(db);
  await sql`
    insert into transfer_counts (account_id, environment, total)
    select side.account_id, side.environment, count(*)
      from (select account_id, environment from transfers
            union all
            select recipient_account_id, environment from transfers where recipient_account_id is not null) side
     group by side.account_id, side.environment`.execute(db);
  for (const table of ['ledger_transactions', 'ledger_entries']) {
    await sql`create trigger ${sql.raw(`${table}_immutable`)} before update or delete on ${sql.table(table)}
      for each statement execute function ledger_rows_immutable()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger transfers_counted_insert on transfers`.execute(db);
  await sql`drop function count_inserted_transfers()`.execute(db);
  await sql`drop table transfer_counts`.execute(db);
  await sql`drop function post_movement(text, text, uuid, jsonb)`.execute(db);
  await sql`alter table transfers drop column provider_reference`.execute(db);
  for (const table of ['ledger_transactions', 'ledger_entries']) {
    await sql`drop trigger ${sql.raw(`${table}_immutable`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function ledger_rows_immutable()`.execute(db);
  await sql`drop index wallets_owner_idx`.execute(db);
  await sql`alter table wallets drop constraint wallets_shard_range`.execute(db);
  await sql`alter table wallets drop column shard`.execute(db);
  await sql`create unique index wallets_owner_idx on wallets (coalesce(account_id, '00000000-0000-0000-0000-000000000000'::uuid), kind, currency, environment)`.execute(
    db,
  );
}

/**
 * post_movement(kind, environment, reference, postings): postings is a JSON array of
 * {account_id, kind, currency, shard, amount}. Refuses (SQLSTATE SE002) a set that does not sum to zero, mixes
 * currencies or holds a non-integer amount; refuses (SE001) a debit that would take a wallet other than the provider
 * clearing wallet below zero, or that names a wallet that does not exist. Answers the ledger transaction's id.
 */
const POST_MOVEMENT = `
create function post_movement(p_kind text, p_environment text, p_reference uuid, p_postings jsonb) returns uuid
language plpgsql as $$
declare
  posting record;
  found_wallet uuid;
  wallet_ids uuid[] := '{}';
  amounts bigint[] := '{}';
  v_transaction uuid;
  currencies int;
  total numeric;
begin
  select count(distinct x.currency), coalesce(sum(x.amount), 0) into currencies, total
    from jsonb_to_recordset(p_postings) as x(currency text, amount numeric);
  if currencies > 1 then
    raise exception 'movement % mixes currencies', p_kind using errcode = 'SE002';
  end if;
  if total <> 0 then
    raise exception 'movement % does not balance: entries sum to %', p_kind, total using errcode = 'SE002';
  end if;
  for posting in
    select x.account_id, x.kind, x.currency, x.shard, sum(x.amount)::bigint as amount
      from jsonb_to_recordset(p_postings) as x(account_id uuid, kind text, currency text, shard smallint, amount numeric)
     group by x.account_id, x.kind, x.currency, x.shard
    having sum(x.amount) <> 0
     order by x.account_id nulls last, x.kind, x.currency, x.shard
  loop
    if posting.amount <> trunc(posting.amount) then
      raise exception 'movement % has an amount that is not whole', p_kind using errcode = 'SE002';
    end if;
    found_wallet := null;
    if posting.amount < 0 then
      if posting.account_id is null then
        update wallets set balance = balance + posting.amount, updated_at = now()
         where account_id is null and kind = posting.kind and currency = posting.currency
           and environment = p_environment and shard = posting.shard
           and (kind = 'provider_clearing' or balance + posting.amount >= 0)
        returning id into found_wallet;
      else
        update wallets set balance = balance + posting.amount, updated_at = now()
         where account_id = posting.account_id and kind = posting.kind and currency = posting.currency
           and environment = p_environment and shard = posting.shard and balance + posting.amount >= 0
        returning id into found_wallet;
      end if;
      if found_wallet is null and posting.kind <> 'provider_clearing' then
        raise exception 'insufficient funds' using errcode = 'SE001';
      end if;
    end if;
    if found_wallet is null then
      insert into wallets as w (account_id, kind, currency, environment, shard, balance)
      values (posting.account_id, posting.kind, posting.currency, p_environment, posting.shard, posting.amount)
      on conflict (account_id, kind, currency, environment, shard)
        do update set balance = w.balance + excluded.balance, updated_at = now()
      returning id into found_wallet;
    end if;
    wallet_ids := wallet_ids || found_wallet;
    amounts := amounts || posting.amount;
  end loop;
  insert into ledger_transactions (kind, environment, reference_id)
  values (p_kind, p_environment, p_reference)
  returning id into v_transaction;
  insert into ledger_entries (transaction_id, wallet_id, amount)
  select v_transaction, w, a from unnest(wallet_ids, amounts) as u(w, a);
  return v_transaction;
end $$`;
