import { formatMoney, formatNumber } from '@sente/contracts/format';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { compareNames } from '@sente/contracts/name-check';
import { formatPhone, mobileMoneyNumber } from '@sente/contracts/payments';
import { type BatchRowInput, BATCH_MESSAGES as M } from '@sente/contracts/payout-batches';
import {
  BATCH_COLUMNS,
  type BatchRowValues,
  batchAmount,
  checkBatchRows,
  type RowIssue,
} from '@sente/contracts/payout-batches-check';
import { PAYOUT_RULE_MESSAGES } from '@sente/contracts/payout-rules';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { MemberInScope } from '../../../lib/actor.ts';
import { badRequest, notFound } from '../../../lib/http-error.ts';
import { isUuid } from '../../../lib/ids.ts';
import { readPayoutRules } from '../payout-rules.ts';
import type { PayoutBatchesTable, PayoutBatchRowsTable } from '../tables.ts';
import {
  allRows,
  type BatchRecord,
  type BatchRowRecord,
  batchAccountId,
  deleteBatch,
  deleteRow,
  findBatch,
  findRow,
  insertBatch,
  insertRows,
  recordEvent,
  referenceTaken,
  saveChecks,
  updateRow,
} from './repository.ts';
import type { SheetRow } from './sheet.ts';

/** The columns of a row of text values: its number and amount as the providers take them, its name check to come. */
export function rowColumns(
  values: BatchRowValues,
): Pick<
  Insertable<PayoutBatchRowsTable>,
  'phone' | 'amount' | 'name' | 'reference' | 'narrative' | 'msisdn' | 'amount_value' | 'due_at'
> {
  const msisdn = mobileMoneyNumber(values.phone);
  return {
    ...values,
    msisdn,
    amount_value: batchAmount(values.amount),
    // A number a provider takes is looked up by the worker at once; another waits until it is corrected.
    due_at: msisdn ? new Date() : null,
  };
}

/** "1 row", "1,250 rows". */
export const rowsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'row' : 'rows'}`;

/** A removed row as the history shows it: the name, the phone and the amount as the screens format them. */
function removedRowText(row: Pick<BatchRowRecord, 'name' | 'phone' | 'amount'>): string {
  const amount = batchAmount(row.amount);
  const phone = row.phone ? formatPhone(row.phone) : '';
  return [row.name, phone, amount === null ? row.amount : formatMoney(amount)].filter(Boolean).join(', ');
}

/** A batch reference free in the scope: the one asked for, or the file's name with " (2)", " (3)"… when it is taken. */
async function freeReference(db: Kysely<Database>, actor: MemberInScope, wanted: string, strict: boolean): Promise<string> {
  if (!(await referenceTaken(db, actor, wanted))) return wanted;
  if (strict) throw badRequest(M.referenceTaken);
  for (let copy = 2; copy < 1_000; copy += 1) {
    const candidate = `${wanted} (${copy})`;
    if (!(await referenceTaken(db, actor, candidate))) return candidate;
  }
  throw badRequest(M.referenceTaken);
}

/**
 * Checks every row of a draft across the batch again (contracts checkBatchRows: one row's change can make or end
 * another's duplicate) and writes the issues that changed, with the batch's counts and total.
 */
export async function recheck(trx: Transaction<Database>, batchId: string, maxAmount: number): Promise<void> {
  const rows = await allRows(trx, batchId);
  const issues = [...checkBatchRows(rows, maxAmount), ...(await overPayoutCap(trx, batchId, rows))];
  issues.sort((a, b) => a.row - b.row);
  const byRow = new Map<number, RowIssue[]>();
  for (const issue of issues) byRow.set(issue.row, [...(byRow.get(issue.row) ?? []), issue]);
  const changed = rows
    .map((row) => ({ id: row.id, issues: byRow.get(row.position) ?? [] }))
    .filter((row, index) => JSON.stringify(row.issues) !== JSON.stringify(rows[index]!.issues));
  const failing = new Set(issues.filter((issue) => issue.severity === 'error').map((issue) => issue.row));
  const warnings = new Set(issues.filter((issue) => issue.severity === 'warning').map((issue) => issue.row)).size;
  // The total is what would be paid: a row with an error is not payable until it is fixed (its charge neither).
  const amount = rows.reduce((sum, row) => sum + (failing.has(row.position) ? 0 : Number(row.amount_value ?? 0)), 0);
  await saveChecks(trx, batchId, changed, { rows: rows.length, amount, errors: failing.size, warnings });
}

/**
 * The rows over the account's cap per payout (decision 065), as errors of their amount: the approval would refuse the
 * batch for them, so the draft says which they are.
 */
async function overPayoutCap(trx: Transaction<Database>, batchId: string, rows: BatchRowRecord[]): Promise<RowIssue[]> {
  const cap = (await readPayoutRules(trx, await batchAccountId(trx, batchId))).per_payout_cap;
  if (cap === null) return [];
  return rows
    .filter((row) => row.amount_value !== null && Number(row.amount_value) > cap)
    .map((row) => ({
      row: row.position,
      field: 'amount',
      code: 'over_payout_cap',
      severity: 'error',
      message: PAYOUT_RULE_MESSAGES.overPerPayoutCap(cap),
    }));
}

type DraftOptions = { db: Kysely<Database>; charge: number; maxAmount: number };

/**
 * The drafts of payout batches (decision 066): made from a sheet (or /v1's rows), corrected row by row and discarded by
 * the member who made them, every change checked across the batch and recorded.
 */
export function createDrafts({ db, charge, maxAmount }: DraftOptions) {
  /** A draft of the actor's, locked for the change; another member's, or a batch past its draft, is refused. */
  async function ownDraft(trx: Transaction<Database>, actor: MemberInScope, id: string): Promise<BatchRecord> {
    const batch = isUuid(id) ? await findBatch(trx, actor, id, true) : undefined;
    if (!batch) throw notFound(M.notFound);
    if (batch.status !== 'draft' || batch.maker_id !== actor.userId) throw badRequest(M.notDraft);
    return batch;
  }

  return {
    ownDraft,

    /**
     * A new batch of the sheet's rows: a draft the maker corrects and submits (/v1 writes its own, api-batches.ts).
     * Answers the batch; its rows' names are looked up by the worker.
     */
    async create(
      actor: MemberInScope,
      sheet: { rows: SheetRow[]; fileName: string | null; reference: string | null; referenceStrict?: boolean },
      extra: Partial<Insertable<PayoutBatchesTable>> = {},
    ): Promise<BatchRecord> {
      if (sheet.rows.length === 0) throw badRequest(M.noRows);
      const wanted = sheet.reference?.trim() || sheet.fileName?.replace(/\.[^.]+$/, '').trim() || 'Payout batch';
      const strict = sheet.referenceStrict ?? Boolean(sheet.reference?.trim());
      const reference = await freeReference(db, actor, wanted.slice(0, 100), strict);
      return db.transaction().execute(async (trx) => {
        const batch = await insertBatch(trx, {
          account_id: actor.accountId,
          environment: actor.environment,
          reference,
          status: 'draft',
          source: 'dashboard',
          file_name: sheet.fileName,
          maker_id: actor.userId,
          charge_per_row: charge,
          idempotency_key: null,
          request_hash: null,
          ...extra,
        });
        // Two uploads under one reference at once: the second is told, as a taken reference is.
        if (!batch) throw badRequest(M.referenceTaken);
        await insertRows(
          trx,
          sheet.rows.map((row) => ({ batch_id: batch.id, position: row.position, ...rowColumns(row) })),
        );
        await recheck(trx, batch.id, maxAmount);
        await recordEvent(trx, {
          batchId: batch.id,
          actorId: actor.userId,
          action: 'uploaded',
          detail: `${rowsText(sheet.rows.length)}${sheet.fileName ? ` from ${sheet.fileName}` : ''}`,
        });
        return (await findBatch(trx, actor, batch.id))!;
      });
    },

    /** Corrects a row of the actor's draft: a new number is looked up again; a new name is compared again. */
    async editRow(actor: MemberInScope, id: string, rowId: string, input: BatchRowInput): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const batch = await ownDraft(trx, actor, id);
        const row = isUuid(rowId) ? await findRow(trx, batch.id, rowId, true) : undefined;
        if (!row) throw notFound(M.rowNotFound);
        const values = Object.fromEntries(BATCH_COLUMNS.map((column) => [column, input[column].trim()])) as BatchRowValues;
        const columns = rowColumns(values);
        const sameNumber = columns.msisdn === row.msisdn;
        const nameCheck = sameNumber
          ? row.registered_name && values.name !== row.name
            ? { name_check: compareNames(values.name, row.registered_name) }
            : {}
          : { name_check: 'pending' as const, registered_name: null };
        await updateRow(trx, row.id, {
          ...columns,
          ...nameCheck,
          ...(sameNumber ? { due_at: row.due_at } : {}),
          name_accepted_by: null,
          worker_attempts: 0,
        });
        await recheck(trx, batch.id, maxAmount);
        const changed = BATCH_COLUMNS.filter((column) => values[column] !== row[column]);
        await recordEvent(trx, {
          batchId: batch.id,
          actorId: actor.userId,
          action: 'row_edited',
          position: row.position,
          detail: changed.length ? `changed ${changed.join(', ')}` : 'no change',
        });
        return row.id;
      });
    },

    async removeRow(actor: MemberInScope, id: string, rowId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const batch = await ownDraft(trx, actor, id);
        const row = isUuid(rowId) ? await findRow(trx, batch.id, rowId, true) : undefined;
        if (!row) throw notFound(M.rowNotFound);
        await deleteRow(trx, row.id);
        await recheck(trx, batch.id, maxAmount);
        await recordEvent(trx, {
          batchId: batch.id,
          actorId: actor.userId,
          action: 'row_removed',
          position: row.position,
          detail: removedRowText(row).slice(0, 300),
        });
      });
    },

    /** Deletes the actor's draft: nothing of it moved money. */
    async discard(actor: MemberInScope, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const batch = await ownDraft(trx, actor, id);
        await deleteBatch(trx, batch.id);
      });
    },
  };
}

/** The cursor of a batch's rows: its last row's position in the sheet. */
export function rowCursor(position: number): string {
  return Buffer.from(JSON.stringify(['batch_rows', position])).toString('base64url');
}

export function positionOf(cursor: string): number {
  try {
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parts) && parts[0] === 'batch_rows' && Number.isInteger(parts[1]) && parts[1] >= 0) {
      return parts[1] as number;
    }
  } catch {
    // Not ours: refused below, as any unreadable cursor.
  }
  throw badRequest(LINK_MESSAGES.invalidCursor);
}
