/**
 * One time-zone rule for every date a person reads (decision 021): screens, spreadsheets, receipts and e-mails show
 * Africa/Kampala time, whatever the zone of the browser or the server. Where the reader may be elsewhere (a receipt,
 * an e-mail, a spreadsheet), the zone is named: EAT. Calendar days (the reports' roll-up) are Kampala days. The rule
 * lives here; format.ts writes dates out by it.
 *
 * NOTE: Africa/Kampala is UTC+3 all year, without daylight saving, so the rule is a fixed offset: it needs no time
 * zone database and reads the same in every browser and in Node.
 */
export const TIME_ZONE_LABEL = 'EAT';
export const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * The instant as Kampala's wall clock reads it, in a Date whose UTC fields hold that reading. For a spreadsheet
 * cell (Excel's dates carry no zone) and for format.ts formatDateTime; never compare it with real instants.
 */
export function kampalaWallClock(at: Date | string): Date {
  return new Date(new Date(at).getTime() + KAMPALA_OFFSET_MS);
}

/** The Kampala calendar day of an instant, as 'YYYY-MM-DD'. */
export function kampalaDay(at: Date | string): string {
  return kampalaWallClock(at).toISOString().slice(0, 10);
}
