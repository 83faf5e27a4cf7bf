import type { Environment } from '@sente/contracts/constants';
import { type Kysely, sql } from 'kysely';
import type { Currency, Database } from '../../db/database.ts';
import { destinationOf, type WebhookEventInput } from '../developers/deliveries-repository.ts';
import { InsufficientFundsError, isInsufficientFunds, type Movement, movementPostings } from '../ledger/ledger.ts';
import { pinTokenHash } from './pins.ts';
import type { TransferListRecord } from './repository.ts';

export type WalletTransferInput = {
  id: string;
  at: Date;
  accountId: string;
  environment: Environment;
  currency: Currency;
  userId: string;
  pinToken: string;
  recipientAccountId: string;
  amount: number;
  charge: number;
  reason: string;
  idempotencyKey: string | null;
  requestHash: string;
  movement: Movement;
  events: WebhookEventInput[];
};

/**
 * A wallet transfer in one statement, so in one round trip and one implicit transaction (decision 030): the recipient
 * is found (the sender's event names it), the PIN token is spent, the transfer row written (nothing when the account already has a transfer under this
 * Idempotency-Key), the ledger moved by post_movement, the webhook events queued, and the transfer answered as the
 * list shows it. Each step runs only when the one before it did. A debit beyond the balance aborts the whole
 * statement (InsufficientFundsError). Answers undefined when nothing was written: no such recipient, the token was
 * not usable, or the key was taken; the caller tells which.
 */
export async function walletTransfer(db: Kysely<Database>, input: WalletTransferInput): Promise<TransferListRecord | undefined> {
  const at = input.at.toISOString();
  // A retry under a key already used must not spend its new token on nothing (a concurrent twin still may; see above).
  const keyFree = input.idempotencyKey
    ? sql`and not exists (select 1 from transfers where account_id = ${input.accountId}
            and environment = ${input.environment} and idempotency_key = ${input.idempotencyKey})`
    : sql``;
  const events = JSON.stringify(
    input.events.map((event) => ({
      names_recipient: event.accountId === input.accountId,
      account_id: event.accountId,
      event: event.type,
      payload: event.data,
      destination: event.destination ?? destinationOf(event.type),
    })),
  );
  try {
    const { rows } = await sql<TransferListRecord & { transaction_id: string }>`
      with recipient as (
        select account_name, account_number from accounts where id = ${input.recipientAccountId}::uuid
      ), spent as (
        update pin_tokens set used_at = ${at}::timestamptz
         where token_hash = ${pinTokenHash(input.pinToken)} and account_id = ${input.accountId} and user_id = ${input.userId}
           and used_at is null and expires_at > ${at}::timestamptz and exists (select 1 from recipient) ${keyFree}
        returning 1
      ), ins as (
        insert into transfers (id, account_id, environment, kind, currency, amount, charge, reason, status, creator_id,
                               recipient_account_id, idempotency_key, request_hash, created_at, updated_at, completed_at)
        select ${input.id}::uuid, ${input.accountId}::uuid, ${input.environment}, 'wallet_transfer', ${input.currency},
               ${input.amount}, ${input.charge}, ${input.reason}, 'successful', ${input.userId}::uuid,
               ${input.recipientAccountId}::uuid, ${input.idempotencyKey}, ${input.requestHash},
               ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
          from spent
        on conflict (account_id, environment, idempotency_key) where idempotency_key is not null do nothing
        returning *
      ), moved as (
        select post_movement(${input.movement.kind}, ${input.environment}, ins.id, ${movementPostings(input.movement)}::jsonb) as id
          from ins
      ), queued as (
        insert into webhook_events (account_id, environment, event, payload, destination)
        select e.account_id, ${input.environment}, e.event,
               case when e.names_recipient
                    then jsonb_set(e.payload, '{counterparty}', to_jsonb(r.account_name || ' (' || r.account_number || ')'))
                    else e.payload end,
               e.destination
          from ins, recipient r,
               jsonb_to_recordset(${events}::jsonb) as e(account_id uuid, event text, payload jsonb, destination text, names_recipient boolean)
        returning 1
      )
      select t.id, t.created_at::text as cursor_ts, t.created_at, t.kind, t.account_id, t.recipient_account_id,
             t.amount::text as amount, t.charge::text as charge, t.currency, t.reason, t.status, t.bank_details,
             t.payout_msisdn, t.failure_reason, u.firstname as creator_firstname, u.lastname as creator_lastname,
             s.account_name as sender_name, s.account_number as sender_number,
             r.account_name as recipient_name, r.account_number as recipient_number,
             (select id from moved) as transaction_id, (select count(*) from queued) as queued
        from ins t
        left join users u on u.id = t.creator_id
        join accounts s on s.id = t.account_id
        left join accounts r on r.id = t.recipient_account_id`.execute(db);
    return rows[0];
  } catch (error) {
    if (isInsufficientFunds(error)) throw new InsufficientFundsError('insufficient funds');
    throw error;
  }
}
