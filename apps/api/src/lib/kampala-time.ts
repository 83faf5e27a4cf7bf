/** Africa/Kampala is UTC+3 all year (no daylight saving): a Kampala day starts at 21:00 UTC the day before. */
export const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Kampala calendar day of an instant, as 'YYYY-MM-DD'. */
export function kampalaDay(at: Date | string): string {
  return new Date(new Date(at).getTime() + KAMPALA_OFFSET_MS).toISOString().slice(0, 10);
}
