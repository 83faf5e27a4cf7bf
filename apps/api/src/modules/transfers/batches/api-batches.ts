import type { Page } from '@sente/contracts/api';
import {
  BATCH_API_MESSAGES as API,
  type ApiPayoutBatch,
  type ApiPayoutBatchRow,
  type PayoutBatchRequest,
} from '@sente/contracts/merchant-api-batches';
import { BATCH_MESSAGES as M } from '@sente/contracts/payout-batches';
import { BATCH_LIMITS, checkBatchRows, type RowIssue } from '@sente/contracts/payout-batches-check';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../../lib/http-error.ts';
import { requestHash, requireSameRequest } from '../../../lib/idempotency.ts';
import { isUuid } from '../../../lib/ids.ts';
import type { MoneyScope } from '../../../lib/money-scope.ts';
import { PAGE_SIZE } from '../../../lib/pagination.ts';
import { emit } from '../../events/events.ts';
import { alertApprovers } from '../approvals/batch.ts';
import { positionOf, recheck, rowColumns, rowCursor } from './drafts.ts';
import { toApiPayoutBatch, toApiPayoutBatchRow } from './public-object.ts';
import {
  type BatchRecord,
  batchByIdempotencyKey,
  countRows,
  findBatch,
  insertBatch,
  insertRows,
  recordEvent,
  rowCounts,
  rowsPage,
} from './repository.ts';
import type { SheetRow } from './sheet.ts';

type Options = { db: Kysely<Database>; charge: number; maxAmount: number };

/** The 400 of a request with rows in error: every error by row and field, nothing made. */
function rowsRefused(errors: RowIssue[]): HttpError {
  const rows = new Set(errors.map((issue) => issue.row)).size;
  return new HttpError(400, API.rowsRefused(rows), {
    errors: errors.map((issue) => `Row ${issue.row}, ${issue.field}: ${issue.message}`),
    problems: errors.map(({ row, field, code, message }) => ({ row, field, code, message })),
  });
}

/**
 * Payout batches through /v1: an API key proposes a batch, written at once as submitted, which a member
 * approves or rejects in the dashboard (approval.ts); an API key never approves. Its rows are checked by the same rules
 * as a sheet's (contracts checkBatchRows), and their names looked up by the worker as an upload's are.
 */
export function createApiBatches({ db, charge, maxAmount }: Options) {
  async function found(scope: MoneyScope, id: string): Promise<BatchRecord> {
    const batch = isUuid(id) ? await findBatch(db, scope, id) : undefined;
    if (!batch) throw notFound(API.batchNotFound);
    return batch;
  }

  const present = async (batch: BatchRecord): Promise<ApiPayoutBatch> => toApiPayoutBatch(batch, await rowCounts(db, batch.id));

  /** The batch an earlier request with this key made, if any; the same key with another request is a 409. */
  async function earlier(scope: MoneyScope, key: string, hash: string): Promise<BatchRecord | undefined> {
    const batch = await batchByIdempotencyKey(db, scope, key);
    if (batch) requireSameRequest(batch.request_hash, hash);
    return batch;
  }

  /** Writes the batch, already submitted (its approval request expires after 72 hours), its rows and its event. */
  async function write(scope: MoneyScope, input: { reference: string; rows: SheetRow[] }, key: string, hash: string) {
    const now = new Date();
    return db.transaction().execute(async (trx) => {
      const batch = await insertBatch(trx, {
        account_id: scope.accountId,
        environment: scope.environment,
        reference: input.reference,
        status: 'submitted',
        source: 'api',
        file_name: null,
        maker_id: null,
        charge_per_row: charge,
        idempotency_key: key,
        request_hash: hash,
        submitted_at: now,
        expires_at: new Date(now.getTime() + BATCH_LIMITS.approvalHours * 3_600_000),
      });
      // The reference is taken, or a twin request with the same key committed first (answered by the caller).
      if (!batch) throw badRequest(M.referenceTaken);
      await insertRows(
        trx,
        input.rows.map((row) => ({ batch_id: batch.id, position: row.position, ...rowColumns(row) })),
      );
      await recheck(trx, batch.id, maxAmount);
      const detail = `${input.rows.length.toLocaleString('en-US')} rows`;
      await recordEvent(trx, { batchId: batch.id, actorId: null, action: 'created_by_api', detail });
      await recordEvent(trx, { batchId: batch.id, actorId: null, action: 'submitted' });
      await emit(trx, { type: 'batch.changed', batchId: batch.id, step: 'submitted' });
      await alertApprovers(trx, batch.id);
      return batch.id;
    });
  }

  return {
    /**
     * POST /v1/payout-batches: a retry with the same Idempotency-Key and body answers the first batch; a body with a row
     * in error is refused whole, with every error by row and field.
     */
    async propose(
      scope: MoneyScope,
      input: PayoutBatchRequest,
      key: string,
    ): Promise<{ batch: ApiPayoutBatch; replayed: boolean }> {
      const hash = requestHash({ kind: 'payout_batch', ...input });
      const first = await earlier(scope, key, hash);
      if (first) return { batch: await present(first), replayed: true };
      const rows: SheetRow[] = input.rows.map((row, index) => ({
        position: index + 1,
        phone: row.phone.trim(),
        amount: String(row.amount),
        name: row.name.trim(),
        reference: row.reference?.trim() ?? '',
        narrative: row.narrative?.trim() ?? '',
      }));
      const errors = checkBatchRows(rows, maxAmount).filter((issue) => issue.severity === 'error');
      if (errors.length > 0) throw rowsRefused(errors);
      try {
        const id = await write(scope, { reference: input.reference, rows }, key, hash);
        return { batch: await present((await findBatch(db, scope, id))!), replayed: false };
      } catch (error) {
        // Two requests with the same key at once: the one that lost answers the winner's batch, as a retry would.
        const twin = await earlier(scope, key, hash);
        if (twin) return { batch: await present(twin), replayed: true };
        throw error;
      }
    },

    async batch(scope: MoneyScope, id: string): Promise<ApiPayoutBatch> {
      return present(await found(scope, id));
    },

    /** The batch's rows in their order, PAGE_SIZE a page, after the cursor's row. */
    async rows(scope: MoneyScope, id: string, cursor: string | undefined): Promise<Page<ApiPayoutBatchRow>> {
      const batch = await found(scope, id);
      const after = cursor === undefined ? null : positionOf(cursor);
      const [rows, total] = await Promise.all([
        rowsPage(db, batch.id, 'all', after, PAGE_SIZE + 1),
        countRows(db, batch.id, 'all'),
      ]);
      const page = rows.slice(0, PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map(toApiPayoutBatchRow),
        lastCursor: last ? rowCursor(last.position) : null,
        nextCursor: rows.length > PAGE_SIZE && last ? rowCursor(last.position) : null,
        totalItems: total,
        totalPages: Math.ceil(total / PAGE_SIZE),
      };
    },
  };
}

export type ApiBatches = ReturnType<typeof createApiBatches>;
