import { randomUUID } from 'node:crypto';
import type { Environment } from '@sente/contracts/constants';
import { compareNames } from '@sente/contracts/name-check';
import { batchOutcomeText } from '@sente/contracts/payout-batches-labels';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database.ts';
import { BACKOFF, backoffMs } from '../../../lib/backoff.ts';
import { type ClaimTime, type DueWork, drainDue } from '../../../lib/due-work.ts';
import { outboxColumns } from '../../../lib/hand-over.ts';
import { emit } from '../../events/events.ts';
import { DISBURSEMENT_KINDS } from '../../money/disbursements.ts';
import type { PaymentProvider, ProviderRegistry } from '../../money/providers/provider.ts';
import type { TransferRecord } from '../../money/tables.ts';
import type { Complete } from '../completion.ts';
import { returnedAmount } from './public-object.ts';
import {
  type ClaimedRow,
  claimDueRows,
  countRowOutcome,
  deferRow,
  finishBatch,
  insertRowTransfer,
  markRowSent,
  recordEvent,
  rowCounts,
  saveNameCheck,
  setRowOutcome,
} from './repository.ts';

type AccountHolder = { status: 'registered'; name: string } | { status: 'not_registered' | 'barred' | 'unavailable' };

/** The look-up of the name registered behind a number (money/providers/name-lookup.ts), paced per provider. */
export type HolderLookup = { holder(environment: Environment, msisdn: string): Promise<AccountHolder> };

type WorkOptions = {
  db: Kysely<Database>;
  providers: ProviderRegistry;
  names: HolderLookup;
  complete: Complete;
  /** Hands a written live payout to its provider (payouts.ts `send`): a refusal returns its share at once. */
  send: (
    provider: PaymentProvider,
    payout: { id: string; account: string; amount: number; currency: 'UGX' },
    now: Date,
  ) => Promise<boolean>;
  expirySeconds: number;
  batchSize: number;
  leaseMs: number;
  logger: Logger;
};

/**
 * The worker's batch work (decision 066): the name checks of draft rows, and the payouts of approved rows, each row
 * claimed with FOR UPDATE SKIP LOCKED and leased (decision 029), so any number of workers share them.
 *
 * A row becomes its transfer exactly once: the insert is keyed on the row (`transfers.batch_row_id` is unique), in
 * the transaction that marks the row sent and queues its payout.pending event. A live transfer is written leased to
 * this worker (the outbox, decision 041) and handed over after the commit with the transfer's id as the provider's
 * reference; a worker killed in between leaves it to the payout machinery's hand-over, which the provider answers as a
 * duplicate if it got through. The simulator decides before the insert, so its row is written already decided.
 */
export function createBatchWork({
  db,
  providers,
  names,
  complete,
  send,
  expirySeconds,
  batchSize,
  leaseMs,
  logger,
}: WorkOptions) {
  const retry = (row: ClaimedRow, time: ClaimTime) =>
    deferRow(
      db,
      row.id,
      row.worker_attempts + 1,
      new Date(time.now.getTime() + backoffMs(BACKOFF.workerRetry, row.worker_attempts + 1)),
    );

  /** Looks up the row's number and writes what the provider holds, unless the row was corrected meanwhile. */
  async function checkName(row: ClaimedRow): Promise<void> {
    const holder = await names.holder(row.environment, row.msisdn!);
    const found =
      holder.status === 'registered'
        ? { name_check: compareNames(row.name, holder.name), registered_name: holder.name }
        : { name_check: holder.status, registered_name: null };
    await saveNameCheck(db, row, found);
  }

  /** Writes the row's transfer (once) and hands it to its provider. */
  async function pay(row: ClaimedRow, now: Date): Promise<void> {
    const amount = Number(row.amount_value);
    const msisdn = row.msisdn!;
    const provider = providers.forPayout(row.environment, msisdn);
    const id = randomUUID();
    const decided =
      provider?.name === 'simulator' ? await provider.payout({ transferId: id, msisdn, amount, currency: 'UGX' }) : null;
    const transfer = await db.transaction().execute(async (trx) => {
      const written = await insertRowTransfer(trx, {
        id,
        account_id: row.account_id,
        environment: row.environment,
        kind: 'batch_payout',
        currency: 'UGX',
        amount,
        charge: Number(row.charge_per_row),
        reason: row.narrative || row.reference,
        status: 'pending',
        creator_id: row.maker_id,
        payout_msisdn: msisdn,
        provider: provider?.name ?? null,
        batch_id: row.batch_id,
        batch_row_id: row.id,
        expires_at: new Date(now.getTime() + expirySeconds * 1000),
        ...(provider && !decided ? outboxColumns(provider.name, now) : {}),
        ...(decided
          ? {
              provider_reference: decided.providerReference,
              simulated_outcome: decided.simulated?.outcome ?? null,
              settle_at: decided.simulated?.settleAt ?? null,
            }
          : {}),
      });
      await markRowSent(trx, row.id);
      if (written) await emit(trx, { type: 'transfer.pending', transfer: written });
      return written;
    });
    // Written by an earlier attempt that died after its commit: the payout machinery hands that one over.
    if (!transfer) return;
    if (!provider) {
      await complete(transfer.id, DISBURSEMENT_KINDS, { paid: false, reason: WALLET_MESSAGES.liveUnavailable });
      return;
    }
    if (!decided) await send(provider, { id: transfer.id, account: msisdn, amount, currency: 'UGX' }, now);
  }

  function rowWork(which: 'names' | 'payouts', tally: { done: number; failed: number }): DueWork<ClaimedRow> {
    return {
      what: which === 'names' ? 'batch name check' : 'batch payout',
      idField: 'batchRowId',
      batchSize,
      leaseMs,
      // Name checks wait on the providers (paced by the look-up): a claim's rows are asked together.
      batch: which === 'names' ? 'together' : 'one by one',
      claim: (limit, time) => claimDueRows(db, which, limit, time),
      apply: async (row, time) => {
        if (which === 'names') await checkName(row);
        else await pay(row, time.now);
        tally.done += 1;
      },
      retry: (row, time) => {
        tally.failed += 1;
        return retry(row, time);
      },
      failureLog: (row) => ({ attempts: row.worker_attempts + 1 }),
    };
  }

  return {
    /** One pass: due name checks, then due payouts. */
    async run(options: { now?: Date; signal?: AbortSignal } = {}) {
      const tally = { names: { done: 0, failed: 0 }, payouts: { done: 0, failed: 0 } };
      await drainDue(rowWork('names', tally.names), logger, options);
      await drainDue(rowWork('payouts', tally.payouts), logger, options);
      return tally;
    },
  };
}

/**
 * A batch row's transfer was completed (completion.ts's transfer.released, in its transaction, after its share of the hold moved): the row
 * takes its outcome, the batch its counts, and the last row ends the batch, with its step and its event.
 */
export async function batchRowFinished(trx: Transaction<Database>, transfer: TransferRecord, paid: boolean): Promise<void> {
  if (!transfer.batch_id || !transfer.batch_row_id) return;
  const row = await setRowOutcome(trx, transfer.batch_row_id, paid, transfer.failure_reason);
  const batch = await countRowOutcome(trx, transfer.batch_id, paid, Number(transfer.amount));
  const detail = paid ? `provider reference ${transfer.provider_reference ?? 'none'}` : (transfer.failure_reason ?? null);
  await recordEvent(trx, {
    batchId: transfer.batch_id,
    actorId: null,
    action: paid ? 'row_paid' : 'row_failed',
    position: row.position,
    detail,
  });
  if (batch.paid_count + batch.failed_count < batch.row_count) return;
  const status = batch.failed_count === 0 ? 'completed' : batch.paid_count === 0 ? 'failed' : 'partially_completed';
  await finishBatch(trx, transfer.batch_id, status);
  const { failed_amount } = await rowCounts(trx, transfer.batch_id);
  await recordEvent(trx, {
    batchId: transfer.batch_id,
    actorId: null,
    action: 'finished',
    detail: batchOutcomeText({
      counts: { paid: batch.paid_count, failed: batch.failed_count },
      paid_amount: Number(batch.paid_amount),
      returned_amount: returnedAmount(batch, batch.failed_count, failed_amount),
    }),
  });
  await emit(trx, { type: 'batch.changed', batchId: transfer.batch_id, step: status });
}
