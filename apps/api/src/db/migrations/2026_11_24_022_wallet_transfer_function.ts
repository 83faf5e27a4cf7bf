import { type Kysely, sql } from 'kysely';

/**
 * A wallet transfer becomes one call of a PL/pgSQL function (decision 030). The one-statement CTE it replaces
 * did the same steps, but PostgreSQL parsed, analysed and planned its six parts on every call: 1.1 ms of the 3 ms of
 * database CPU a transfer cost. A function's statements are prepared once per connection and their plans kept.
 *
 * wallet_transfer answers the transfer as the Transfers list reads it (and the ledger transaction's id), or no row
 * when nothing was written: no such recipient, the Idempotency-Key already used, or the PIN token not usable. A debit
 * beyond the balance raises SE001 from post_movement, and a twin request under the same key that committed first
 * SE003; either undoes the whole call, the token's spending with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(WALLET_TRANSFER).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function wallet_transfer(uuid, timestamptz, uuid, text, text, uuid, text, uuid, bigint, bigint, text,
    text, text, text, jsonb, jsonb)`.execute(db);
}

const WALLET_TRANSFER = `
create function wallet_transfer(
  p_id uuid, p_at timestamptz, p_account uuid, p_environment text, p_currency text, p_user uuid, p_token_hash text,
  p_recipient uuid, p_amount bigint, p_charge bigint, p_reason text, p_idempotency_key text, p_request_hash text,
  p_movement_kind text, p_postings jsonb, p_events jsonb)
returns table (
  id uuid, cursor_ts text, created_at timestamptz, kind text, account_id uuid, recipient_account_id uuid, amount text,
  charge text, currency text, reason text, status text, bank_details jsonb, payout_msisdn text, failure_reason text,
  creator_firstname text, creator_lastname text, sender_name text, sender_number text, recipient_name text,
  recipient_number text, transaction_id uuid)
language plpgsql as $$
#variable_conflict use_column
declare
  v_recipient_name text;
  v_recipient_number text;
  v_transaction uuid;
begin
  select a.account_name, a.account_number into v_recipient_name, v_recipient_number from accounts a where a.id = p_recipient;
  if not found then
    return;
  end if;
  -- A retry under a key already used spends nothing: the caller answers the first transfer.
  if p_idempotency_key is not null and exists (
    select 1 from transfers t
     where t.account_id = p_account and t.environment = p_environment and t.idempotency_key = p_idempotency_key) then
    return;
  end if;
  update pin_tokens pt set used_at = p_at
   where pt.token_hash = p_token_hash and pt.account_id = p_account and pt.user_id = p_user
     and pt.used_at is null and pt.expires_at > p_at;
  if not found then
    return;
  end if;
  -- The movement before the transfer row: the row's insert trigger takes the transfer counters, and every transaction
  -- takes its wallet rows before those (migration 019), so two never wait on each other in a cycle.
  v_transaction := post_movement(p_movement_kind, p_environment, p_id, p_postings);
  insert into transfers as t (id, account_id, environment, kind, currency, amount, charge, reason, status, creator_id,
                              recipient_account_id, idempotency_key, request_hash, created_at, updated_at, completed_at)
  values (p_id, p_account, p_environment, 'wallet_transfer', p_currency, p_amount, p_charge, p_reason, 'successful',
          p_user, p_recipient, p_idempotency_key, p_request_hash, p_at, p_at, p_at)
  on conflict (account_id, environment, idempotency_key) where idempotency_key is not null do nothing;
  if not found then
    -- A concurrent twin under the same Idempotency-Key committed first: undo the movement and the token's spending.
    raise exception 'idempotency key % already used', p_idempotency_key using errcode = 'SE003';
  end if;
  insert into webhook_events (account_id, environment, event, payload, destination)
  select e.account_id, p_environment, e.event,
         case when e.names_recipient
              then jsonb_set(e.payload, '{counterparty}', to_jsonb(v_recipient_name || ' (' || v_recipient_number || ')'))
              else e.payload end,
         e.destination
    from jsonb_to_recordset(p_events) as e(account_id uuid, event text, payload jsonb, destination text, names_recipient boolean);
  return query
  select t.id, t.created_at::text, t.created_at, t.kind, t.account_id, t.recipient_account_id, t.amount::text,
         t.charge::text, t.currency, t.reason, t.status, t.bank_details, t.payout_msisdn, t.failure_reason,
         u.firstname, u.lastname, s.account_name, s.account_number, v_recipient_name, v_recipient_number, v_transaction
    from transfers t
    left join users u on u.id = t.creator_id
    join accounts s on s.id = t.account_id
   where t.id = p_id;
end $$`;
