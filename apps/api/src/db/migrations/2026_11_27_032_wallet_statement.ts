import { type Kysely, sql } from 'kysely';

/**
 * The wallet statement (decision 052): each ledger entry keeps its wallet's balance right after it,
 * so a statement page reads its running balance from its own rows instead of summing every older entry.
 * - `balance_after` is filled for the entries already written, with a running sum per wallet in the statement's order
 *   (created_at, transaction_id); the immutability trigger is switched off for that one update only.
 * - `post_movement` writes it from the balance it has just updated (the wallet row stays locked to the commit), and
 *   stamps each entry with clock_timestamp() once its wallets are locked: entries of one wallet are then in the order
 *   their balances were taken, so the statement's order and its running balance agree.
 * - One index serves the statement: a wallet's entries by (created_at, transaction_id), for its date range and cursor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_entries add column balance_after bigint`.execute(db);
  await sql`alter table ledger_entries disable trigger ledger_entries_immutable`.execute(db);
  await sql`
    update ledger_entries e set balance_after = r.running
      from (select id, sum(amount) over (partition by wallet_id order by created_at, transaction_id
                                         rows between unbounded preceding and current row) as running
              from ledger_entries) r
     where r.id = e.id`.execute(db);
  await sql`alter table ledger_entries enable trigger ledger_entries_immutable`.execute(db);
  await sql`create index ledger_entries_statement_idx on ledger_entries (wallet_id, created_at, transaction_id)`.execute(db);
  await sql.raw(postMovement(true)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(postMovement(false)).execute(db);
  await sql`drop index ledger_entries_statement_idx`.execute(db);
  await sql`alter table ledger_entries drop column balance_after`.execute(db);
}

/** post_movement as migration 019 wrote it, and with `balances` the balance and time of each entry as well. */
function postMovement(balances: boolean): string {
  const entries = balances
    ? `insert into ledger_entries (transaction_id, wallet_id, amount, balance_after, created_at)
  select v_transaction, w, a, b, clock_timestamp() from unnest(wallet_ids, amounts, balances_after) as u(w, a, b);`
    : `insert into ledger_entries (transaction_id, wallet_id, amount)
  select v_transaction, w, a from unnest(wallet_ids, amounts) as u(w, a);`;
  return `
create or replace function post_movement(p_kind text, p_environment text, p_reference uuid, p_postings jsonb) returns uuid
language plpgsql as $$
declare
  posting record;
  found_wallet uuid;
  found_balance bigint;
  wallet_ids uuid[] := '{}';
  amounts bigint[] := '{}';
  balances_after bigint[] := '{}';
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
        returning id, balance into found_wallet, found_balance;
      else
        update wallets set balance = balance + posting.amount, updated_at = now()
         where account_id = posting.account_id and kind = posting.kind and currency = posting.currency
           and environment = p_environment and shard = posting.shard and balance + posting.amount >= 0
        returning id, balance into found_wallet, found_balance;
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
      returning id, balance into found_wallet, found_balance;
    end if;
    wallet_ids := wallet_ids || found_wallet;
    amounts := amounts || posting.amount;
    balances_after := balances_after || found_balance;
  end loop;
  insert into ledger_transactions (kind, environment, reference_id)
  values (p_kind, p_environment, p_reference)
  returning id into v_transaction;
  ${entries}
  return v_transaction;
end $$`;
}
