/**
 * One time-zone rule for every date a person reads (issue 17): screens, spreadsheets, receipts and e-mails show
 * Africa/Kampala time, whatever the zone of the browser or the server. Where the reader may be elsewhere (a receipt,
 * an e-mail, a spreadsheet), the zone is named: EAT. Calendar days (the reports' roll-up) are Kampala days.
 *
 * NOTE: Africa/Kampala is UTC+3 all year, without daylight saving, so the rule is a fixed offset: it needs no time
 * zone database and reads the same in every browser and in Node.
 */
export const TIME_ZONE = 'Africa/Kampala';
export const TIME_ZONE_LABEL = 'EAT';
export const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * The instant as Kampala's wall clock reads it, in a Date whose UTC fields hold that reading. For a spreadsheet
 * cell (Excel's dates carry no zone) and for the formatting below; never compare it with real instants.
 */
export function kampalaWallClock(at: Date | string): Date {
  return new Date(new Date(at).getTime() + KAMPALA_OFFSET_MS);
}

/** The Kampala calendar day of an instant, as 'YYYY-MM-DD'. */
export function kampalaDay(at: Date | string): string {
  return kampalaWallClock(at).toISOString().slice(0, 10);
}

/** Spec §9 'MMM DD, YYYY H:mm' in Kampala time, the dashboard's dates: 'Nov 24, 2026 0:15'. */
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
