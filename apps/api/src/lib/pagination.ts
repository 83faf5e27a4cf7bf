import { LINK_MESSAGES } from '@sente/contracts/messages';
import { badRequest } from './http-error.ts';

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

/** Reads a cursor from ?cursor=; anything malformed is a 400, never a 500 or a silent first page. */
export function decodeCursor(value: string): Cursor {
  try {
    const [scope, createdAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof scope === 'string' &&
      typeof createdAt === 'string' &&
      /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)$/.test(createdAt) &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(id)
    ) {
      return { scope, createdAt, id };
    }
  } catch {
    // falls through to the 400 below
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
