import type { Readable } from 'node:stream';
import { kampalaWallClock } from '@sente/contracts/dates';
import { SPREADSHEET_FORMATS } from '@sente/contracts/format';
import { maskRegisteredName, NAME_CHECK_LABELS } from '@sente/contracts/name-check';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { SPREADSHEET_DATE_COLUMN, streamWorkbook } from '../../../lib/xlsx-stream.ts';
import { type BatchRecord, type ResultRow, resultRows } from './repository.ts';

const STATUS_WORDS = { draft: 'Not sent', queued: 'Queued', sent: 'Pending', paid: 'Paid', failed: 'Failed' } as const;

/**
 * A batch's result as an .xlsx stream (decision 066): each row as the sheet gave it, its name check with the registered
 * name masked, its outcome with the provider's reference and the reason of a failure. The keyset is the row's position
 * (carried as the export's cursor text), so memory stays flat for a 5,000-row batch.
 */
export function streamBatchResult(db: Kysely<Database>, batch: BatchRecord, logger: FastifyBaseLogger): Readable {
  return streamWorkbook<ResultRow>(
    {
      name: 'Payouts',
      what: 'payout batch result',
      columns: [
        { header: 'Row', key: 'row', width: 6 },
        { header: 'Phone', key: 'phone', width: 16 },
        { header: 'Amount', key: 'amount', width: 14, style: { numFmt: SPREADSHEET_FORMATS.money } },
        { header: 'Charge', key: 'charge', width: 10, style: { numFmt: SPREADSHEET_FORMATS.money } },
        { header: 'Name', key: 'name', width: 28 },
        { header: 'Registered name', key: 'registered', width: 24 },
        { header: 'Name check', key: 'check', width: 24 },
        { header: 'Reference', key: 'reference', width: 18 },
        { header: 'Narrative', key: 'narrative', width: 30 },
        { header: 'Status', key: 'status', width: 10 },
        { header: 'Provider reference', key: 'provider_reference', width: 40 },
        { header: 'Reason', key: 'reason', width: 40 },
        { ...SPREADSHEET_DATE_COLUMN, header: `Completed ${SPREADSHEET_DATE_COLUMN.header}`, key: 'completed' },
      ],
      batch: async (cursor, limit) => {
        const after = cursor ? Number(cursor.createdAt) : 0;
        return resultRows(db, batch.id, after, limit);
      },
      toRow: (row) => ({
        row: row.position,
        phone: row.phone,
        amount: row.amount_value === null ? null : Number(row.amount_value),
        charge: row.charge === null ? null : Number(row.charge),
        name: row.name,
        registered: row.registered_name ? maskRegisteredName(row.registered_name) : null,
        check: row.name_check === 'pending' ? null : NAME_CHECK_LABELS[row.name_check],
        reference: row.reference,
        narrative: row.narrative,
        status: STATUS_WORDS[row.status],
        provider_reference: row.provider_reference,
        reason: row.failure_reason,
        completed: row.completed_at ? kampalaWallClock(row.completed_at) : null,
      }),
    },
    logger,
  );
}
