import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { CHANNEL_LABELS, type ExtraDataEntry, formatLocalPhone } from '@sente/contracts/payments';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { KAMPALA_OFFSET_MS } from '../../lib/kampala-time.ts';
import type { Cursor } from '../../lib/pagination.ts';
import type { CollectionsRepository, MoneyScope } from './repository.ts';

/** Rows read per query: big enough to keep the database busy, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

/**
 * 'Collections Received.xlsx' as a stream: keyset batches from the database go straight into a streaming
 * workbook writer, and each batch waits for the HTTP client to take what was written, so memory stays flat
 * however many rows there are.
 */
export function streamCollectionsWorkbook(repo: CollectionsRepository, scope: MoneyScope, logger: FastifyBaseLogger): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Collections');
  sheet.columns = [
    { header: 'Date (EAT)', key: 'date', width: 20, style: { numFmt: 'mmm dd, yyyy h:mm' } },
    { header: 'Phone/Card', key: 'payer', width: 16 },
    { header: 'Names', key: 'names', width: 28 },
    { header: 'Email', key: 'email', width: 28 },
    { header: 'Currency', key: 'currency', width: 9 },
    { header: 'Amount', key: 'amount', width: 14, style: { numFmt: '#,##0' } },
    { header: 'Fee', key: 'fee', width: 10, style: { numFmt: '#,##0' } },
    { header: 'Net', key: 'net', width: 14, style: { numFmt: '#,##0' } },
    { header: 'Channel', key: 'channel', width: 18 },
    { header: 'Transaction ID', key: 'transaction_id', width: 18 },
    { header: 'Status', key: 'status', width: 11 },
    { header: 'Link', key: 'link', width: 28 },
    { header: 'Extra details', key: 'extra', width: 40 },
  ];
  sheet.getRow(1).font = { bold: true };

  const write = async () => {
    let cursor: Cursor | null = null;
    for (;;) {
      const rows = await repo.collectionsPage(scope, cursor, EXPORT_BATCH);
      for (const row of rows) {
        const amount = Number(row.amount);
        const fee = Number(row.fee);
        sheet
          .addRow({
            date: new Date(new Date(row.created_at).getTime() + KAMPALA_OFFSET_MS),
            payer: row.msisdn ? formatLocalPhone(row.msisdn) : `Card •••• ${row.card_last4 ?? ''}`,
            names: row.names,
            email: row.email ?? '',
            currency: row.currency,
            amount,
            fee: row.status === 'successful' ? fee : 0,
            net: row.status === 'successful' ? amount - fee : 0,
            channel: CHANNEL_LABELS[row.channel],
            transaction_id: row.transaction_id,
            status: row.status,
            link: row.link_title ?? '',
            extra: (row.extra_data as ExtraDataEntry[]).map((entry) => `${entry.label}: ${entry.value}`).join('; '),
          })
          .commit();
      }
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) break;
      cursor = { scope: 'collections', createdAt: last.cursor_ts, id: last.id };
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    logger.error({ err: error }, 'collections export failed');
    output.destroy(error as Error);
  });
  return output;
}
