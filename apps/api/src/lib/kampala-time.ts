import { TIME_ZONE_LABEL } from '@sente/contracts/dates';

/** The API's side of the one time-zone rule, packages/contracts/src/dates.ts (decision 021). */
export { KAMPALA_OFFSET_MS, kampalaDay, kampalaWallClock } from '@sente/contracts/dates';

/**
 * The spreadsheets' date column: the header names the zone, the cells hold Kampala's wall clock (kampalaWallClock),
 * shown as the dashboard shows dates.
 */
export const SPREADSHEET_DATE_COLUMN = {
  header: `Date (${TIME_ZONE_LABEL})`,
  key: 'date',
  width: 20,
  style: { numFmt: 'mmm dd, yyyy h:mm' },
} as const;
