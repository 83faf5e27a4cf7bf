/** The streaming xlsx writer behind every export: what a spreadsheet reader finds in it, and how it waits for the client. */
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, type Mock, vi } from 'vitest';
import { readWorkbook } from '../testing/transfers-more.ts';
import type { Cursor } from './pagination.ts';
import { EXPORT_BATCH, type SheetColumn, streamWorkbook } from './xlsx-stream.ts';

type Row = { id: string; cursor_ts: string; n: number };

/** `count` rows served in keyset batches, newest first, recording every cursor asked for. */
function rowSource(count: number) {
  const cursors: (Cursor | null)[] = [];
  const batch = async (cursor: Cursor | null, limit: number): Promise<Row[]> => {
    cursors.push(cursor);
    const start = cursor ? Number(cursor.id) + 1 : 0;
    return Array.from({ length: Math.max(0, Math.min(limit, count - start)) }, (_, i) => ({
      id: String(start + i),
      cursor_ts: `ts-${start + i}`,
      n: start + i,
    }));
  };
  return { batch, cursors };
}

const logger = () => ({ info: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & Record<'info' | 'error', Mock>;

const NUMBER: SheetColumn = { header: 'Amount', key: 'amount', width: 14, style: { numFmt: '#,##0' } };
const WHEN: SheetColumn = { header: 'Date', key: 'date', width: 20, style: { numFmt: 'mmm dd, yyyy h:mm' } };

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('streamWorkbook', () => {
  it('writes headers, texts, numbers and dates as a spreadsheet reader reads them back', async () => {
    const at = new Date(Date.UTC(2026, 10, 24, 9, 30, 15));
    const texts = ['Tom & Jerry <ltd> "quoted"', '  two spaces around  ', 'bell\u0007 removed', 'Nakato 🌍', ''];
    const stream = streamWorkbook(
      {
        name: 'Things',
        what: 'things',
        columns: [WHEN, { header: 'Text', key: 'text', width: 30 }, NUMBER],
        batch: rowSource(texts.length).batch,
        toRow: (row) => ({ date: at, text: texts[row.n], amount: row.n === 1 ? null : 1000 + row.n }),
      },
      logger(),
    );
    const sheet = (await readWorkbook(await buffer(stream))).getWorksheet('Things')!;
    expect(sheet.rowCount).toBe(texts.length + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'Text', 'Amount']);
    expect(sheet.getRow(1).getCell(2).font?.bold).toBe(true);
    expect([1, 2, 3].map((column) => sheet.getColumn(column).width)).toEqual([20, 30, 14]);
    expect(sheet.getRow(2).values).toEqual([undefined, at, 'Tom & Jerry <ltd> "quoted"', 1000]);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('mmm dd, yyyy h:mm');
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('#,##0');
    // A null cell is left out, as is an empty text.
    expect(sheet.getRow(3).values).toEqual([undefined, at, '  two spaces around  ']);
    expect(sheet.getRow(4).getCell(2).value).toBe('bell removed');
    expect(sheet.getRow(5).getCell(2).value).toBe('Nakato 🌍');
    expect(sheet.getRow(6).values).toEqual([undefined, at, undefined, 1004]);
  });

  it('names columns past Z as a spreadsheet does, and reads every batch after the cursor of the last', async () => {
    const count = 2 * EXPORT_BATCH + 3;
    const source = rowSource(count);
    const columns = Array.from({ length: 28 }, (_, i) => ({ header: `H${i}`, key: `k${i}`, width: 8 }));
    const stream = streamWorkbook(
      {
        name: 'Wide',
        what: 'wide',
        columns: [...columns, NUMBER],
        batch: source.batch,
        toRow: (row) => ({ k0: `row ${row.n}`, k27: 'last text', amount: row.n }),
      },
      logger(),
    );
    const sheet = (await readWorkbook(await buffer(stream))).getWorksheet('Wide')!;
    expect(sheet.rowCount).toBe(count + 1);
    expect(sheet.getRow(1).getCell(29).value).toBe('Amount');
    expect(sheet.getRow(count + 1).values).toEqual([undefined, `row ${count - 1}`, ...Array(26), 'last text', count - 1]);
    expect(source.cursors.map((cursor) => cursor?.id ?? null)).toEqual([
      null,
      String(EXPORT_BATCH - 1),
      String(2 * EXPORT_BATCH - 1),
    ]);
  });

  it('stops reading the database while the client takes nothing, and goes on when it reads', async () => {
    const count = 10 * EXPORT_BATCH;
    const source = rowSource(count);
    const stream = streamWorkbook(
      {
        name: 'Slow',
        what: 'slow',
        columns: [{ header: 'Text', key: 'text', width: 30 }, NUMBER],
        batch: source.batch,
        toRow: (row) => ({ text: `a row of some length, number ${row.n}`, amount: row.n }),
      },
      logger(),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // What the stream buffers holds a batch or two of these rows; then nothing moves until the client reads.
    const asked = source.cursors.length;
    expect(asked).toBeLessThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(source.cursors.length).toBe(asked);
    const sheet = (await readWorkbook(await buffer(stream))).getWorksheet('Slow')!;
    expect(sheet.rowCount).toBe(count + 1);
  });

  it('stops when the client goes away, without logging an error', async () => {
    const source = rowSource(10 * EXPORT_BATCH);
    const log = logger();
    const stream: Readable = streamWorkbook(
      {
        name: 'Gone',
        what: 'gone',
        columns: [{ header: 'Text', key: 'text', width: 30 }],
        batch: source.batch,
        toRow: (row) => ({ text: `a row of some length, number ${row.n}` }),
      },
      log,
    );
    stream.read(1024);
    await new Promise((resolve) => setTimeout(resolve, 50));
    stream.destroy();
    await until(() => log.info.mock.calls.length > 0);
    expect(log.info).toHaveBeenCalledWith('gone export stopped: the download was closed');
    expect(log.error).not.toHaveBeenCalled();
    const asked = source.cursors.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(source.cursors.length).toBe(asked);
    expect(asked).toBeLessThan(10);
  });
});
