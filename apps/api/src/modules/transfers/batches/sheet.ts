import { BATCH_MESSAGES as M } from '@sente/contracts/payout-batches';
import { BATCH_COLUMNS, BATCH_LIMITS, type BatchColumn, type BatchRowValues } from '@sente/contracts/payout-batches-check';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../../../lib/http-error.ts';

/** A sheet's row as read: its row number in the sheet (the header is row 1) and its five values as text. */
export type SheetRow = { position: number } & BatchRowValues;

/** The header names a sheet may use for each column, compared lower-case without spaces or punctuation. */
const HEADER_NAMES: Record<BatchColumn, readonly string[]> = {
  phone: [
    'phone',
    'phonenumber',
    'phoneno',
    'msisdn',
    'number',
    'mobile',
    'mobileno',
    'mobilenumber',
    'mobilemoney',
    'mobilemoneynumber',
    'telephone',
  ],
  amount: ['amount', 'amountugx', 'amountshs', 'ugx'],
  name: ['name', 'names', 'fullname', 'fullnames', 'receivername', 'recipientname', 'beneficiary', 'payee'],
  reference: ['reference', 'ref'],
  narrative: ['narrative', 'description', 'reason', 'note'],
};
const REQUIRED: readonly BatchColumn[] = ['phone', 'amount', 'name'];

const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/**
 * Control characters (a NUL, a stray tab) and, with the u flag, which reads a surrogate pair as one character, lone
 * surrogates: no row may store them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes.
const UNSTORABLE = /[\u0000-\u001f\u007f\ud800-\udfff]/gu;

/** Text as a row keeps it: what it cannot store replaced by a space, trimmed; a phone Excel kept as 772123456 given its 0. */
function cleanCell(value: string, column: BatchColumn): string {
  const text = value.replace(UNSTORABLE, ' ').trim();
  return column === 'phone' && /^7\d{8}$/.test(text) ? `0${text}` : text;
}

/** The sheet's rows under its header (any order, any case, the template's names or a few usual others). */
function rowsUnder(table: string[][]): SheetRow[] {
  if (!table.some((cells) => cells.some((cell) => cell.trim() !== ''))) throw badRequest(M.fileEmpty);
  const header = (table[0] ?? []).map((cell) => headerKey(cell));
  const index = {} as Record<BatchColumn, number>;
  for (const column of BATCH_COLUMNS) index[column] = header.findIndex((name) => HEADER_NAMES[column].includes(name));
  const missing = REQUIRED.filter((column) => index[column] < 0);
  if (missing.length > 0) throw badRequest(M.columnsMissing(missing));
  const rows: SheetRow[] = [];
  table.slice(1).forEach((cells, offset) => {
    const values = {} as BatchRowValues;
    for (const column of BATCH_COLUMNS) values[column] = index[column] < 0 ? '' : cleanCell(cells[index[column]] ?? '', column);
    // A blank line (or one of only spaces) is not a row: spreadsheets keep a few after the data.
    if (BATCH_COLUMNS.some((column) => values[column] !== '')) rows.push({ position: offset + 2, ...values });
  });
  if (rows.length === 0) throw badRequest(M.noRows);
  if (rows.length > BATCH_LIMITS.maxRows) throw badRequest(M.tooManyRows(BATCH_LIMITS.maxRows));
  return rows;
}

function csvTable(buffer: Buffer): string[][] {
  try {
    return parse(buffer, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch {
    throw badRequest(M.fileUnreadable);
  }
}

/** A cell as the merchant sees it in Excel: a number without a thousands separator, a date's text, a formula's result. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  return cell.text;
}

async function xlsxTable(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest(M.fileUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(M.noRows);
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    table[number - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(table, (row) => row ?? []);
}

/** An .xlsx file is a zip: it starts with PK\x03\x04. Anything else is read as CSV text. */
const isZip = (buffer: Buffer) => buffer.length > 4 && buffer.readUInt32LE(0) === 0x04034b50;

/** The rows of an uploaded CSV or .xlsx sheet, or a 400 that says what is wrong with it. */
export async function readSheet(buffer: Buffer): Promise<SheetRow[]> {
  if (buffer.length > BATCH_LIMITS.maxBytes) throw badRequest(M.fileTooLarge);
  return rowsUnder(isZip(buffer) ? await xlsxTable(buffer) : csvTable(buffer));
}

/** The template's sample rows: test numbers of the simulator's name table under their names, so a first batch checks clean. */
const EXAMPLE: BatchRowValues[] = [
  { phone: '0772000011', amount: '150000', name: 'John Okello', reference: 'TEACH-001', narrative: 'November salary' },
  { phone: '0752000012', amount: '85000', name: 'Sarah Nakato', reference: 'TEACH-002', narrative: 'November salary' },
];

/** The template: the header row and two example rows, as CSV. */
export function templateCsv(): string {
  const line = (values: string[]) => values.map((value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value));
  return [BATCH_COLUMNS.join(','), ...EXAMPLE.map((row) => line(BATCH_COLUMNS.map((column) => row[column])).join(','))]
    .join('\r\n')
    .concat('\r\n');
}

/** The template as an .xlsx workbook, the phone and reference columns typed as text so Excel keeps the leading 0. */
export async function templateXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Payouts');
  sheet.columns = BATCH_COLUMNS.map((column) => ({ header: column, key: column, width: column === 'narrative' ? 30 : 18 }));
  for (const column of ['phone', 'reference'] as const) sheet.getColumn(column).numFmt = '@';
  for (const row of EXAMPLE) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
