import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, isCursorTimestamp, PAGE_SIZE, toPage } from './pagination.ts';

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

  it('takes only timestamps PostgreSQL can read back: a real date, a time of day and a zone up to 15:59', () => {
    for (const good of [
      '2026-11-22 03:46:17.123456+00',
      '2024-02-29 23:59:59+03',
      '2026-01-01 00:00:00-05:30',
      '2026-01-01T00:00:00Z',
    ]) {
      expect(isCursorTimestamp(good), good).toBe(true);
    }
    for (const bad of [
      '2026-02-29 10:00:00+00',
      '2026-02-31 10:00:00+00',
      '2026-13-01 10:00:00+00',
      '0000-01-01 00:00:00+00',
      '2026-01-01 25:00:00+00',
      '2026-01-01 10:61:00+00',
      '2026-01-01 10:00:60+00',
      '2026-01-01 10:00:00+99',
      '2026-01-01 10:00:00+05:75',
      '2026-01-01 10:00:00.1234567+00',
      '99999-01-01 00:00:00+00',
    ]) {
      expect(isCursorTimestamp(bad), bad).toBe(false);
    }
  });

  it('refuses a cursor whose id is not a UUID, or that is too long to be one of ours', () => {
    const cursor = { scope: 'payment_link', createdAt: '2026-11-22 03:46:17+00', id };
    expect(() => decodeCursor(encodeCursor({ ...cursor, id: 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz' }))).toThrow(
      expect.objectContaining({ statusCode: 400 }),
    );
    expect(() => decodeCursor(encodeCursor({ ...cursor, scope: 'x'.repeat(500) }))).toThrow(
      expect.objectContaining({ statusCode: 400 }),
    );
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
