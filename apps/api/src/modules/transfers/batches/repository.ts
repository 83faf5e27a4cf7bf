import type { BatchEventAction, BatchStatus } from '@sente/contracts/payout-batches';
import type { RowIssue } from '@sente/contracts/payout-batches-check';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { MoneyScope } from '../../../lib/money-scope.ts';
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
