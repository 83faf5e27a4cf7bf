import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, PAGE_SIZE, toPage } from './pagination.ts';

describe('cursor pages', () => {
  const id = '0b9e2a8e-8a47-4c1e-9a3c-1f5d3c2b1a00';

  it('round-trips a cursor with microseconds', () => {
    const cursor = { scope: 'payment_link', createdAt: '2026-11-22 03:46:17.123456+00', id };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('refuses a malformed cursor with a 400', () => {
    for (const bad of [
      'nonsense',
      encodeCursor({ scope: 'x', createdAt: 'yesterday', id }),
      Buffer.from('[1,2,3]').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
  });

  it('says whether another page exists from the extra row', () => {
    const rows = Array.from({ length: PAGE_SIZE + 1 }, (_, i) => ({
      id,
      cursor_ts: `2026-11-22 03:00:${String(59 - i).padStart(2, '0')}+00`,
    }));
    const page = toPage(rows, 45, 'k', (row) => row.cursor_ts);
    expect(page.items).toHaveLength(PAGE_SIZE);
    expect(page.nextCursor).toBe(page.lastCursor);
    expect(page.totalPages).toBe(3);
    expect(toPage(rows.slice(0, 5), 5, 'k', (row) => row).nextCursor).toBeNull();
  });
});
