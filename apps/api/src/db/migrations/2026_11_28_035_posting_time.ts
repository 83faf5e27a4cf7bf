import { type Kysely, sql } from 'kysely';

/**
 * Decision 059: `post_movement` takes the time a movement happened, for the demo's six months of history
 * (money/ledger.ts atPostingTime). Without it, as before, entries are stamped with clock_timestamp() once their wallets
 * are locked and the transaction with now() (decision 052). With it, the transaction and its entries carry that time,
 * which must be after every entry of the wallets it moves (SE004): a wallet's entries stay in the order their
 * balances were taken, which the statement and ledger:verify read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function post_movement(text, text, uuid, jsonb)`.execute(db);
  await sql.raw(postMovement(true)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function post_movement(text, text, uuid, jsonb, timestamptz)`.execute(db);
  await sql.raw(postMovement(false)).execute(db);
}

const LATER_THAN_ITS_WALLETS = `if p_at is not null and exists (
    select 1 from ledger_entries e where e.wallet_id = any(wallet_ids) and e.created_at >= p_at) then
    raise exception 'movement % at % is not after every entry of the wallets it moves', p_kind, p_at using errcode = 'SE004';
  end if;`;

/** post_movement as migration 032 wrote it, and with `timed` the time it may be given. */
function postMovement(timed: boolean): string {
  return `
create function post_movement(p_kind text, p_environment text, p_reference uuid, p_postings jsonb${timed ? ', p_at timestamptz default null' : ''}) returns uuid
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
  ${timed ? LATER_THAN_ITS_WALLETS : ''}
  insert into ledger_transactions (kind, environment, reference_id${timed ? ', created_at' : ''})
  values (p_kind, p_environment, p_reference${timed ? ', coalesce(p_at, now())' : ''})
  returning id into v_transaction;
  insert into ledger_entries (transaction_id, wallet_id, amount, balance_after, created_at)
  select v_transaction, w, a, b, ${timed ? 'coalesce(p_at, clock_timestamp())' : 'clock_timestamp()'}
    from unnest(wallet_ids, amounts, balances_after) as u(w, a, b);
  return v_transaction;
end $$`;
}
