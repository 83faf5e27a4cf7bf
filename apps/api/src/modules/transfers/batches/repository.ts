import type { Environment } from '@sente/contracts/constants';
import type { BatchEventAction, BatchStatus } from '@sente/contracts/payout-batches';
import type { RowIssue } from '@sente/contracts/payout-batches-check';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { ClaimTime } from '../../../lib/due-work.ts';
import type { MoneyScope } from '../../../lib/money-scope.ts';
import type { TransfersTable } from '../../money/tables.ts';
import type { PayoutBatchesTable, PayoutBatchRowsTable } from '../tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type BatchRecord = Selectable<PayoutBatchesTable>;
export type BatchRowRecord = Selectable<PayoutBatchRowsTable>;
/** A row with its transfer's provider reference, as the rows page and the result read it. */
export type BatchRowView = BatchRowRecord & { transfer_id: string | null; provider_reference: string | null };

/** Rows are written this many per statement: a 5,000-row sheet in five. */
const INSERT_CHUNK = 1_000;

/** The batch of the scope (another account's or environment's is none); `lock` takes its row for the transaction. */
export async function findBatch(db: Db, scope: MoneyScope, id: string, lock = false): Promise<BatchRecord | undefined> {
  let query = db
    .selectFrom('payout_batches')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertBatch(trx: Transaction<Database>, batch: Insertable<PayoutBatchesTable>) {
  return trx
    .insertInto('payout_batches')
    .values(batch)
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function insertRows(trx: Transaction<Database>, rows: Insertable<PayoutBatchRowsTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await trx
      .insertInto('payout_batch_rows')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

export async function recordEvent(
  db: Db,
  event: { batchId: string; actorId: string | null; action: BatchEventAction; position?: number | null; detail?: string | null },
): Promise<void> {
  await db
    .insertInto('payout_batch_events')
    .values({
      batch_id: event.batchId,
      actor_id: event.actorId,
      action: event.action,
      position: event.position ?? null,
      detail: event.detail ?? null,
    })
    .execute();
}

/** Every row of a batch in sheet order, for the checks across the batch. */
export async function allRows(db: Db, batchId: string): Promise<BatchRowRecord[]> {
  return db.selectFrom('payout_batch_rows').selectAll().where('batch_id', '=', batchId).orderBy('position').execute();
}

/** Writes the issues of the rows whose issues changed, and the batch's counts and total. */
export async function saveChecks(
  trx: Transaction<Database>,
  batchId: string,
  changed: { id: string; issues: RowIssue[] }[],
  totals: { rows: number; amount: number; errors: number; warnings: number },
): Promise<void> {
  for (const row of changed) {
    await trx
      .updateTable('payout_batch_rows')
      .set({ issues: JSON.stringify(row.issues) })
      .where('id', '=', row.id)
      .execute();
  }
  await trx
    .updateTable('payout_batches')
    .set({
      row_count: totals.rows,
      total_amount: totals.amount,
      error_count: totals.errors,
      warning_count: totals.warnings,
      updated_at: new Date(),
    })
    .where('id', '=', batchId)
    .execute();
}

/** The counts of a batch's rows by name check and status, in one pass over its rows. */
export async function rowCounts(db: Db, batchId: string) {
  const { rows } = await sql<{
    names_pending: number;
    names_blocking: number;
    mismatches: number;
    mismatches_accepted: number;
    queued: number;
    sent: number;
    paid: number;
    failed: number;
    failed_amount: string;
  }>`
    select count(*) filter (where name_check = 'pending' and msisdn is not null)::int as names_pending,
           count(*) filter (where name_check in ('not_registered', 'barred'))::int as names_blocking,
           count(*) filter (where name_check = 'mismatch')::int as mismatches,
           count(*) filter (where name_check = 'mismatch' and name_accepted_by is not null)::int as mismatches_accepted,
           count(*) filter (where status = 'queued')::int as queued,
           count(*) filter (where status = 'sent')::int as sent,
           count(*) filter (where status = 'paid')::int as paid,
           count(*) filter (where status = 'failed')::int as failed,
           coalesce(sum(amount_value) filter (where status = 'failed'), 0)::text as failed_amount
      from payout_batch_rows where batch_id = ${batchId}`.execute(db);
  return rows[0]!;
}

const ROW_VIEW_FILTERS = {
  all: sql`true`,
  issues: sql`jsonb_array_length(r.issues) > 0 or r.name_check in ('mismatch', 'not_registered', 'barred')`,
  names: sql`r.name_check not in ('match', 'pending')`,
  failed: sql`r.status = 'failed'`,
} as const;
export type RowView = keyof typeof ROW_VIEW_FILTERS;

/** Up to `limit` rows of a batch after `afterPosition` in sheet order, with their transfers' references. */
export async function rowsPage(
  db: Db,
  batchId: string,
  view: RowView,
  afterPosition: number | null,
  limit: number,
): Promise<BatchRowView[]> {
  const { rows } = await sql<BatchRowView>`
    select r.*, t.id as transfer_id, t.provider_reference
      from payout_batch_rows r
      left join transfers t on t.batch_row_id = r.id
     where r.batch_id = ${batchId} and (${ROW_VIEW_FILTERS[view]})
       ${afterPosition === null ? sql`` : sql`and r.position > ${afterPosition}`}
     order by r.position
     limit ${limit}`.execute(db);
  return rows;
}

export async function countRows(db: Db, batchId: string, view: RowView): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total from payout_batch_rows r where r.batch_id = ${batchId} and (${ROW_VIEW_FILTERS[view]})`.execute(
    db,
  );
  return rows[0]?.total ?? 0;
}

export async function findRow(db: Db, batchId: string, rowId: string, lock = false): Promise<BatchRowRecord | undefined> {
  let query = db.selectFrom('payout_batch_rows').selectAll().where('batch_id', '=', batchId).where('id', '=', rowId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function rowView(db: Db, rowId: string): Promise<BatchRowView> {
  const { rows } = await sql<BatchRowView>`
    select r.*, t.id as transfer_id, t.provider_reference
      from payout_batch_rows r left join transfers t on t.batch_row_id = r.id
     where r.id = ${rowId}`.execute(db);
  return rows[0]!;
}

/** The batch's steps, oldest first, with the member's name; the rows' own outcomes stay on the rows. */
export async function batchEvents(db: Db, batchId: string) {
  return db
    .selectFrom('payout_batch_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.created_at', 'e.action', 'e.position', 'e.detail', 'u.firstname', 'u.lastname'])
    .where('e.batch_id', '=', batchId)
    .where('e.action', 'not in', ['row_paid', 'row_failed'])
    .orderBy('e.id')
    .limit(500)
    .execute();
}

export async function memberNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const users = await db.selectFrom('users').select(['id', 'firstname', 'lastname']).where('id', 'in', wanted).execute();
  return new Map(users.map((user) => [user.id, `${user.firstname} ${user.lastname}`.trim()]));
}

/** A page of the scope's batches after the cursor, newest first, by payout_batches_list_idx. */
export async function batchesPage(
  db: Db,
  scope: MoneyScope,
  status: BatchStatus | undefined,
  after: { createdAt: string; id: string } | null,
  limit: number,
) {
  const { rows } = await sql<BatchRecord & { cursor_ts: string }>`
    select b.*, b.created_at::text as cursor_ts from payout_batches b
     where b.account_id = ${scope.accountId} and b.environment = ${scope.environment}
       ${status ? sql`and b.status = ${status}` : sql``}
       ${after ? sql`and (b.created_at, b.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
     order by b.created_at desc, b.id desc
     limit ${limit}`.execute(db);
  return rows;
}

export async function countBatches(db: Db, scope: MoneyScope, status: BatchStatus | undefined): Promise<number> {
  let query = db
    .selectFrom('payout_batches')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment);
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirst())?.total ?? 0);
}

/** Whether the scope already has a batch with this reference. */
export async function referenceTaken(db: Db, scope: MoneyScope, reference: string): Promise<boolean> {
  const found = await db
    .selectFrom('payout_batches')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .where('reference', '=', reference)
    .executeTakeFirst();
  return found !== undefined;
}

/** The batch a retry pays again, and the retries made of a batch, oldest first: each its id and reference. */
export async function retryLinks(db: Db, batch: Pick<BatchRecord, 'id' | 'retry_of'>) {
  const [original, retries] = await Promise.all([
    batch.retry_of
      ? db.selectFrom('payout_batches').select(['id', 'reference']).where('id', '=', batch.retry_of).executeTakeFirst()
      : undefined,
    db
      .selectFrom('payout_batches')
      .select(['id', 'reference'])
      .where('retry_of', '=', batch.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return { retry_of: original ?? null, retries };
}

/** A batch of any account by its id (for the worker and completion, which hold no scope). */
export async function batchById(trx: Db, batchId: string): Promise<BatchRecord> {
  return trx.selectFrom('payout_batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
}

/** The batch an API request with this idempotency key made in the scope, if any. */
export async function batchByIdempotencyKey(db: Db, scope: MoneyScope, key: string): Promise<BatchRecord | undefined> {
  return db
    .selectFrom('payout_batches')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function batchAccountId(trx: Db, batchId: string): Promise<string> {
  return (await trx.selectFrom('payout_batches').select('account_id').where('id', '=', batchId).executeTakeFirstOrThrow())
    .account_id;
}

export async function deleteBatch(trx: Db, batchId: string): Promise<void> {
  await trx.deleteFrom('payout_batches').where('id', '=', batchId).execute();
}

export async function updateRow(trx: Db, rowId: string, values: Updateable<PayoutBatchRowsTable>): Promise<void> {
  await trx.updateTable('payout_batch_rows').set(values).where('id', '=', rowId).execute();
}

export async function deleteRow(trx: Db, rowId: string): Promise<void> {
  await trx.deleteFrom('payout_batch_rows').where('id', '=', rowId).execute();
}

/** A batch's failed rows in sheet order, as the sheet gave them, for a retry batch. */
export async function failedRows(db: Db, batchId: string) {
  return db
    .selectFrom('payout_batch_rows')
    .select(['position', 'phone', 'amount', 'name', 'reference', 'narrative'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'failed')
    .orderBy('position')
    .execute();
}

/** A row of the result workbook: the row, its transfer's reference, completion and charge, and its position as text. */
export type ResultRow = BatchRowView & { cursor_ts: string; completed_at: Date | null; charge: string | null };

/** Up to `limit` of a batch's rows after position `after`, each with its transfer's outcome. */
export async function resultRows(db: Db, batchId: string, after: number, limit: number): Promise<ResultRow[]> {
  const { rows } = await sql<ResultRow>`
    select r.*, r.position::text as cursor_ts, t.id as transfer_id, t.provider_reference, t.completed_at,
           t.charge::text as charge
      from payout_batch_rows r left join transfers t on t.batch_row_id = r.id
     where r.batch_id = ${batchId} and r.position > ${after}
     order by r.position limit ${limit}`.execute(db);
  return rows;
}

/** A claimed row of the worker's batch work: what its name check or its payout needs. */
export type ClaimedRow = {
  id: string;
  batch_id: string;
  position: number;
  msisdn: string | null;
  name: string;
  amount_value: string | null;
  narrative: string;
  worker_attempts: number;
  account_id: string;
  environment: Environment;
  reference: string;
  maker_id: string | null;
  charge_per_row: string;
};

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
const DUE = sql`greatest(r.due_at, r.worker_next_attempt_at)`;

/** Claims and leases up to `limit` due rows of batches in `status` (draft: their name checks; paying: their payouts). */
export async function claimDueRows(db: Kysely<Database>, which: 'names' | 'payouts', limit: number, time: ClaimTime) {
  const condition =
    which === 'names' ? sql`r.status = 'draft' and r.name_check = 'pending' and r.msisdn is not null` : sql`r.status = 'queued'`;
  const { rows } = await sql<ClaimedRow>`
    with due as (
      select r.id from payout_batch_rows r
       where r.due_at is not null and ${DUE} <= ${at(time.now)} and ${condition}
       order by ${DUE}
       limit ${limit}
       for update skip locked
    )
    update payout_batch_rows r
       set worker_next_attempt_at = ${at(time.leaseUntil)}
      from due, payout_batches b
     where r.id = due.id and b.id = r.batch_id
    returning r.id, r.batch_id, r.position, r.msisdn, r.name, r.amount_value, r.narrative, r.worker_attempts,
              b.account_id, b.environment, b.reference, b.maker_id, b.charge_per_row`.execute(db);
  return rows;
}

/** A claimed row's failed attempt: counted, and due again at `next`. */
export async function deferRow(db: Db, rowId: string, attempts: number, next: Date): Promise<void> {
  await db
    .updateTable('payout_batch_rows')
    .set({ worker_attempts: attempts, worker_next_attempt_at: next })
    .where('id', '=', rowId)
    .execute();
}

/** Writes a row's name check unless its number or check changed meanwhile (a correction), and takes it off the worker's list. */
export async function saveNameCheck(
  db: Db,
  row: { id: string; msisdn: string | null },
  found: Pick<Updateable<PayoutBatchRowsTable>, 'name_check' | 'registered_name'>,
): Promise<void> {
  await db
    .updateTable('payout_batch_rows')
    .set({ ...found, due_at: null, worker_next_attempt_at: null })
    .where('id', '=', row.id)
    .where('msisdn', '=', row.msisdn)
    .where('name_check', '=', 'pending')
    .execute();
}

/** Writes a row's transfer once: a second insert for the same row (`batch_row_id` is unique) writes nothing. */
export async function insertRowTransfer(trx: Transaction<Database>, transfer: Insertable<TransfersTable>) {
  return trx
    .insertInto('transfers')
    .values(transfer)
    .onConflict((conflict) => conflict.column('batch_row_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** A queued row became its transfer: sent, off the worker's list. */
export async function markRowSent(trx: Transaction<Database>, rowId: string): Promise<void> {
  await trx
    .updateTable('payout_batch_rows')
    .set({ status: 'sent', due_at: null, worker_next_attempt_at: null })
    .where('id', '=', rowId)
    .where('status', '=', 'queued')
    .execute();
}

/** A row's outcome, from its completed transfer; answers its position. */
export async function setRowOutcome(trx: Transaction<Database>, rowId: string, paid: boolean, failureReason: string | null) {
  return trx
    .updateTable('payout_batch_rows')
    .set({ status: paid ? 'paid' : 'failed', failure_reason: failureReason })
    .where('id', '=', rowId)
    .returning(['position'])
    .executeTakeFirstOrThrow();
}

/** Counts a row's outcome into its batch's counts and paid amount; answers the batch's counts after it. */
export async function countRowOutcome(trx: Transaction<Database>, batchId: string, paid: boolean, amount: number) {
  const { rows } = await sql<{
    row_count: number;
    paid_count: number;
    failed_count: number;
    paid_amount: string;
    charge_per_row: string;
  }>`
    update payout_batches
       set paid_count = paid_count + ${paid ? 1 : 0}, failed_count = failed_count + ${paid ? 0 : 1},
           paid_amount = paid_amount + ${paid ? amount : 0}, updated_at = now()
     where id = ${batchId}
    returning row_count, paid_count, failed_count, paid_amount, charge_per_row`.execute(trx);
  return rows[0]!;
}

export async function finishBatch(
  trx: Transaction<Database>,
  batchId: string,
  status: 'completed' | 'failed' | 'partially_completed',
): Promise<void> {
  await trx.updateTable('payout_batches').set({ status, finished_at: new Date() }).where('id', '=', batchId).execute();
}

/** The largest amount of a batch's rows (null for none). */
export async function largestRowAmount(trx: Db, batchId: string) {
  const { largest } = await trx
    .selectFrom('payout_batch_rows')
    .select((eb) => eb.fn.max('amount_value').as('largest'))
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return largest;
}

export async function batchErrorCount(trx: Db, batchId: string): Promise<number> {
  return (await trx.selectFrom('payout_batches').select('error_count').where('id', '=', batchId).executeTakeFirst())!.error_count;
}

/**
 * Queues every row of an approved batch for the worker in sheet order, `size` rows due every `intervalMs` from `now`
 * (a size below one counts as one).
 */
export async function queueRowsPaced(
  trx: Transaction<Database>,
  batchId: string,
  now: Date,
  pacing: { size: number; intervalMs: number },
): Promise<void> {
  await sql`
    update payout_batch_rows r
       set status = 'queued', worker_attempts = 0, worker_next_attempt_at = null,
           due_at = ${now.toISOString()}::timestamptz
                    + ((o.n - 1) / ${Math.max(1, pacing.size)}) * (${pacing.intervalMs} * interval '1 millisecond')
      from (select id, row_number() over (order by position) as n
              from payout_batch_rows where batch_id = ${batchId}) o
     where r.id = o.id`.execute(trx);
}

export async function markBatchPaying(trx: Transaction<Database>, batchId: string, approverId: string, now: Date) {
  await trx
    .updateTable('payout_batches')
    .set({ status: 'paying', approver_id: approverId, approved_at: now, updated_at: now })
    .where('id', '=', batchId)
    .execute();
}

export async function markBatchRejected(
  trx: Transaction<Database>,
  batchId: string,
  rejectedBy: string,
  reason: string,
  now: Date,
) {
  await trx
    .updateTable('payout_batches')
    .set({ status: 'rejected', rejected_by: rejectedBy, rejection_reason: reason, finished_at: now, updated_at: now })
    .where('id', '=', batchId)
    .execute();
}

/** A withdrawn batch is a draft again: no longer submitted, nothing to expire. */
export async function markBatchDraftAgain(trx: Transaction<Database>, batchId: string, now: Date) {
  await trx
    .updateTable('payout_batches')
    .set({ status: 'draft', submitted_at: null, expires_at: null, updated_at: now })
    .where('id', '=', batchId)
    .execute();
}

export async function markBatchSubmitted(trx: Transaction<Database>, batchId: string, now: Date, expires: Date) {
  await trx
    .updateTable('payout_batches')
    .set({ status: 'submitted', submitted_at: now, expires_at: expires, updated_at: now })
    .where('id', '=', batchId)
    .execute();
}

export async function acceptRowName(trx: Transaction<Database>, rowId: string, acceptedBy: string) {
  await trx.updateTable('payout_batch_rows').set({ name_accepted_by: acceptedBy }).where('id', '=', rowId).execute();
}

/**
 * Expires up to `limit` submitted batches whose approval request ran out by `now`, oldest first, skipping those another
 * worker holds; answers their ids.
 */
export async function expireDueBatches(trx: Transaction<Database>, now: Date, limit: number) {
  const { rows } = await sql<{ id: string }>`
    update payout_batches b set status = 'expired', finished_at = ${now.toISOString()}::timestamptz, updated_at = now()
      from (select id from payout_batches where status = 'submitted' and expires_at <= ${now.toISOString()}::timestamptz
             order by expires_at limit ${limit} for update skip locked) due
     where b.id = due.id
    returning b.id`.execute(trx);
  return rows;
}
