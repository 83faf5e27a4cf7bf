import type { Readable } from 'node:stream';
import { kampalaWallClock } from '@sente/contracts/dates';
import { SPREADSHEET_FORMATS } from '@sente/contracts/format';
import { formatExportPhone } from '@sente/contracts/payments';
import { shownTransferStatus, TRANSFER_OPTIONS } from '@sente/contracts/transfers';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { reasonText } from '../../lib/rich-text.ts';
import { SPREADSHEET_DATE_COLUMN, streamWorkbook } from '../../lib/xlsx-stream.ts';
import { type TransfersWhere, transfersPage } from './repository.ts';
import { toTransferRow } from './transfer-row.ts';

/**
 * The settlements spreadsheet (GET /api/collections/smt_download): every transfer of the account, newest first, with
 * why a rejected settlement or failed payout did not go through.
 */
export function streamTransfersWorkbook(
  db: Kysely<Database>,
  scope: MoneyScope,
  where: TransfersWhere,
  logger: FastifyBaseLogger,
): Readable {
  return streamWorkbook(
    {
      name: 'Transfers',
      what: 'transfers',
      columns: [
        SPREADSHEET_DATE_COLUMN,
        { header: 'Type', key: 'type', width: 18 },
        { header: 'Direction', key: 'direction', width: 10 },
        { header: 'Currency', key: 'currency', width: 9 },
        { header: 'Amount', key: 'amount', width: 14, style: { numFmt: SPREADSHEET_FORMATS.money } },
        { header: 'Charge', key: 'charge', width: 10, style: { numFmt: SPREADSHEET_FORMATS.money } },
        { header: 'To / From', key: 'counterparty', width: 32 },
        { header: 'Created by', key: 'creator', width: 24 },
        { header: 'Reason', key: 'reason', width: 40 },
        { header: 'Status', key: 'status', width: 18 },
        { header: 'Failure reason', key: 'failure_reason', width: 40 },
      ],
      batch: (cursor, limit) => transfersPage(db, scope, cursor, limit, where),
      toRow: (record) => {
        // The sheet's cells are published: a payout's phone keeps its local form (decision 079).
        const row = toTransferRow(record, scope.accountId, formatExportPhone);
        return {
          date: kampalaWallClock(row.created_at),
          type: TRANSFER_OPTIONS[row.kind],
          direction: row.direction === 'out' ? 'Out' : 'In',
          currency: row.currency,
          amount: row.amount,
          charge: row.charge,
          counterparty: row.counterparty,
          creator: `${row.creator.firstname} ${row.creator.lastname}`,
          reason: reasonText(row.reason),
          // Decision 071: a held movement reads as such here; it stays `pending` in /v1 and the webhooks.
          status:
            row.status === 'pending' && row.approval?.status === 'awaiting' ? 'awaiting_approval' : shownTransferStatus(row),
          failure_reason: row.failure_reason,
        };
      },
    },
    logger,
  );
}
