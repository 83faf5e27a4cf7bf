import { maskBankAccountNumber } from '@sente/contracts/transfers';
import type { WebhookEventType } from '@sente/contracts/webhook-deliveries';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { queueWebhookEvent, type WebhookEventInput } from '../developers/deliveries-repository.ts';
import { isOutKind, OUT_KINDS } from '../money/disbursements.ts';
import type { TransferRecord } from '../money/tables.ts';
import { payoutEventData } from './public-object.ts';

/** The other side of a wallet transfer, as the transfers list names it. */
export type Party = { account_name: string; account_number: string };

/** Who or where the money went to or came from, in the words of the transfers list. */
function counterpartyOf(transfer: EventTransfer, other: Party | undefined): string | null {
  if (transfer.kind === 'wallet_transfer') return other ? `${other.account_name} (${other.account_number})` : null;
  if (transfer.kind === 'settlement' && transfer.bank_details) {
    return `${transfer.bank_details.bank_name} ${maskBankAccountNumber(transfer.bank_details.account_number)}`;
  }
  return null;
}

/** The fields of a transfer its events report. */
export type EventTransfer = Pick<
  TransferRecord,
  | 'id'
  | 'kind'
  | 'status'
  | 'amount'
  | 'charge'
  | 'currency'
  | 'reason'
  | 'failure_reason'
  | 'environment'
  | 'created_at'
  | 'completed_at'
  | 'bank_details'
  | 'payout_msisdn'
  | 'batch_id'
>;

/**
 * The event of a transfer's status for the Payments webhook URL of one side: transfer.successful (a wallet transfer,
 * to the sender and to the recipient), settlement.pending / .successful / .rejected and payout.pending / .successful /
 * .rejected (to the account that asked for them).
 */
export function transferEvent(
  transfer: EventTransfer,
  side: { accountId: string; direction: 'out' | 'in'; other?: Party },
): WebhookEventInput {
  // A batch's row is a payout to its receiver: the same events and object, with its batch's id (decision 066).
  const subject = isOutKind(transfer.kind) ? (OUT_KINDS[transfer.kind].webhook ?? transfer.kind) : 'transfer';
  const isPayout = subject === 'payout';
  return {
    accountId: side.accountId,
    environment: transfer.environment,
    type: `${subject}.${transfer.status}` as WebhookEventType,
    // A payout is a /v1 object: its event carries it (decision 047). Transfers and settlements keep their own shape.
    data: isPayout
      ? payoutEventData(transfer)
      : {
          id: transfer.id,
          kind: transfer.kind,
          direction: side.direction,
          status: transfer.status,
          amount: Number(transfer.amount),
          // The charge is the sender's: a received transfer shows none.
          charge: side.direction === 'out' ? Number(transfer.charge) : 0,
          currency: transfer.currency,
          reason: transfer.reason,
          failure_reason: transfer.failure_reason,
          counterparty: counterpartyOf(transfer, side.other),
          environment: transfer.environment,
          created_at: new Date(transfer.created_at).toISOString(),
          completed_at: transfer.completed_at ? new Date(transfer.completed_at).toISOString() : null,
        },
  };
}

/** Queues the event of a transfer's status (transferEvent) in the transaction that set it. */
export async function queueTransferEvent(
  trx: Transaction<Database>,
  transfer: EventTransfer,
  side: { accountId: string; direction: 'out' | 'in'; other?: Party },
): Promise<void> {
  await queueWebhookEvent(trx, transferEvent(transfer, side));
}
