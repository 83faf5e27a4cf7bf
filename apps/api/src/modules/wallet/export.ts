import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { TRANSFER_OPTIONS } from '@sente/contracts/wallet';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { kampalaWallClock, SPREADSHEET_DATE_COLUMN } from '../../lib/kampala-time.ts';
import type { Cursor } from '../../lib/pagination.ts';
import { reasonText } from '../../lib/rich-text.ts';
import { EXPORT_BATCH } from '../collections/export.ts';
import type { MoneyScope } from '../collections/repository.ts';
import type { WalletRepository } from './repository.ts';
import { toTransferRow } from './service.ts';

/** The settlements spreadsheet (spec §7 smt_download): every transfer of the account, streamed in keyset batches. */
export function streamTransfersWorkbook(repo: WalletRepository, scope: MoneyScope, logger: FastifyBaseLogger): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Transfers');
  sheet.columns = [
    SPREADSHEET_DATE_COLUMN,
    { header: 'Type', key: 'type', width: 18 },
    { header: 'Direction', key: 'direction', width: 10 },
    { header: 'Currency', key: 'currency', width: 9 },
    { header: 'Amount', key: 'amount', width: 14, style: { numFmt: '#,##0' } },
    { header: 'Charge', key: 'charge', width: 10, style: { numFmt: '#,##0' } },
    { header: 'To / From', key: 'counterparty', width: 32 },
    { header: 'Created by', key: 'creator', width: 24 },
    { header: 'Reason', key: 'reason', width: 40 },
    { header: 'Status', key: 'status', width: 11 },
  ];
  sheet.getRow(1).font = { bold: true };

  const write = async () => {
    let cursor: Cursor | null = null;
    for (;;) {
      const rows = await repo.transfersPage(scope, cursor, EXPORT_BATCH);
      for (const record of rows) {
        const row = toTransferRow(record, scope.accountId);
        sheet
          .addRow({
            date: kampalaWallClock(row.created_at),
            type: TRANSFER_OPTIONS[row.kind],
            direction: row.direction === 'out' ? 'Out' : 'In',
            currency: row.currency,
            amount: row.amount,
            charge: row.charge,
            counterparty: row.counterparty ?? '',
            creator: `${row.creator.firstname} ${row.creator.lastname}`,
            reason: reasonText(row.reason),
            status: row.status,
          })
          .commit();
      }
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) break;
      cursor = { scope: 'transfers', createdAt: last.cursor_ts, id: last.id };
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    logger.error({ err: error }, 'transfers export failed');
    output.destroy(error as Error);
  });
  return output;
}
