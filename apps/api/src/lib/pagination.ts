import { LINK_MESSAGES } from '@sente/contracts/messages';
import { badRequest } from './http-error.ts';
import { isUuid } from './ids.ts';

/** Rows per page of every cursor-paged list (the spec leaves the page size to the server). */
export const PAGE_SIZE = 20;

/**
 * Where a page ends: the (created_at, id) of its last row, plus a scope such as the link kind.
 * NOTE: createdAt is PostgreSQL's own text of the timestamp (`created_at::text`, microseconds kept);
 * a JavaScript Date keeps only milliseconds and would skip or repeat rows created in the same one.
 */
export type Cursor = { scope: string; createdAt: string; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.scope, cursor.createdAt, cursor.id])).toString('base64url');
}

/** PostgreSQL's text of a timestamptz: '2026-11-23 18:13:10.123456+00', '...+05:30'. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;

/** A date that exists, a time of day, and a zone PostgreSQL accepts (up to 15:59 either way). */
export function isCursorTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, zoneHours, zoneMinutes] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    zoneHours! <= 15 &&
    zoneMinutes! <= 59
  );
}

/** Reads a cursor from ?cursor=; anything malformed or impossible is a 400, never a 500 or a silent first page. */
export function decodeCursor(value: string): Cursor {
  if (value.length <= 300) {
    try {
      const parts = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
      if (Array.isArray(parts) && parts.length === 3) {
        const [scope, createdAt, id] = parts as unknown[];
        if (
          typeof scope === 'string' &&
          scope.length <= 40 &&
          typeof createdAt === 'string' &&
          isCursorTimestamp(createdAt) &&
          typeof id === 'string' &&
          isUuid(id)
        ) {
          return { scope, createdAt, id };
        }
      }
    } catch {
      // falls through to the 400 below
    }
  }
  throw badRequest(LINK_MESSAGES.invalidCursor);
}

/**
 * Shapes one page of the spec's list answer from PAGE_SIZE + 1 fetched rows (the extra row only says
 * whether another page exists) and the total count. Each row carries `cursor_ts`, selected as
 * sql<string>`created_at::text`; the next page is `(created_at, id) < (cursor.createdAt::timestamptz, cursor.id)`.
 */
export function toPage<Row extends { id: string; cursor_ts: string }, Item>(
  rows: Row[],
  totalItems: number,
  scope: string,
  toItem: (row: Row) => Item,
) {
  const pageRows = rows.slice(0, PAGE_SIZE);
  const last = pageRows.at(-1);
  const lastCursor = last ? encodeCursor({ scope, createdAt: last.cursor_ts, id: last.id }) : null;
  return {
    items: pageRows.map(toItem),
    lastCursor,
    nextCursor: rows.length > PAGE_SIZE ? lastCursor : null,
    totalItems,
    totalPages: Math.ceil(totalItems / PAGE_SIZE),
  };
}
