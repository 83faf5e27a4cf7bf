import type { Page } from '@sente/contracts/api';
import { roleHasRight } from '@sente/contracts/constants';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import {
  type BatchListItem,
  type BatchRow,
  type BatchStatus,
  BATCH_MESSAGES as M,
  type PayoutBatch,
} from '@sente/contracts/payout-batches';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database.ts';
import type { MemberInScope } from '../../../lib/actor.ts';
import { badRequest, notFound } from '../../../lib/http-error.ts';
import { isUuid } from '../../../lib/ids.ts';
import type { MoneyScope } from '../../../lib/money-scope.ts';
import { decodeCursor, encodeCursor, PAGE_SIZE } from '../../../lib/pagination.ts';
import type { PaymentProvider, ProviderRegistry } from '../../money/providers/provider.ts';
import type { Approvals } from '../approvals/service.ts';
import type { Complete } from '../completion.ts';
import { createDrafts, positionOf, rowCursor, rowsText } from './drafts.ts';
import { presentBatch, presentListItem, presentRow, type Viewer } from './present.ts';
import {
  type BatchRecord,
  batchesPage,
  countBatches,
  countRows,
  failedRows,
  findBatch,
  type RowView,
  recordEvent,
  rowsPage,
  rowView,
} from './repository.ts';
import { streamBatchResult } from './result.ts';
import { readSheet } from './sheet.ts';
import { createBatchWork, type HolderLookup } from './work.ts';

type Options = {
  db: Kysely<Database>;
  providers: ProviderRegistry;
  names: HolderLookup;
  /** The payout machinery the rows are completed and handed over by (transfers/service.ts). */
  moneyOut: {
    complete: Complete;
    send: (
      provider: PaymentProvider,
      payout: { id: string; account: string; amount: number; currency: 'UGX' },
      now: Date,
    ) => Promise<boolean>;
  };
  /** Submitting, answering and withdrawing a batch (approvals/, decision 071). */
  approvals: Approvals['batches'];
  charge: number;
  maxAmount: number;
  expirySeconds: number;
  batchSize: number;
  leaseMs: number;
  logger: Logger;
};

/**
 * Payout batches (decision 066): drafts from a sheet (drafts.ts), their approval by a second member (../approvals/), the
 * worker's name checks and payouts (work.ts), and what the batch screen and the result read.
 */
export function createBatchService(options: Options) {
  const { db, maxAmount } = options;
  const drafts = createDrafts({ db, charge: options.charge, maxAmount });
  const { approvals } = options;
  const work = createBatchWork({
    db,
    providers: options.providers,
    names: options.names,
    complete: options.moneyOut.complete,
    send: options.moneyOut.send,
    expirySeconds: options.expirySeconds,
    batchSize: options.batchSize,
    leaseMs: options.leaseMs,
    logger: options.logger,
  });

  async function found(scope: MoneyScope, id: string): Promise<BatchRecord> {
    const batch = isUuid(id) ? await findBatch(db, scope, id) : undefined;
    if (!batch) throw notFound(M.notFound);
    return batch;
  }

  /** A member as a batch's reader: who they are and whether their role may move money. */
  const viewerOf = (actor: MemberInScope | null): Viewer =>
    actor ? { userId: actor.userId, canMove: roleHasRight(actor.role, 'moveMoney') } : null;
  const answer = async (actor: MemberInScope, id: string): Promise<PayoutBatch> =>
    presentBatch(db, await found(actor, id), viewerOf(actor), maxAmount);

  return {
    answer,

    async upload(actor: MemberInScope, file: { buffer: Buffer; fileName: string | null }, reference: string | null) {
      const rows = await readSheet(file.buffer);
      const batch = await drafts.create(actor, { rows, fileName: file.fileName, reference });
      return presentBatch(db, batch, viewerOf(actor), maxAmount);
    },

    async list(scope: MoneyScope, query: { cursor?: string; status?: BatchStatus }): Promise<Page<BatchListItem>> {
      const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
      if (cursor && cursor.scope !== 'payout_batches') throw badRequest(LINK_MESSAGES.invalidCursor);
      const [rows, total] = await Promise.all([
        batchesPage(db, scope, query.status, cursor, PAGE_SIZE + 1),
        countBatches(db, scope, query.status),
      ]);
      const page = rows.slice(0, PAGE_SIZE);
      const last = page.at(-1);
      const next = rows.length > PAGE_SIZE && last ? { scope: 'payout_batches', createdAt: last.cursor_ts, id: last.id } : null;
      return {
        items: await Promise.all(page.map((batch) => presentListItem(db, batch, maxAmount))),
        lastCursor: last ? encodeCursor({ scope: 'payout_batches', createdAt: last.cursor_ts, id: last.id }) : null,
        nextCursor: next ? encodeCursor(next) : null,
        totalItems: total,
        totalPages: Math.ceil(total / PAGE_SIZE),
      };
    },

    async rows(scope: MoneyScope, id: string, query: { cursor?: string; show?: RowView }): Promise<Page<BatchRow>> {
      const batch = await found(scope, id);
      const after = query.cursor === undefined ? null : positionOf(query.cursor);
      const view = query.show ?? 'all';
      const [rows, total] = await Promise.all([
        rowsPage(db, batch.id, view, after, PAGE_SIZE + 1),
        countRows(db, batch.id, view),
      ]);
      const page = rows.slice(0, PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map(presentRow),
        lastCursor: last ? rowCursor(last.position) : null,
        nextCursor: rows.length > PAGE_SIZE && last ? rowCursor(last.position) : null,
        totalItems: total,
        totalPages: Math.ceil(total / PAGE_SIZE),
      };
    },

    async editRow(actor: MemberInScope, id: string, rowId: string, input: Parameters<typeof drafts.editRow>[3]) {
      const edited = await drafts.editRow(actor, id, rowId, input);
      return { row: presentRow(await rowView(db, edited)), batch: await answer(actor, id) };
    },

    async removeRow(actor: MemberInScope, id: string, rowId: string) {
      await drafts.removeRow(actor, id, rowId);
      return answer(actor, id);
    },

    discard: drafts.discard,

    async submit(actor: MemberInScope, id: string) {
      await approvals.submit(actor, id);
      return answer(actor, id);
    },

    async acceptName(actor: MemberInScope, id: string, rowId: string) {
      const accepted = await approvals.acceptName(actor, id, rowId);
      return { row: presentRow(await rowView(db, accepted)), batch: await answer(actor, id) };
    },

    async approve(actor: MemberInScope, id: string, pinToken: string) {
      await approvals.approve(actor, id, pinToken);
      return answer(actor, id);
    },

    async reject(actor: MemberInScope, id: string, reason: string) {
      await approvals.reject(actor, id, reason);
      return answer(actor, id);
    },

    async withdraw(actor: MemberInScope, id: string) {
      await approvals.withdraw(actor, id);
      return answer(actor, id);
    },

    /** A new draft of the batch's failed rows, made by the actor, to be submitted and approved again. */
    async retry(actor: MemberInScope, id: string) {
      const batch = await found(actor, id);
      if (!['completed', 'partially_completed', 'failed'].includes(batch.status)) throw badRequest(M.nothingToRetry);
      const failed = await failedRows(db, batch.id);
      if (failed.length === 0) throw badRequest(M.nothingToRetry);
      const copy = await drafts.create(
        actor,
        { rows: failed, fileName: batch.file_name, reference: `${batch.reference} retry`, referenceStrict: false },
        { retry_of: batch.id },
      );
      await recordEvent(db, {
        batchId: batch.id,
        actorId: actor.userId,
        action: 'retried',
        position: null,
        detail: `${rowsText(failed.length)} failed, paid again in ${copy.reference}`,
      });
      return presentBatch(db, copy, viewerOf(actor), maxAmount);
    },

    async result(scope: MoneyScope, id: string, log: Parameters<typeof streamBatchResult>[2]) {
      const batch = await found(scope, id);
      return { batch, stream: streamBatchResult(db, batch, log) };
    },

    /** The worker's pass: due name checks and payouts (expired approval requests are the approvals' pass). */
    async runDue(options: { now?: Date; signal?: AbortSignal } = {}) {
      return { expired: 0, ...(await work.run(options)) };
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
