import { describe, expect, it } from 'vitest';
import { formatCalendarKey, formatCompact, formatDateTime, formatDateTimeWithZone, formatMoney, formatNumber } from './format.ts';

describe('money as people read it', () => {
  it("shows money as 'UGX 1,250,000', USD from its cents", () => {
    expect(formatMoney(1_250_000)).toBe('UGX 1,250,000');
    expect(formatMoney('25000')).toBe('UGX 25,000');
    expect(formatMoney(0n)).toBe('UGX 0');
    expect(formatMoney(12_345, 'USD')).toBe('USD 123.45');
    expect(formatMoney(1_250, 'USD')).toBe('USD 12.5');
  });

  it('groups figures for charts, amount boxes and counts, and shortens axis ticks', () => {
    expect(formatNumber(50_000)).toBe('50,000');
    expect(formatNumber(123.456)).toBe('123.46');
    expect(formatCompact(1_250_000)).toBe('1.3M');
    expect(formatCompact(900)).toBe('900');
  });
});

describe("dates as 'MMM DD, YYYY H:mm' in Kampala time", () => {
  it("shows an instant as Kampala's clock reads it", () => {
    expect(formatDateTime('2026-01-05T06:07:00Z')).toBe('Jan 05, 2026 9:07');
    expect(formatDateTime(new Date('2026-11-22T14:45:00.000Z'))).toBe('Nov 22, 2026 17:45');
    // 21:30 UTC is already the next day in Kampala, and past New Year's Eve the next year.
    expect(formatDateTime('2026-11-23T21:30:00Z')).toBe('Nov 24, 2026 0:30');
    expect(formatDateTimeWithZone('2026-12-31T22:05:00Z')).toBe('Jan 01, 2027 1:05 EAT');
  });

  it('shows the same Kampala time whatever zone the browser or server is in', () => {
    const zone = process.env.TZ;
    try {
      for (const elsewhere of ['America/New_York', 'Asia/Tokyo', 'UTC']) {
        process.env.TZ = elsewhere;
        expect(formatDateTime('2026-11-23T21:30:00Z')).toBe('Nov 24, 2026 0:30');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("names the reports' calendar days and months", () => {
    expect(formatCalendarKey('2026-11-03')).toBe('Nov 3');
    expect(formatCalendarKey('2026-11-23')).toBe('Nov 23');
    expect(formatCalendarKey('2026-01')).toBe('Jan 2026');
  });
});
