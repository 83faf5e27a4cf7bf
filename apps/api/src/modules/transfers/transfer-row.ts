import { API_KEY_CREATOR } from '@sente/contracts/merchant-api';
import { formatPhone } from '@sente/contracts/payments';
import { REFUND_MESSAGES } from '@sente/contracts/refunds';
import { maskBankAccountNumber, type TransferRow } from '@sente/contracts/transfers';
import { isDisbursement } from '../money/disbursements.ts';
import type { TransferListRecord } from './repository.ts';

/**
 * A transfer as the list, its cards and the export show it, from the side of `accountId`. A payout's phone goes through
 * `phone`: the display form, or the export's published one (decision 079).
 */
export function toTransferRow(
  row: TransferListRecord,
  accountId: string,
  phone: (stored: string) => string = formatPhone,
): TransferRow {
  const direction = row.account_id === accountId ? 'out' : 'in';
  let counterparty: string | null = null;
  if (row.kind === 'wallet_transfer') {
    counterparty =
      direction === 'out' ? `${row.recipient_name} (${row.recipient_number})` : `${row.sender_name} (${row.sender_number})`;
  } else if (row.kind === 'settlement' && row.bank_details) {
    counterparty = `${row.bank_details.bank_name} ${maskBankAccountNumber(row.bank_details.account_number)}`;
  } else if (isDisbursement(row.kind) && row.payout_msisdn) {
    // Stored as typed (a payout keeps the number it was asked for), shown in the one display form.
    counterparty = phone(row.payout_msisdn);
  } else if (row.kind === 'refund') {
    counterparty = REFUND_MESSAGES.toCard;
  }
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    kind: row.kind,
    direction,
    amount: Number(row.amount),
    // The charge is the sender's: a received transfer shows none.
    charge: direction === 'out' ? Number(row.charge) : 0,
    currency: row.currency,
    creator:
      row.creator_firstname === null
        ? API_KEY_CREATOR
        : { firstname: row.creator_firstname, lastname: row.creator_lastname ?? '' },
    reason: row.reason,
    status: row.status,
    counterparty,
    failure_reason: row.status === 'rejected' ? row.failure_reason : null,
    // The wallet transfer function (migration 022) answers its row without it: a wallet transfer has none.
    collection_id: row.collection_id ?? null,
    // Only the sender's side answers it; the recipient sees a pending transfer.
    approval:
      direction === 'out' && row.approval_status && row.approval_expires_at
        ? {
            status: row.approval_status,
            expires_at: new Date(row.approval_expires_at).toISOString(),
            requested_by: row.creator_id ?? null,
            answered_by:
              row.approver_firstname === null || row.approver_firstname === undefined
                ? null
                : { firstname: row.approver_firstname, lastname: row.approver_lastname ?? '' },
          }
        : null,
  };
}
