import type { Currency, Environment } from '@sente/contracts/constants';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { destinationOf, type WebhookEventInput } from '../developers/deliveries-repository.ts';
import { InsufficientFundsError, isInsufficientFunds, movementPostings } from './ledger.ts';
import type { Movement } from './movements.ts';

export type WalletTransferInput = {
  id: string;
  at: Date;
  accountId: string;
  environment: Environment;
  currency: Currency;
  userId: string;
  /** The PIN token's hash, as pin_tokens keeps it. */
  pinTokenHash: string;
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
 * Written out once: building it with the query builder on every transfer cost more CPU than sending it. The same
 * statement leaves the transfer's low-balance check (migration 044) when a member of the sender's account watches the
 * balance in this mode, so the check commits with the transfer and costs no second round trip (decision 069).
 */
const WALLET_TRANSFER = `
with t as (select * from wallet_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)),
     checked as (
       insert into low_balance_checks (transaction_id)
       select t.transaction_id from t
        where exists (select 1 from notification_settings n
                       where n.account_id = $3 and n.low_balance_below is not null
                         and case when $4 = 'production' then n.live else n.test end))
select * from t`;

/**
 * A wallet transfer in one call of the wallet_transfer function (migration 022), one statement with plans
 * PostgreSQL keeps (decision 030): the recipient is found (the sender's event names it), the PIN token is spent, the
 * transfer row written (nothing when the account already has a transfer under this
 * Idempotency-Key), the ledger moved by post_movement, the webhook events queued, and the transfer answered as the
 * list shows it (`Row`, the transfers module's list record).
 *
 * The second way money is posted besides postMovement, kept in this module with it: the function posts `movement`,
 * built by movements.ts, and only this file calls it (money/boundary.unit.test.ts keeps it so). Each step runs only when the one before it did. A debit beyond the balance aborts the whole call
 * (InsufficientFundsError). Answers undefined when nothing was written: no such recipient, the token was not usable,
 * or the key was taken; the caller tells which.
 *
 * The sender's low-balance alert is left as a check in the same statement (above), which the alerts worker turns into
 * the alerts of any line the transfer crossed: it exists exactly when the transfer commits, in the caller's
 * transaction as in the call's own.
 */
export async function walletTransfer<Row>(db: Kysely<Database>, input: WalletTransferInput): Promise<Row | undefined> {
  const events = JSON.stringify(
    input.events.map((event) => ({
      names_recipient: event.accountId === input.accountId,
      account_id: event.accountId,
      event: event.type,
      payload: event.data,
      destination: event.destination ?? destinationOf(event.type),
    })),
  );
  const params = [
    input.id,
    input.at.toISOString(),
    input.accountId,
    input.environment,
    input.currency,
    input.userId,
    input.pinTokenHash,
    input.recipientAccountId,
    input.amount,
    input.charge,
    input.reason,
    input.idempotencyKey,
    input.requestHash,
    input.movement.kind,
    movementPostings(input.movement),
    events,
  ];
  try {
    return (await db.executeQuery<Row>(CompiledQuery.raw(WALLET_TRANSFER, params))).rows[0];
  } catch (error) {
    if (isInsufficientFunds(error)) throw new InsufficientFundsError('insufficient funds');
    // A twin request under the same Idempotency-Key committed first: nothing was written.
    if ((error as { code?: string }).code === 'SE003') return undefined;
    throw error;
  }
}
