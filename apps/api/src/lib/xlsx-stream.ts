import { PassThrough, type Readable } from 'node:stream';
import { TIME_ZONE_LABEL } from '@sente/contracts/dates';
import { SPREADSHEET_FORMATS } from '@sente/contracts/format';
import type { FastifyBaseLogger } from 'fastify';
import type { Cursor } from './pagination.ts';
import { STREAM_BUFFER_BYTES, ZipWriter } from './zip-stream.ts';

/** Rows read per query: big enough to keep the database busy, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

/** A column of an export: its header, the key of its cell in each row, its width in characters, its number format. */
export type SheetColumn = { header: string; key: string; width: number; style?: { numFmt: string } };
export type CellValue = string | number | Date | null | undefined;

/**
 * The date column of every export: the header names the zone, the cells hold Kampala's wall clock
 * (contracts dates.ts kampalaWallClock), shown as the dashboard shows dates.
 */
export const SPREADSHEET_DATE_COLUMN = {
  header: `Date (${TIME_ZONE_LABEL})`,
  key: 'date',
  width: 20,
  style: { numFmt: SPREADSHEET_FORMATS.dateTime },
} as const;

type Sheet<Row extends { id: string; cursor_ts: string }> = {
  name: string;
  columns: readonly SheetColumn[];
  /** Up to `limit` rows after the cursor, in the list's (created_at, id) descending order. */
  batch: (cursor: Cursor | null, limit: number) => Promise<Row[]>;
  /** The sheet's row of a database row, or its rows where one gives several (a statement's movement and its fee). */
  toRow: (row: Row) => Record<string, CellValue> | Record<string, CellValue>[];
  /** Rows under the data (a statement's summary), read when the export starts and written after its last row. */
  footer?: () => Promise<Record<string, CellValue>[]>;
  /** Names the export in the log when it fails. */
  what: string;
};

/**
 * One worksheet as an .xlsx stream: keyset batches from the database (the next one read while the current one is
 * written) become rows of XML, deflated into the archive on their way to the HTTP client; whenever the client has
 * not taken what was written, the next row waits for it, so memory stays flat however many rows there are. A failure
 * after the headers were sent ends the stream with an error (the client sees a broken download).
 *
 * Written here rather than with exceljs (decision 028): exceljs resolves a style for every cell, and even with one
 * style object per column shared by its cells it spent 2.5 times the CPU of this writer, and 30 MB to load. Here a
 * column's number format is declared once and each of its cells names it.
 */
export function streamWorkbook<Row extends { id: string; cursor_ts: string }>(
  sheetSpec: Sheet<Row>,
  logger: FastifyBaseLogger,
): Readable {
  const output = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
  const write = async () => {
    const zip = new ZipWriter(output);
    const sheet = new SheetXml(sheetSpec.columns);
    for (const [name, content] of workbookParts(sheetSpec.name, sheet.stylesXml())) await zip.add(name, content);
    const entry = zip.open('xl/worksheets/sheet1.xml');
    await entry.write(sheet.start());
    const footer = sheetSpec.footer?.() ?? Promise.resolve([]);
    // Awaited after the rows; a failure before then must not surface as an unhandled rejection.
    footer.catch(() => undefined);
    let next = sheetSpec.batch(null, EXPORT_BATCH);
    for (;;) {
      const rows = await next;
      const last = rows.at(-1);
      const more = last !== undefined && rows.length === EXPORT_BATCH;
      if (more) {
        next = sheetSpec.batch({ scope: sheetSpec.name, createdAt: last.cursor_ts, id: last.id }, EXPORT_BATCH);
        // Awaited on the next turn; a failure of this export before then must not surface as an unhandled rejection.
        next.catch(() => undefined);
      }
      for (const row of rows) {
        const cells = sheetSpec.toRow(row);
        for (const line of Array.isArray(cells) ? cells : [cells]) {
          const piece = sheet.row(line);
          if (piece !== null) await entry.write(piece);
        }
      }
      if (!more) break;
    }
    for (const line of await footer) {
      const piece = sheet.row(line);
      if (piece !== null) await entry.write(piece);
    }
    await entry.write(sheet.end());
    await entry.close();
    await zip.finish();
    output.end();
  };
  write().catch((error: unknown) => {
    // Fastify destroys the stream when the client goes away: the export just stops, nothing failed.
    if (output.destroyed) {
      logger.info(`${sheetSpec.what} export stopped: the download was closed`);
      return;
    }
    logger.error({ err: error }, `${sheetSpec.what} export failed`);
    output.destroy(error as Error);
  });
  return output;
}

/**
 * Rows of XML are encoded into buffers of this size and handed on when full: fewer, larger writes to the deflater,
 * and each row's text encoded on its own, rather than as one long string built of thousands of pieces.
 */
const PIECE = 64 * 1024;

/**
 * The worksheet's XML. Style 0 is the default, 1 the bold header, then one per number format of the columns; the
 * columns declare theirs in <cols>, and each cell names it (spreadsheets apply a column's style to empty cells only).
 */
class SheetXml {
  private readonly keys: string[];
  private readonly refs: string[];
  private readonly styleAttrs: string[];
  private readonly formats: string[] = [];
  private readonly styleIds: number[];
  private rowNumber = 1;
  private piece = Buffer.allocUnsafe(PIECE);
  private used = 0;

  constructor(private readonly columns: readonly SheetColumn[]) {
    this.keys = columns.map((column) => column.key);
    this.refs = columns.map((_, index) => columnLetters(index));
    this.styleIds = columns.map((column) => {
      const format = column.style?.numFmt;
      if (!format) return 0;
      if (!this.formats.includes(format)) this.formats.push(format);
      return 2 + this.formats.indexOf(format);
    });
    this.styleAttrs = this.styleIds.map((id) => (id ? ` s="${id}"` : ''));
  }

  stylesXml(): string {
    const numFmts = this.formats.map((format, index) => `<numFmt numFmtId="${164 + index}" formatCode="${escapeXml(format)}"/>`);
    const formatXfs = this.formats.map(
      (_, index) => `<xf numFmtId="${164 + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    );
    const font = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
    return (
      `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}">` +
      (numFmts.length ? `<numFmts count="${numFmts.length}">${numFmts.join('')}</numFmts>` : '') +
      `<fonts count="2"><font>${font}</font><font><b/>${font}</font></fonts>` +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${2 + formatXfs.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
      `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${formatXfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    );
  }

  /** Everything before the first data row: the columns and the bold header row. */
  start(): string {
    const cols = this.columns.map(
      (column, index) =>
        `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"` +
        `${this.styleIds[index] ? ` style="${this.styleIds[index]}"` : ''}/>`,
    );
    const header = this.columns.map((column, index) => stringCell(`${this.refs[index]}1`, column.header, ' s="1"'));
    return (
      `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}">` +
      `<cols>${cols.join('')}</cols><sheetData><row r="1">${header.join('')}</row>`
    );
  }

  /** Adds a row; answers the XML gathered so far once there is a piece's worth of it, else null. */
  row(cells: Record<string, CellValue>): Buffer | null {
    const number = ++this.rowNumber;
    let xml = `<row r="${number}">`;
    for (let index = 0; index < this.keys.length; index++) {
      const value = cells[this.keys[index]!];
      if (value === null || value === undefined || value === '') continue;
      const ref = `${this.refs[index]}${number}`;
      if (typeof value === 'string') xml += stringCell(ref, value, '');
      else {
        const serial = typeof value === 'number' ? value : value.getTime() / DAY_MS + EXCEL_EPOCH_DAYS;
        if (Number.isFinite(serial)) xml += `<c r="${ref}"${this.styleAttrs[index]}><v>${serial}</v></c>`;
      }
    }
    xml += '</row>';
    // UTF-8 takes at most 3 bytes for each UTF-16 unit.
    const room = xml.length * 3;
    let full: Buffer | null = null;
    if (this.used + room > this.piece.length) {
      if (this.used > 0) full = this.piece.subarray(0, this.used);
      this.piece = Buffer.allocUnsafe(Math.max(PIECE, room));
      this.used = 0;
    }
    this.used += this.piece.write(xml, this.used);
    return full;
  }

  /** The rest of the XML: the rows not handed on yet and the closing tags. */
  end(): Buffer {
    return Buffer.concat([this.piece.subarray(0, this.used), Buffer.from('</sheetData></worksheet>')]);
  }
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const DAY_MS = 86_400_000;
/** Days from the spreadsheet epoch (1900, with its leap-year quirk) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;

/** The package around one worksheet: content types, relationships, the workbook and its styles. */
function workbookParts(sheetName: string, styles: string): [string, string][] {
  const relationship = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${RELATIONSHIPS_NS}/${type}" Target="${target}"/>`;
  return [
    [
      '[Content_Types].xml',
      `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${CONTENT_TYPE}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CONTENT_TYPE}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${CONTENT_TYPE}.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">` +
        `${relationship('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}">` +
        `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">` +
        relationship('rId1', 'worksheet', 'worksheets/sheet1.xml') +
        `${relationship('rId2', 'styles', 'styles.xml')}</Relationships>`,
    ],
    ['xl/styles.xml', styles],
  ];
}

function stringCell(ref: string, value: string, style: string): string {
  // Without xml:space="preserve" a reader may drop the text's leading and trailing spaces.
  const space = value.trim() === value ? '' : ' xml:space="preserve"';
  return `<c r="${ref}" t="inlineStr"${style}><is><t${space}>${escapeXml(value)}</t></is></c>`;
}

/** A, B, ... Z, AA, AB, ...: the letters of the zero-based column `index`. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * Characters XML 1.0 cannot hold at all: control characters other than tab and line breaks, U+FFFE, U+FFFF, and
 * (with the u flag, which reads a surrogate pair as one character) lone surrogates.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes.
const UNWRITABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/gu;
const SPECIAL = /[<>&"]/;
const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

function escapeXml(text: string): string {
  const writable = text.replace(UNWRITABLE, '');
  return SPECIAL.test(writable) ? writable.replace(/[<>&"]/g, (char) => ENTITIES[char]!) : writable;
}
