/**
 * Money and dates as people read them, one formatter of each: the dashboard, the pay pages, receipts,
 * the spreadsheets and ops all show them through here. Dependency-free and small: the pay bundle imports it.
 */
import type { Currency } from './constants.ts';
import { kampalaWallClock, TIME_ZONE_LABEL } from './dates.ts';

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A figure with thousands separators: 1250000 as '1,250,000', 123.456 as '123.46'. */
export const formatNumber = (value: number): string => grouping.format(value);

/** A chart axis' figure: 1250000 as '1.3M'. */
export const formatCompact = (value: number): string => compact.format(value);

/** Money as 'UGX 1,250,000'. Amounts are whole minor units: USD is held in cents, 12345 reads 'USD 123.45'. */
export function formatMoney(amount: number | string | bigint, currency: Currency = 'UGX'): string {
  const value = Number(amount);
  return `${currency} ${formatNumber(currency === 'USD' ? value / 100 : value)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A Kampala calendar day or month of the reports (dates.ts kampalaDay): '2026-11-03' as 'Nov 3', '2026-11' as 'Nov 2026'. */
export function formatCalendarKey(key: string): string {
  const [year, month, day] = key.split('-');
  const name = MONTHS[Number(month) - 1];
  return day === undefined ? `${name} ${year}` : `${name} ${Number(day)}`;
}

/** 'MMM DD, YYYY H:mm' in Kampala time (dates.ts), wherever the reader is: 'Nov 24, 2026 0:15'. */
export function formatDateTime(at: Date | string): string {
  const clock = kampalaWallClock(at);
  const day = String(clock.getUTCDate()).padStart(2, '0');
  const minutes = String(clock.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[clock.getUTCMonth()]} ${day}, ${clock.getUTCFullYear()} ${clock.getUTCHours()}:${minutes}`;
}

/** The same with its zone, for a reader who may be elsewhere (receipts, e-mails): 'Nov 24, 2026 0:15 EAT'. */
export function formatDateTimeWithZone(at: Date | string): string {
  return `${formatDateTime(at)} ${TIME_ZONE_LABEL}`;
}

/**
 * The spreadsheets' number formats (Excel's codes), so that their cells read as the screens do while keeping their
 * types: a date cell holds Kampala's wall clock (dates.ts kampalaWallClock), a money cell the number.
 */
export const SPREADSHEET_FORMATS = { dateTime: 'mmm dd, yyyy h:mm', money: '#,##0' } as const;
