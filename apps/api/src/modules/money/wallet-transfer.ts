import type { Currency, Environment } from '@sente/contracts/constants';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { queueLowBalanceAlerts, watchesLowBalance } from '../alerts/queue.ts';
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

/** Written out once: building it with the query builder on every transfer cost more CPU than sending it. */
const WALLET_TRANSFER = 'select * from wallet_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)';

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
 * The sender's low-balance alert is queued in the call's transaction, as postMovement queues every other movement's,
 * so it exists exactly when the transfer commits: the caller's transaction, or one opened here only when a member of
 * the sender's account has a low-balance amount in this mode. Otherwise the call stays alone in its implicit
 * transaction and holds the wallet rows no longer than before; an amount saved while such a transfer is in flight
 * counts from the next transfer.
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
  const send = async (executor: Kysely<Database>) =>
    (await executor.executeQuery<Row & { transaction_id: string }>(CompiledQuery.raw(WALLET_TRANSFER, params))).rows[0];
  const transfer = async (trx: Kysely<Database>) => {
    const row = await send(trx);
    if (row) await queueLowBalanceAlerts(trx, row.transaction_id);
    return row;
  };
  try {
    if (db.isTransaction) return await transfer(db);
    if (!(await watchesLowBalance(db, input.accountId, input.environment))) return await send(db);
    return await db.transaction().execute(transfer);
  } catch (error) {
    if (isInsufficientFunds(error)) throw new InsufficientFundsError('insufficient funds');
    // A twin request under the same Idempotency-Key committed first: nothing was written.
    if ((error as { code?: string }).code === 'SE003') return undefined;
    throw error;
  }
}
