import { describe, expect, it } from 'vitest';
import { kampalaDay, kampalaWallClock } from './dates.ts';

describe('one time-zone rule: Africa/Kampala, EAT', () => {
  it('puts a time shortly before midnight UTC on the next day, as it is in Kampala', () => {
    expect(kampalaDay('2026-11-23T21:30:00Z')).toBe('2026-11-24');
    expect(kampalaDay('2026-11-23T20:59:59Z')).toBe('2026-11-23');
  });

  it("holds Kampala's wall clock in the UTC fields of a spreadsheet cell", () => {
    const cell = kampalaWallClock('2026-11-23T21:30:00Z');
    expect(cell.toISOString()).toBe('2026-11-24T00:30:00.000Z');
  });
});
