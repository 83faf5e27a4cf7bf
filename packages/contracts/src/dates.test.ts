import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeWithZone, kampalaDay, kampalaWallClock } from './dates.ts';

describe('one time-zone rule: Africa/Kampala, EAT (issue 17)', () => {
  it("shows an instant as Kampala's clock reads it, 'MMM DD, YYYY H:mm'", () => {
    expect(formatDateTime('2026-01-05T06:07:00Z')).toBe('Jan 05, 2026 9:07');
    expect(formatDateTime(new Date('2026-11-22T14:45:00.000Z'))).toBe('Nov 22, 2026 17:45');
  });

  it('puts a time shortly before midnight UTC on the next day, as it is in Kampala', () => {
    const lateUtc = '2026-11-23T21:30:00Z';
    expect(formatDateTime(lateUtc)).toBe('Nov 24, 2026 0:30');
    expect(formatDateTimeWithZone(lateUtc)).toBe('Nov 24, 2026 0:30 EAT');
    expect(kampalaDay(lateUtc)).toBe('2026-11-24');
    expect(kampalaDay('2026-11-23T20:59:59Z')).toBe('2026-11-23');
    // And into the next year.
    expect(formatDateTimeWithZone('2026-12-31T22:05:00Z')).toBe('Jan 01, 2027 1:05 EAT');
  });

  it("holds Kampala's wall clock in the UTC fields of a spreadsheet cell", () => {
    const cell = kampalaWallClock('2026-11-23T21:30:00Z');
    expect(cell.toISOString()).toBe('2026-11-24T00:30:00.000Z');
  });
});
