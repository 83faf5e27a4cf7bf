import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatMoneyInput, parseMoneyInput } from './format.ts';

describe('formatting', () => {
  it("shows dates as 'MMM DD, YYYY H:mm' in Kampala time", () => {
    expect(formatDate('2026-01-05T06:07:00Z')).toBe('Jan 05, 2026 9:07');
    expect(formatDate(new Date('2026-11-22T14:45:00Z'))).toBe('Nov 22, 2026 17:45');
    // 21:30 UTC is already the next day in Kampala.
    expect(formatDate('2026-11-23T21:30:00.000Z')).toBe('Nov 24, 2026 0:30');
  });

  it('shows the same Kampala time whatever zone the browser is in', () => {
    const zone = process.env.TZ;
    try {
      for (const elsewhere of ['America/New_York', 'Asia/Tokyo', 'UTC']) {
        process.env.TZ = elsewhere;
        expect(formatDate('2026-11-23T21:30:00Z')).toBe('Nov 24, 2026 0:30');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("shows money as 'UGX 1,250,000'", () => {
    expect(formatMoney(1_250_000)).toBe('UGX 1,250,000');
    expect(formatMoney('0')).toBe('UGX 0');
    expect(formatMoney(12_345, 'USD')).toBe('USD 123.45');
  });

  it('strips all but digits, dot, comma and minus, and reads 0 when nothing is left', () => {
    expect(parseMoneyInput('UGX 1,250,000')).toBe(1_250_000);
    expect(parseMoneyInput('abc')).toBe(0);
    expect(parseMoneyInput('')).toBe(0);
    expect(parseMoneyInput('12.5')).toBe(12.5);
    expect(parseMoneyInput('1,500.')).toBe(1500);
    expect(parseMoneyInput('-1,500')).toBe(-1500);
    expect(formatMoneyInput('1250000')).toBe('1,250,000');
    expect(formatMoneyInput('UGX 12a34.5')).toBe('1,234.5');
  });

  it.each(['12-3', '1.2.3', '-', '.', '--5', '5-'])('reads %j as no number (NaN), never as the number it starts with', (text) => {
    expect(parseMoneyInput(text)).toBeNaN();
  });
});
