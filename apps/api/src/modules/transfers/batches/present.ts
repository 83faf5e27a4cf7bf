import { markRegisteredName, maskRegisteredName } from '@sente/contracts/name-check';
import type { BatchListItem, BatchRow, PayoutBatch } from '@sente/contracts/payout-batches';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { merchantBalances } from '../../money/ledger.ts';
import { returnedAmount } from './public-object.ts';
import { type BatchRecord, type BatchRowView, batchEvents, memberNames, retryLinks, rowCounts } from './repository.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A row as the batch screen shows it: the registered name masked, never in full, its differing words marked. */
export function presentRow(row: BatchRowView): BatchRow {
  return {
    id: row.id,
    row: row.position,
    phone: row.phone,
    amount: row.amount,
    name: row.name,
    reference: row.reference,
    narrative: row.narrative,
    issues: row.issues,
    name_check: row.name_check,
    registered_name: row.registered_name ? maskRegisteredName(row.registered_name) : null,
    registered_name_words: row.registered_name ? markRegisteredName(row.name, row.registered_name) : null,
    name_accepted_by: row.name_accepted_by,
    status: row.status,
    transfer_id: row.transfer_id,
    provider_reference: row.provider_reference,
    failure_reason: row.failure_reason,
  };
}

/** Who is looking: a member (what they may do is answered), or an API key (which may do nothing but read). */
export type Viewer = { userId: string; canMove: boolean } | null;

/** The batch as its list shows it, with its counts. */
export async function presentListItem(db: Kysely<Database>, batch: BatchRecord, maxAmount: number): Promise<BatchListItem> {
  const [{ failed_amount, ...counts }, names] = await Promise.all([
    rowCounts(db, batch.id),
    memberNames(db, [batch.maker_id, batch.approver_id]),
  ]);
  const member = (id: string | null) => (id ? { id, name: names.get(id) ?? '' } : null);
  return {
    id: batch.id,
    reference: batch.reference,
    status: batch.status,
    source: batch.source,
    file_name: batch.file_name,
    created_at: iso(batch.created_at)!,
    submitted_at: iso(batch.submitted_at),
    expires_at: iso(batch.expires_at),
    approved_at: iso(batch.approved_at),
    finished_at: iso(batch.finished_at),
    maker: member(batch.maker_id),
    approver: member(batch.approver_id),
    rejection_reason: batch.rejection_reason,
    total_amount: Number(batch.total_amount),
    // The charges of the payable rows: error_count counts the rows with an error, which the total leaves out.
    total_charges: Number(batch.charge_per_row) * (batch.row_count - batch.error_count),
    charge_per_row: Number(batch.charge_per_row),
    paid_amount: Number(batch.paid_amount),
    returned_amount: returnedAmount(batch, counts.failed, failed_amount),
    max_amount: maxAmount,
    counts: {
      rows: batch.row_count,
      errors: batch.error_count,
      warnings: batch.warning_count,
      ...counts,
    },
  };
}

/** The whole batch for its page: its counts, what the viewer may do now, and its history. */
export async function presentBatch(
  db: Kysely<Database>,
  batch: BatchRecord,
  viewer: Viewer,
  maxAmount: number,
): Promise<PayoutBatch> {
  const [item, events, balances, links] = await Promise.all([
    presentListItem(db, batch, maxAmount),
    batchEvents(db, batch.id),
    merchantBalances(db, batch.account_id),
    retryLinks(db, batch),
  ]);
  const mover = viewer?.canMove === true;
  const isMaker = viewer !== null && viewer.userId === batch.maker_id;
  const awaiting = batch.status === 'submitted' && batch.expires_at !== null && new Date(batch.expires_at) > new Date();
  const ready =
    item.counts.rows > 0 && item.counts.errors === 0 && item.counts.names_pending === 0 && item.counts.names_blocking === 0;
  return {
    ...item,
    ...links,
    wallet_balance: balances.UGX[batch.environment],
    can: {
      edit: mover && isMaker && batch.status === 'draft',
      submit: mover && isMaker && batch.status === 'draft' && ready,
      approve: mover && !isMaker && awaiting,
      reject: mover && !isMaker && awaiting,
      retry: mover && item.counts.failed > 0 && ['completed', 'partially_completed', 'failed'].includes(batch.status),
    },
    events: events.map((event) => ({
      at: new Date(event.created_at).toISOString(),
      actor: event.firstname === null ? null : `${event.firstname} ${event.lastname ?? ''}`.trim(),
      action: event.action,
      row: event.position,
      detail: event.detail,
    })),
  };
}
