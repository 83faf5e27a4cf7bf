import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { Cursor } from './pagination.ts';

/** Rows read per query: big enough to keep the database busy, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

type Sheet<Row extends { id: string; cursor_ts: string }> = {
  name: string;
  columns: Partial<ExcelJS.Column>[];
  /** Up to `limit` rows after the cursor, in the list's (created_at, id) descending order. */
  batch: (cursor: Cursor | null, limit: number) => Promise<Row[]>;
  toRow: (row: Row) => Record<string, unknown>;
  /** Names the export in the log when it fails. */
  what: string;
};

/**
 * One worksheet as an .xlsx stream: keyset batches from the database go straight into a streaming workbook writer,
 * and each batch waits for the HTTP client to take what was written, so memory stays flat however many rows there
 * are. A failure after the headers were sent ends the stream with an error (the client sees a broken download).
 */
export function streamWorkbook<Row extends { id: string; cursor_ts: string }>(
  sheetSpec: Sheet<Row>,
  logger: FastifyBaseLogger,
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetSpec.name);
  sheet.columns = sheetSpec.columns;
  sheet.getRow(1).font = { bold: true };

  const write = async () => {
    let cursor: Cursor | null = null;
    for (;;) {
      const rows = await sheetSpec.batch(cursor, EXPORT_BATCH);
      for (const row of rows) sheet.addRow(sheetSpec.toRow(row)).commit();
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) break;
      cursor = { scope: sheetSpec.name, createdAt: last.cursor_ts, id: last.id };
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    logger.error({ err: error }, `${sheetSpec.what} export failed`);
    output.destroy(error as Error);
  });
  return output;
}
