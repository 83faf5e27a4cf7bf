import type { SmsPurpose } from './sms.ts';

/** Promotional texts go only from 08:00 to 20:00 Kampala time; Uganda keeps UTC+3 all year (no DST). */
export const PROMOTIONAL_HOURS = { from: 8, until: 20 } as const;
const KAMPALA_OFFSET_HOURS = 3;

/** Whether a text of this purpose may go at `now`: a transactional one at any hour, a promotional one in the hours above. */
export function mayText(purpose: SmsPurpose, now: Date): boolean {
  if (purpose === 'transactional') return true;
  const hour = (now.getUTCHours() + KAMPALA_OFFSET_HOURS) % 24;
  return hour >= PROMOTIONAL_HOURS.from && hour < PROMOTIONAL_HOURS.until;
}
